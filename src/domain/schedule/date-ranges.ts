// The merchant's order filters (spec §2/§9): Today, This Week (Sunday–Saturday), This Month,
// This Year, a custom range, All Period. Days are the merchant's days, so "today" at 11 pm in
// New York is not tomorrow in UTC. Ranges are half-open: start ≤ t < end.
import type { DateTime } from 'luxon';
import { inZone, type Instant } from '../hours/weekly-hours.js';
import { localDay } from './slots.js';

export const DATE_RANGE_KINDS = ['today', 'week', 'month', 'year', 'custom', 'all'] as const;
export type DateRangeKind = (typeof DATE_RANGE_KINDS)[number];

/**
 * The last day a custom range may end on. The range's end is the day after its last day, in the
 * merchant's zone: after 9999-12-30 that is year 10000, which PostgreSQL's timestamps cannot hold
 * (22009), so a later day is refused at the door (issue 24).
 */
export const LAST_RANGE_DAY = '9999-12-30';

export interface DateRange {
  /** null: no lower bound (All Period). */
  start: DateTime | null;
  /** Exclusive; null: no upper bound. */
  end: DateTime | null;
}

export interface CustomDates {
  /** yyyy-MM-dd, inclusive. */
  from: string;
  /** yyyy-MM-dd, inclusive. */
  to: string;
}

/** The Sunday that starts the week of a local day (luxon's weeks start on Monday). */
export function startOfSundayWeek(local: DateTime): DateTime {
  const day = local.startOf('day');
  return day.minus({ days: day.weekday % 7 });
}

export function dateRange(
  kind: DateRangeKind,
  now: Instant,
  zone: string,
  custom?: CustomDates,
): DateRange {
  const local = inZone(now, zone);
  switch (kind) {
    case 'today': {
      const start = local.startOf('day');
      return { start, end: start.plus({ days: 1 }) };
    }
    case 'week': {
      const start = startOfSundayWeek(local);
      return { start, end: start.plus({ days: 7 }) };
    }
    case 'month': {
      const start = local.startOf('month');
      return { start, end: start.plus({ months: 1 }) };
    }
    case 'year': {
      const start = local.startOf('year');
      return { start, end: start.plus({ years: 1 }) };
    }
    case 'custom': {
      const from = custom ? localDay(custom.from, zone) : null;
      const to = custom ? localDay(custom.to, zone) : null;
      if (!from || !to || to < from)
        throw new RangeError('custom range needs from ≤ to (yyyy-MM-dd)');
      return { start: from, end: to.plus({ days: 1 }) };
    }
    case 'all':
      return { start: null, end: null };
  }
}

export function isInRange(range: DateRange, at: Instant): boolean {
  const ms = typeof at === 'number' ? at : at.toMillis();
  return (
    (range.start === null || ms >= range.start.toMillis()) &&
    (range.end === null || ms < range.end.toMillis())
  );
}

/**
 * Same merchant day: the rule behind same-day void, tip adjustment and ready-time texts (§4).
 */
export function isSameLocalDay(a: Instant, b: Instant, zone: string): boolean {
  return inZone(a, zone).hasSame(inZone(b, zone), 'day');
}
