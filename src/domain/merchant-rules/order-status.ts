// The order's status as the diner's order-placed page shows it live (issue 12): "Received" until
// the merchant opens the order, "Confirmed" once read, "Ready at 12:40 PM" once a ready time is
// set (the merchant's local clock), "Ready" at 0 minutes, "Cancelled" once voided.
import { DateTime } from 'luxon';
import { formatMinutes12h } from '../format/time.js';
import { isPlaced } from '../orders/order-life.js';

export const ORDER_LIVE_STATUSES = [
  'received',
  'confirmed',
  'ready_at',
  'ready',
  'cancelled',
] as const;
export type OrderLiveStatusKind = (typeof ORDER_LIVE_STATUSES)[number];

export interface OrderLiveStatus {
  status: OrderLiveStatusKind;
  /** When it will be ready (ISO), for `ready_at`; null otherwise. */
  readyAt: string | null;
  text: string;
}

export interface OrderStatusInput {
  state: string;
  hasVoid: boolean;
  hasBeenRead: boolean;
  willBeReadyInMinutes: number | null;
  readyAt: Date | null;
}

/** Null while the order is not placed (a payment being confirmed, or failed). */
export function orderLiveStatus(order: OrderStatusInput, timeZone: string): OrderLiveStatus | null {
  if (order.state === 'voided' || order.state === 'cancelled' || order.hasVoid) {
    return { status: 'cancelled', readyAt: null, text: 'Cancelled' };
  }
  if (!isPlaced(order.state)) return null;
  // Marked ready or handed over (issue 26) reads "Ready" like the spec's 0 minutes.
  if (order.state === 'ready' || order.state === 'completed' || order.willBeReadyInMinutes === 0)
    return { status: 'ready', readyAt: null, text: 'Ready' };
  if (order.willBeReadyInMinutes !== null && order.readyAt) {
    const local = DateTime.fromJSDate(order.readyAt, { zone: timeZone });
    return {
      status: 'ready_at',
      readyAt: order.readyAt.toISOString(),
      text: `Ready at ${formatMinutes12h(local.hour * 60 + local.minute)}`,
    };
  }
  if (order.hasBeenRead) return { status: 'confirmed', readyAt: null, text: 'Confirmed' };
  return { status: 'received', readyAt: null, text: 'Received' };
}
