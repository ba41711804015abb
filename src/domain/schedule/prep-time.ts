// Food-preparing estimates (spec §3 foodPreparingTime) and the ready time an order shows (§4):
// the scheduled time; else willBeReadyInMinutes; else the from–to range of the order's method.
import { inZone, weekdayOf, type Instant } from '../hours/weekly-hours.js';
import type { OrderMethod, PrepStatus, PrepTime, WeeklyPrepTime } from '../settings/schemas.js';

export const PREP_STATUS_LABELS: Record<PrepStatus, string> = {
  normal: 'Normal',
  busy: 'Busy',
  veryBusy: 'Very Busy',
};

/** Ready-time quick picks for the merchant: 5 to 40 in steps of 5; 0 means Ready (spec §2). */
export const READY_QUICK_PICKS = [0, 5, 10, 15, 20, 25, 30, 35, 40] as const;

/** The estimate for the weekday of an instant in the merchant's zone, or null when none is set. */
export function prepTimeAt(weekly: WeeklyPrepTime, at: Instant, zone: string): PrepTime | null {
  return weekly[weekdayOf(inZone(at, zone))] ?? null;
}

/**
 * The from–to minutes for a method. Delivery and room service are delivered, so they use the
 * delivery range; pickup, curbside and dine-in are collected at the store and use pickup's.
 */
export function readyRange(
  prep: PrepTime,
  method: OrderMethod,
): { fromMin: number; toMin: number } {
  return method === 'delivery' || method === 'roomServiceDelivery'
    ? { fromMin: prep.fromMin_delivery, toMin: prep.toMin_delivery }
    : { fromMin: prep.fromMin_pickup, toMin: prep.toMin_pickup };
}

export type ReadyTime =
  | { kind: 'scheduled'; text: string }
  | { kind: 'ready' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'range'; fromMin: number; toMin: number }
  | { kind: 'unknown' };

export interface ReadyTimeOrder {
  orderMethod: OrderMethod;
  scheduleDate?: string | null | undefined;
  scheduleTimeStr?: string | null | undefined;
  willBeReadyInMinutes?: number | null | undefined;
  /** When the order was placed: picks the weekday's estimate. */
  placedAt: Instant;
}

export function orderReadyTime(
  order: ReadyTimeOrder,
  weekly: WeeklyPrepTime,
  zone: string,
): ReadyTime {
  const time = order.scheduleTimeStr?.trim();
  if (time) {
    const date = order.scheduleDate?.trim();
    return { kind: 'scheduled', text: date ? `${date} ${time}` : time };
  }
  const minutes = order.willBeReadyInMinutes;
  if (minutes !== null && minutes !== undefined) {
    return minutes === 0 ? { kind: 'ready' } : { kind: 'minutes', minutes };
  }
  const prep = prepTimeAt(weekly, order.placedAt, zone);
  if (!prep) return { kind: 'unknown' };
  return { kind: 'range', ...readyRange(prep, order.orderMethod) };
}

/** "2024-03-12 6:30 PM", "Ready", "20 min", "15-25 min" or "" when nothing is known. */
export function readyTimeText(ready: ReadyTime): string {
  switch (ready.kind) {
    case 'scheduled':
      return ready.text;
    case 'ready':
      return 'Ready';
    case 'minutes':
      return `${ready.minutes} min`;
    case 'range':
      return `${ready.fromMin}-${ready.toMin} min`;
    default:
      return '';
  }
}
