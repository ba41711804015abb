// SUMMARY's amounts, exactly as the server priced them (the browser never totals a cart). The six
// lines of checklist S2.29 (subtotal, taxes, tips, fees, discount, total) always show, at $0.00
// when nothing applies, so the diner sees where a promo code would go; the fixed gratuity (K9.8)
// and the delivery and room service fees only when they apply.
import type { CartView } from '../../../contract/cart.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { checkDeliveryMinimum } from '../../../domain/pricing/delivery.js';
import { formatCents } from '../../lib/format.js';

/** The fixed gratuity's line: "Gratuity (18%)" (K9.8, docs/decisions/domain-rules.md). */
export function gratuityLabel(rate: number | undefined): string {
  return rate ? `Gratuity (${Number((rate * 100).toFixed(4))}%)` : 'Gratuity';
}

export function Amounts({ cart, info }: { cart: CartView; info?: PublicBusinessInfo }) {
  const a = cart.amounts;
  const rows: [string, number, boolean][] = [
    ['Subtotal', a.subtotalCents, true],
    ['Taxes', a.taxCents, true],
    ['Tips', a.tipsCents, true],
    [gratuityLabel(info?.fixedTipRate), a.fixedTipsCents, a.fixedTipsCents > 0],
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

/**
 * Before Place: a delivery whose subtotal is under the store's minimum names the amount (spec §5
 * variant, checklist V5.57), by the rule the server's check 8 runs; at Place the server's banner
 * is the spec's plain text (V5.56). docs/decisions/domain-rules.md "Place-order checks".
 */
export function DeliveryMinimumNote({ cart, info }: { cart: CartView; info: PublicBusinessInfo }) {
  if (cart.checkoutInfo.orderMethod !== 'delivery') return null;
  // One message before Place (issue 25): once an address in range is saved, the delivery hint
  // beside it says the shortfall with its amount (./DeliveryHint.tsx); this note gives way to it.
  if (cart.delivery?.ok && cart.delivery.shortByCents > 0) return null;
  const minimum = checkDeliveryMinimum(cart.amounts.subtotalCents, info.minOrderForDeliveryCents);
  if (minimum.met) return null;
  return (
    <p className="checkout-note" role="status">
      {minimum.detail}
    </p>
  );
}
