// SUMMARY's amounts, exactly as the server priced them (the browser never totals a cart).
import type { CartView } from '../../../contract/cart.js';
import { formatCents } from '../../lib/format.js';

export function Amounts({ cart }: { cart: CartView }) {
  const a = cart.amounts;
  const rows: [string, number, boolean][] = [
    ['Subtotal', a.subtotalCents, true],
    ['Taxes', a.taxCents, true],
    ['Tips', a.tipsCents + a.fixedTipsCents, true],
    ['Fees', a.feesShownCents, a.feesShownCents > 0],
    ['Delivery fee', a.deliveryFeeCents, a.deliveryFeeCents > 0],
    ['Room service fee', a.roomServiceDeliveryFeeCents, a.roomServiceDeliveryFeeCents > 0],
    ['Discount', -a.discountCents, a.discountCents > 0],
  ];
  return (
    <dl className="amounts" aria-label="Order amounts">
      {rows
        .filter(([, , shown]) => shown)
        .map(([label, cents]) => (
          <div key={label} className="amounts__row">
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
      <div className="amounts__row amounts__row--total">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatCents(a.totalCents)}</dd>
      </div>
    </dl>
  );
}
