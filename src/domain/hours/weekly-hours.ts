// Business hours in the merchant's own time zone (DESIGN.md §1.3). Periods are wall-clock minutes
// of one day ({open, close}, close ≤ 1440, close exclusive); a late-night shift past midnight is
// stored as two periods on two days. Reading the wall clock through luxon makes DST days right:
// 9:00 is 9:00 whether the day has 23, 24 or 25 hours.
import { DateTime } from 'luxon';
import { formatMinutes12h } from '../format/time.js';
import { WEEKDAYS, type OpenPeriod, type Weekday, type WeeklyHours } from '../settings/schemas.js';

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

/** A day's periods, sorted by opening; a missing day or an empty list is a closed day. */
export function periodsOn(hours: WeeklyHours, weekday: Weekday): OpenPeriod[] {
  return [...(hours[weekday] ?? [])].sort((a, b) => a.open - b.open);
}

export function isClosedDay(hours: WeeklyHours, weekday: Weekday): boolean {
  return periodsOn(hours, weekday).length === 0;
}

/** Whether a wall-clock minute of a weekday falls in one of its periods (open ≤ m < close). */
export function isOpenAtMinute(hours: WeeklyHours, weekday: Weekday, minute: number): boolean {
  return periodsOn(hours, weekday).some((p) => p.open <= minute && minute < p.close);
}

/** Open at an instant, judged on the merchant's wall clock. */
export function isOpenAt(hours: WeeklyHours, instant: Instant, zone: string): boolean {
  const local = inZone(instant, zone);
  return isOpenAtMinute(hours, weekdayOf(local), minuteOfDayOf(local));
}

/** "11:00 AM - 9:00 PM, 10:00 PM - 12:00 AM", or "Closed", for the hours display. */
export function describeDay(hours: WeeklyHours, weekday: Weekday): string {
  const periods = periodsOn(hours, weekday);
  if (periods.length === 0) return 'Closed';
  return periods
    .map((p) => `${formatMinutes12h(p.open)} - ${formatMinutes12h(p.close)}`)
    .join(', ');
}

/** The week Sunday first (spec §9), each day described. */
export function describeWeek(hours: WeeklyHours): { weekday: Weekday; text: string }[] {
  return WEEKDAYS.map((weekday) => ({ weekday, text: describeDay(hours, weekday) }));
}
