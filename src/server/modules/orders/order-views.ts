// The parts of an order every view of it shares — the diner's order-placed page and the merchant's
// orders: its lines as ordered, its amounts, and when it will be ready.
import { orderReadyTime, readyTimeText } from '../../../domain/index.js';
import type { OrderLineView } from '../../../contract/orders.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

export function orderLineViews(lines: readonly OrderLineRow[]): OrderLineView[] {
  return lines.map((l) => ({
    name: l.name,
    name_2nd: l.name2,
    size: l.sizeName,
    size_2nd: l.sizeName2,
    qty: l.quantity,
    priceCents: l.unitPriceCents,
    orderItemOptions: l.options.map((o) => ({
      name: o.name,
      name_2nd: o.name2,
      priceCents: o.priceCents,
    })),
    note: l.note,
    lineTotalCents: l.lineTotalCents,
    isFreePromo: l.isFreePromo,
  }));
}

export function orderAmountsOf(order: OrderRow) {
  return {
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    tipsCents: order.tipsCents,
    fixedTipsCents: order.fixedTipsCents,
    discountCents: order.discountCents,
    processingFeeCents: order.processingFeeCents,
    serviceFeeCents: order.serviceFeeCents,
    deliveryFeeCents: order.deliveryFeeCents,
    roomServiceDeliveryFeeCents: order.roomServiceDeliveryFeeCents,
    totalCents: order.totalCents,
  };
}

/** The ready-time rule (spec §4) as the views show it: its kind and its text. */
export function readyTimeOf(
  order: OrderRow,
  merchant: { foodPreparingTime: Parameters<typeof orderReadyTime>[1]; timeZone: string },
): { kind: string; text: string } {
  const ready = orderReadyTime(
    {
      orderMethod: order.orderMethod,
      scheduleDate: order.scheduleDate,
      scheduleTimeStr: order.scheduleTimeStr,
      willBeReadyInMinutes: order.willBeReadyInMinutes,
      placedAt: (order.placedAt ?? order.createdAt).getTime(),
    },
    merchant.foodPreparingTime,
    merchant.timeZone,
  );
  return { kind: ready.kind, text: readyTimeText(ready) };
}
