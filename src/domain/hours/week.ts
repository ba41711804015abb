// A merchant's week of opening periods read without a clock (wall-clock minutes of each day,
// close exclusive): no luxon here, so the store page's first load can use it (the header's hours).
import { formatMinutes12h } from '../format/time.js';
import type { OpenPeriod, WeeklyHours } from '../settings/schemas.js';
import { WEEKDAYS, type Weekday } from '../settings/weekdays.js';

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
