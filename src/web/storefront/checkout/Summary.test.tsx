// SUMMARY (checklist S2.29): subtotal, taxes, tips, fees, discount and total are all shown in the
// checkout, the discount too before any code or promotion applies.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ZERO_TOTALS } from '../../../domain/pricing/quote.js';
import { cartAnswer } from '../../test-data/store.js';
import { Amounts } from './Summary.js';

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
