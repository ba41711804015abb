// Business hours in the merchant's own time zone (docs/design/time-zones.md). Periods are
// wall-clock minutes of one day ({open, close}, close ≤ 1440, close exclusive); a late-night shift
// past midnight is stored as two periods on two days. Reading the wall clock through luxon makes
// DST days right: 9:00 is 9:00 whether the day has 23, 24 or 25 hours.
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '../settings/schemas.js';
import { isOpenAtMinute } from './week.js';

// The week's rules that need no clock live in ./week.ts (no luxon: the store page's header uses
// them); they are exported from here too, as before.
export { describeDay, describeWeek, isClosedDay, isOpenAtMinute, periodsOn } from './week.js';

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A moment: a luxon DateTime or epoch milliseconds (the injected clock's reading). */
export type Instant = DateTime | number;

/** The instant as a DateTime in the zone; throws on an unknown zone rather than guessing. */
export function inZone(instant: Instant, zone: string): DateTime {
  const dt =
    typeof instant === 'number' ? DateTime.fromMillis(instant, { zone }) : instant.setZone(zone);
  if (!dt.isValid) throw new RangeError(`invalid instant or time zone "${zone}"`);
  return dt;
}

/** Lowercase weekday of a local DateTime (luxon counts Monday 1 … Sunday 7). */
export function weekdayOf(local: DateTime): Weekday {
  return WEEKDAYS[local.weekday % 7] as Weekday;
}

/** Wall-clock minutes since midnight of a local DateTime. */
export function minuteOfDayOf(local: DateTime): number {
  return local.hour * 60 + local.minute;
}

/** Open at an instant, judged on the merchant's wall clock. */
export function isOpenAt(hours: WeeklyHours, instant: Instant, zone: string): boolean {
  const local = inZone(instant, zone);
  return isOpenAtMinute(hours, weekdayOf(local), minuteOfDayOf(local));
}
