// SUMMARY (checklist S2.29): subtotal, taxes, tips, fees, discount and total are all shown in the
// checkout, the discount too before any code or promotion applies.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZERO_TOTALS } from '../../../domain/pricing/quote.js';
import type { CartView } from '../../../contract/cart.js';
import { businessInfo, cartAnswer } from '../../test-data/store.js';
import { Amounts, DeliveryMinimumNote } from './Summary.js';

afterEach(cleanup);

const rows = () =>
  within(screen.getByLabelText('Order amounts'))
    .getAllByRole('term')
    .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);

describe('Amounts', () => {
  it('S2.29: shows the six lines before any discount, the discount at $0.00', () => {
    render(
      <Amounts
        cart={cartAnswer({ amounts: { ...ZERO_TOTALS, subtotalCents: 1000, totalCents: 1000 } })}
      />,
    );
    expect(rows()).toEqual([
      'Subtotal $10.00',
      'Taxes $0.00',
      'Tips $0.00',
      'Fees $0.00',
      'Discount $0.00',
      'Total $10.00',
    ]);
  });

  it('a discount reads as money off; fees and delivery as charged', () => {
    const amounts = {
      ...ZERO_TOTALS,
      subtotalCents: 4000,
      discountCents: 400,
      feesShownCents: 150,
      deliveryFeeCents: 500,
      totalCents: 5250,
    };
    render(<Amounts cart={cartAnswer({ amounts })} />);
    expect(rows()).toEqual([
      'Subtotal $40.00',
      'Taxes $0.00',
      'Tips $0.00',
      'Fees $1.50',
      'Delivery fee $5.00',
      'Discount -$4.00',
      'Total $52.50',
    ]);
  });
});

describe('DeliveryMinimumNote', () => {
  const V5_57 =
    'Sorry, your order amount does not meet the minimum requirement $20.00 for delivery.';
  const under = (delivery: CartView['delivery']) =>
    cartAnswer({
      checkoutInfo: { ...cartAnswer().checkoutInfo, orderMethod: 'delivery' },
      amounts: { ...ZERO_TOTALS, subtotalCents: 1250, totalCents: 1250 },
      delivery,
    });
  const info = businessInfo({ minOrderForDeliveryCents: 2000 });

  it('V5.57: names the minimum while Delivery has no address yet', () => {
    render(<DeliveryMinimumNote cart={under(null)} info={info} />);
    expect(screen.getByRole('status').textContent).toBe(V5_57);
  });

  it('gives way to the delivery hint once it says the shortfall (one message, issue 25)', () => {
    const delivery = {
      ok: true,
      distanceMiles: 1.2,
      message: null,
      rangeMiles: 2,
      feeCents: 299,
      minimumCents: 2000,
      shortByCents: 750,
    };
    const { container } = render(<DeliveryMinimumNote cart={under(delivery)} info={info} />);
    expect(container.textContent).toBe('');
  });
});
