// The kitchen ticket (spec §2 print; issue 13: the browser's print view, 80 mm roll): what the
// kitchen needs and nothing it does not (no prices, no card). Shown only in print (orders.css).
// What the diner and the merchant typed is printed without control or direction characters
// (issue 24): stored before the door refused them, they would reorder or garble the ticket.
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { stripControlCharacters } from '../../../domain/validation/text-characters.js';
import { isUnpaid, isVoided, methodLabel, orderTime, phoneText } from './labels.js';
import { OrderLines } from './OrderLines.js';

const oneLine = (text: string) => stripControlCharacters(text);

export function KitchenTicket({
  order,
  merchantName,
  timeZone,
}: {
  order: MerchantOrderView;
  merchantName: string;
  timeZone: string | undefined;
}) {
  return (
    <div className="kitchen-ticket" data-testid="kitchen-ticket">
      <p className="kitchen-ticket__store">{oneLine(merchantName)}</p>
      <p className="kitchen-ticket__number">Order #{order.orderId}</p>
      <p>Daily #{order.dailyOrderId}</p>
      <p>{orderTime(order.orderSaveDate, timeZone)}</p>
      <p className="kitchen-ticket__method">{methodLabel(order)}</p>
      {order.orderMethod === 'curbside' ? (
        <p>
          Car: {oneLine(order.carMakeModel)} {oneLine(order.carColor)}
        </p>
      ) : null}
      <p>
        {order.scheduleTimeStr
          ? `Scheduled: ${oneLine(order.scheduleDate)} ${oneLine(order.scheduleTimeStr)}`
          : `Ready: ${order.readyTime.text}`}
      </p>
      <p>
        {oneLine(order.customerName)} {phoneText(oneLine(order.phone))}
      </p>
      {isVoided(order) ? <p className="kitchen-ticket__mark">*** VOID ***</p> : null}
      {!isVoided(order) && isUnpaid(order) ? <p className="kitchen-ticket__mark">UNPAID</p> : null}
      <hr />
      <OrderLines order={order} prices={false} label="Ticket lines" />
      <hr />
      {order.deliveryNote ? (
        <p>Delivery note: {stripControlCharacters(order.deliveryNote, { multiLine: true })}</p>
      ) : null}
    </div>
  );
}
