// Delivery money up front (ours, issue 25; docs/decisions/storefront-checkout.md): once delivery
// and an address are saved, the checkout says at once what the server found — the distance, the
// fee of its range, how much more food the delivery minimum wants, or that the address is out of
// range. The spec's minimum-order message still comes at Place (check 8).
import type { CartView } from '../../../contract/cart.js';
import { formatCents } from '../../lib/format.js';

const miles = (n: number) => `${n.toFixed(1)} ${n === 1 ? 'mile' : 'miles'}`;

export function DeliveryHint({ delivery }: { delivery: CartView['delivery'] }) {
  if (!delivery) return null;
  if (!delivery.ok) {
    return (
      <p className="checkout-note delivery-hint delivery-hint--out" role="status">
        {delivery.message}
      </p>
    );
  }
  return (
    <div className="delivery-hint" role="status">
      <p className="delivery-hint__fee">
        {delivery.distanceMiles !== null ? `${miles(delivery.distanceMiles)} away · ` : ''}
        Delivery fee {formatCents(delivery.feeCents ?? 0)}
        {delivery.rangeMiles !== null ? ` (within ${delivery.rangeMiles} miles)` : ''}
      </p>
      {delivery.shortByCents > 0 ? (
        <p className="delivery-hint__short">
          Add {formatCents(delivery.shortByCents)} more for delivery (minimum{' '}
          {formatCents(delivery.minimumCents)})
        </p>
      ) : null}
    </div>
  );
}
