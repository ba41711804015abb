// When an order is due (issue 27, docs/decisions/order-board.md), by the spec's ready-time rule
// (§4, prep-time.ts): the scheduled slot; else when accepted + willBeReadyInMinutes says; else
// placed + the end of the method's from–to range (dine-in and curbside as pickup). Null when
// nothing tells (no estimate set for that weekday, an unreadable slot).
import { DateTime } from 'luxon';
import { parseTime12h } from '../format/time.js';
import { type Instant } from '../hours/weekly-hours.js';
import { prepTimeAt, readyRange } from '../schedule/prep-time.js';
import { localDay, wallTimeInstants } from '../schedule/slots.js';
import type { OrderMethod, WeeklyPrepTime } from '../settings/schemas.js';

export interface DueOrder {
  orderMethod: OrderMethod;
  scheduleDate?: string | null | undefined;
  scheduleTimeStr?: string | null | undefined;
  willBeReadyInMinutes?: number | null | undefined;
  /** When the merchant set the minutes (accepted); null before. */
  readyAt?: Instant | null | undefined;
  placedAt: Instant;
}

const millis = (i: Instant) => (typeof i === 'number' ? i : i.toMillis());

/** The instant the order is due, in epoch milliseconds, or null when nothing tells. */
export function orderDueAt(order: DueOrder, weekly: WeeklyPrepTime, zone: string): number | null {
  const time = order.scheduleTimeStr?.trim();
  if (time) {
    const minute = parseTime12h(time);
    const placedDay = DateTime.fromMillis(millis(order.placedAt), { zone }).toISODate();
    const day = localDay(order.scheduleDate?.trim() || placedDay || '', zone);
    if (minute === null || !day) return null;
    const [first] = wallTimeInstants(day, minute);
    return first ? first.toMillis() : null;
  }
  if (order.willBeReadyInMinutes !== null && order.willBeReadyInMinutes !== undefined) {
    return order.readyAt
      ? millis(order.readyAt)
      : millis(order.placedAt) + order.willBeReadyInMinutes * 60_000;
  }
  const prep = prepTimeAt(weekly, order.placedAt, zone);
  if (!prep) return null;
  return millis(order.placedAt) + readyRange(prep, order.orderMethod).toMin * 60_000;
}
