// An order's lines as ordered: quantity, name (and the second-language name), size, options with
// their prices, the diner's note. Used by the order detail and, without prices, the kitchen ticket.
// Names and notes are shown without control or direction characters (issue 24).
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { stripControlCharacters } from '../../../domain/validation/text-characters.js';
import { formatCents } from '../../lib/format.js';

const oneLine = (text: string) => stripControlCharacters(text);

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
              {oneLine(line.name)}
              {line.name_2nd ? (
                <span className="order-line__second"> {oneLine(line.name_2nd)}</span>
              ) : null}
              {line.size ? <span className="order-line__size"> ({oneLine(line.size)})</span> : null}
            </span>
            {prices ? (
              <span className="order-line__price">{formatCents(line.lineTotalCents)}</span>
            ) : null}
          </div>
          {line.orderItemOptions.length > 0 ? (
            <ul className="order-line__options">
              {line.orderItemOptions.map((o, j) => (
                <li key={j}>
                  + {oneLine(o.name)}
                  {prices && o.priceCents !== 0 ? ` (${formatCents(o.priceCents)})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {line.note ? (
            <p className="order-line__note">
              Note: {stripControlCharacters(line.note, { multiLine: true })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
