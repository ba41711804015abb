// How the Orders pane names an order's method, payment, customer and time.
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatPhone } from '../../../domain/format/fields.js';
import { isOrderUnpaid, paymentLabel } from '../../../domain/place-order/methods.js';
import type { OrderMethod, PaymentMethod } from '../../../domain/settings/schemas.js';

const METHODS: Record<string, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  curbside: 'Curbside',
  dinein: 'Dine-in',
  roomServiceDelivery: 'Room service',
};

/** "Dine-in · Table T5", "Room service · Room 1204", "Curbside", … */
export function methodLabel(order: MerchantOrderView): string {
  const name = METHODS[order.orderMethod] ?? order.orderMethod;
  if (order.orderMethod === 'dinein' && order.dineinTableName)
    return `${name} · Table ${order.dineinTableName}`;
  if (order.orderMethod === 'roomServiceDelivery' && order.roomServiceRoom)
    return `${name} · Room ${order.roomServiceRoom}`;
  return name;
}

export function paymentText(order: MerchantOrderView): string {
  return paymentLabel(order.paymentMethod as PaymentMethod, order.orderMethod as OrderMethod);
}

/** Spec §4: unpaid unless paid is set or it is room service. */
export function isUnpaid(order: MerchantOrderView): boolean {
  return isOrderUnpaid({ paid: order.paid, orderMethod: order.orderMethod as OrderMethod });
}

export function isVoided(order: MerchantOrderView): boolean {
  return order.hasVoid || order.state === 'voided';
}

/**
 * The payment's word on the detail. A cancelled card order's money is released by payments
 * (order-life.md "What cancel does"): "Released" once voided or refunded, "To check" when the
 * gateway could not be told and the merchant checks it in the portal.
 */
export function paymentStatusText(order: MerchantOrderView): string {
  if (isVoided(order)) return 'Void';
  if (order.state === 'cancelled' && order.paymentMethod !== 'cash') {
    if (order.paymentStatus === 'voided') return 'Released';
    if (order.paymentStatus === 'unknown') return 'To check';
  }
  return isUnpaid(order) ? 'Unpaid' : 'Paid';
}

/** "VISA •••• 1111". */
export function cardText(order: MerchantOrderView): string | null {
  if (!order.card) return null;
  return `${order.card.cardType ?? 'Card'} •••• ${order.card.last4}`;
}

export function phoneText(phone: string): string {
  return phone ? formatPhone(phone) : '';
}

/** The order's time in the merchant's zone: "Nov 24, 12:03 PM". */
export function orderTime(iso: string, timeZone: string | undefined, withDate = true): string {
  const options: Intl.DateTimeFormatOptions = withDate
    ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
    : { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
  }
}

/** The board's name of each state (order-board.md): the status filters use the same words. */
export const STAGE_LABELS: Record<string, string> = {
  placed: 'New',
  accepted: 'In progress',
  ready: 'Ready',
  completed: 'Done',
  cancelled: 'Cancelled',
  voided: 'Void',
};

export function stageLabel(order: MerchantOrderView): string {
  return STAGE_LABELS[order.stage] ?? order.stage;
}

/** Still to be handed over: new, in progress or ready. */
export function isOpen(order: MerchantOrderView): boolean {
  return order.stage === 'placed' || order.stage === 'accepted' || order.stage === 'ready';
}

/** An open order past its due time (ready orders waiting for pickup are not late: done cooking). */
export function isLate(order: MerchantOrderView, now: number): boolean {
  if (order.stage !== 'placed' && order.stage !== 'accepted') return false;
  return order.dueAt !== null && Date.parse(order.dueAt) < now;
}

/** "Due 12:40 PM" (with the day when it is not today's in the merchant's zone), or null. */
export function dueText(order: MerchantOrderView, timeZone: string | undefined, now: number) {
  if (!order.dueAt) return null;
  const day = (ms: number) => orderTime(new Date(ms).toISOString(), timeZone).split(',')[0];
  const at = Date.parse(order.dueAt);
  return `Due ${orderTime(order.dueAt, timeZone, day(at) !== day(now))}`;
}
