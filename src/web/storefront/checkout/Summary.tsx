// SUMMARY's amounts, exactly as the server priced them (the browser never totals a cart). The six
// lines of checklist S2.29 (subtotal, taxes, tips, fees, discount, total) always show, at $0.00
// when nothing applies, so the diner sees where a promo code would go; the delivery and room
// service fees only for those methods.
import type { CartView } from '../../../contract/cart.js';
import { formatCents } from '../../lib/format.js';

export function Amounts({ cart }: { cart: CartView }) {
  const a = cart.amounts;
  const rows: [string, number, boolean][] = [
    ['Subtotal', a.subtotalCents, true],
    ['Taxes', a.taxCents, true],
    ['Tips', a.tipsCents + a.fixedTipsCents, true],
    ['Fees', a.feesShownCents, true],
    ['Delivery fee', a.deliveryFeeCents, a.deliveryFeeCents > 0],
    ['Room service fee', a.roomServiceDeliveryFeeCents, a.roomServiceDeliveryFeeCents > 0],
    // Never "-$0.00".
    ['Discount', a.discountCents > 0 ? -a.discountCents : 0, true],
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
