// Which order methods and payment methods a merchant offers (spec §1, §3, §4), so the checkout
// shows the same choices the server accepts.
import { MESSAGES } from '../messages.js';
import type { OrderMethod, PaymentMethod } from '../settings/schemas.js';

export interface MethodFlags {
  delivery?: boolean | undefined;
  curbside?: boolean | undefined;
  roomService?: boolean | undefined;
  dinein?: boolean | undefined;
}

/**
 * Pickup has no flag and is always offered; a table name in the route forces dine-in and nothing
 * else (spec §4), whatever the dine-in flag says, because the diner is sitting at the table.
 */
export function offeredOrderMethods(flags: MethodFlags, tableName?: string | null): OrderMethod[] {
  if (tableName && tableName.trim() !== '') return ['dinein'];
  const methods: OrderMethod[] = ['pickup'];
  if (flags.delivery) methods.push('delivery');
  if (flags.curbside) methods.push('curbside');
  if (flags.dinein) methods.push('dinein');
  if (flags.roomService) methods.push('roomServiceDelivery');
  return methods;
}

export interface PaymentFlags {
  supportCreditcardPayment?: boolean | undefined;
  supportCashPayment?: boolean | undefined;
}

/** Card first (the default when supported), then cash (spec §4). */
export function offeredPaymentMethods(flags: PaymentFlags): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (flags.supportCreditcardPayment) methods.push('creditcard');
  if (flags.supportCashPayment) methods.push('cash');
  return methods;
}

export function defaultPaymentMethod(flags: PaymentFlags): PaymentMethod | null {
  return offeredPaymentMethods(flags)[0] ?? null;
}

/** The cash choice is labelled "Room Charge" for room service (spec §1). */
export function paymentLabel(method: PaymentMethod, orderMethod: OrderMethod): string {
  if (method === 'creditcard') return 'Credit Card';
  return orderMethod === 'roomServiceDelivery' ? MESSAGES.ROOM_CHARGE : 'Cash';
}

/** Unpaid unless paid is set or it is room service (charged to the room; spec §4). */
export function isOrderUnpaid(order: { paid?: boolean | null; orderMethod: OrderMethod }): boolean {
  return !order.paid && order.orderMethod !== 'roomServiceDelivery';
}
