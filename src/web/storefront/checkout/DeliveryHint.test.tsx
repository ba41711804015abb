// Delivery money up front (issue 25): the fee's range, the distance and the shortfall before
// Place, or out of range at once; the delivery part is parsed through the contract's cart answer.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartAnswer } from '../../test-data/store.js';
import { DeliveryHint } from './DeliveryHint.js';

afterEach(cleanup);

const delivery = (over: Partial<NonNullable<ReturnType<typeof cartAnswer>['delivery']>>) =>
  cartAnswer({
    delivery: {
      ok: true,
      distanceMiles: 1.34,
      message: null,
      feeCents: 299,
      rangeMiles: 2,
      minimumCents: 2000,
      shortByCents: 750,
      ...over,
    },
  }).delivery;

describe('DeliveryHint', () => {
  it('says the distance, the fee with its range and how much more the minimum wants', () => {
    render(<DeliveryHint delivery={delivery({})} />);
    const hint = screen.getByRole('status');
    expect(hint.textContent).toContain('1.3 miles away · Delivery fee $2.99 (within 2 miles)');
    expect(hint.textContent).toContain('Add $7.50 more for delivery (minimum $20.00)');
  });

  it('drops the shortfall once the minimum is met', () => {
    render(<DeliveryHint delivery={delivery({ shortByCents: 0 })} />);
    expect(screen.getByRole('status').textContent).not.toContain('more for delivery');
  });

  it('says out of range at once, with no fee', () => {
    render(
      <DeliveryHint
        delivery={delivery({
          ok: false,
          message: "You are out of delivery range, it can't be delivered.",
          feeCents: null,
          rangeMiles: null,
        })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      "You are out of delivery range, it can't be delivered.",
    );
  });

  it('shows nothing before an address is located', () => {
    const { container } = render(<DeliveryHint delivery={null} />);
    expect(container.textContent).toBe('');
  });
});
