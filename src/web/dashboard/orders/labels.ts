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
