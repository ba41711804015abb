// An order's lines as ordered: quantity, name (and the second-language name), size, options with
// their prices, the diner's note. Used by the order detail and, without prices, the kitchen ticket.
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatCents } from '../../lib/format.js';

export function OrderLines({
  order,
  prices = true,
  label,
}: {
  order: MerchantOrderView;
  prices?: boolean;
  label: string;
}) {
  return (
    <ul className="order-lines" aria-label={label}>
      {order.orderItems.map((line, i) => (
        <li key={i} className="order-line">
          <div className="order-line__main">
            <span className="order-line__qty">{line.qty} ×</span>
            <span className="order-line__name">
              {line.name}
              {line.name_2nd ? <span className="order-line__second"> {line.name_2nd}</span> : null}
              {line.size ? <span className="order-line__size"> ({line.size})</span> : null}
            </span>
            {prices ? (
              <span className="order-line__price">{formatCents(line.lineTotalCents)}</span>
            ) : null}
          </div>
          {line.orderItemOptions.length > 0 ? (
            <ul className="order-line__options">
              {line.orderItemOptions.map((o, j) => (
                <li key={j}>
                  + {o.name}
                  {prices && o.priceCents !== 0 ? ` (${formatCents(o.priceCents)})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {line.note ? <p className="order-line__note">Note: {line.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
