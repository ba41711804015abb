// What the store header says about the hours now (ours, issue 25; docs/decisions/
// storefront-store-page.md "The header tells the hours"): "Open until 10:00 PM" or "Closed — opens
// Thu 11:00 AM", read on the merchant's wall clock. The wall clock comes from Intl, not luxon, so
// the store page's first load stays without it; periods are wall-clock minutes, so a DST day needs
// no arithmetic: 11:00 AM is 11:00 AM on a 23- or 25-hour day.
import { formatMinutes12h } from '../format/time.js';
import type { WeeklyHours } from '../settings/schemas.js';
import { WEEKDAYS, type Weekday } from '../settings/weekdays.js';
import { periodsOn } from './week.js';

export type StoreHoursStatus =
  | {
      open: true;
      /** When it closes; null when it never does within the week (open 24 hours). */
      closesAt: { weekday: Weekday; minute: number } | null;
      text: string;
    }
  | {
      open: false;
      /** The next opening within a week; null when the store has no hours at all. */
      opensAt: { weekday: Weekday; minute: number; daysAhead: number } | null;
      text: string;
    };

const SHORT_DAY: Record<Weekday, string> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

/** A close up to this minute of the next day is the end of tonight's shift (6:00 AM). */
const LATE_NIGHT_END = 360;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minute of the day on the zone's wall clock at `ms` (throws on a bad zone). */
export function wallClockAt(ms: number, zone: string): { weekday: Weekday; minute: number } {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(ms).map((p) => [p.type, p.value]));
  const day = WEEKDAYS.find((d) => SHORT_DAY[d] === parts.weekday);
  if (!day) throw new RangeError(`no weekday for ${ms} in "${zone}"`);
  return { weekday: day, minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

const dayAfter = (day: Weekday, n: number): Weekday =>
  WEEKDAYS[(WEEKDAYS.indexOf(day) + n) % 7] as Weekday;

/**
 * Open or closed at `ms`, judged like the place-order check (open ≤ minute < close). Open: until
 * when, following a shift past midnight (stored as a period to 12:00 AM and one from 12:00 AM the
 * next day) to its real end, naming the day when that is not tonight. Closed: the next opening, today's later period (a break) or a later
 * day's first, skipping closed days.
 */
export function storeHoursStatus(hours: WeeklyHours, ms: number, zone: string): StoreHoursStatus {
  const now = wallClockAt(ms, zone);
  const current = periodsOn(hours, now.weekday).find(
    (p) => p.open <= now.minute && now.minute < p.close,
  );
  if (current) {
    let closes = { weekday: now.weekday, minute: current.close };
    let daysAhead = 0;
    for (let i = 1; closes.minute === 1440; i++) {
      // Round the whole week without a closing: open day and night.
      if (i > 7) return { open: true, closesAt: null, text: 'Open 24 hours' };
      const next = dayAfter(now.weekday, i);
      const carried = periodsOn(hours, next).find((p) => p.open === 0);
      if (!carried) break;
      closes = { weekday: next, minute: carried.close };
      daysAhead = i;
    }
    // A late-night close (up to 6:00 AM the next morning) reads as tonight's; later, the day shows.
    const laterDay = daysAhead > 1 || (daysAhead === 1 && closes.minute > LATE_NIGHT_END);
    const time = formatMinutes12h(closes.minute);
    return {
      open: true,
      closesAt: closes,
      text: `Open until ${laterDay ? `${SHORT_DAY[closes.weekday]} ` : ''}${time}`,
    };
  }
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const weekday = dayAfter(now.weekday, daysAhead);
    const next = periodsOn(hours, weekday).find((p) => daysAhead > 0 || p.open > now.minute);
    if (next) {
      const time = formatMinutes12h(next.open);
      return {
        open: false,
        opensAt: { weekday, minute: next.open, daysAhead },
        text: `Closed — opens ${daysAhead === 0 ? '' : `${SHORT_DAY[weekday]} `}${time}`,
      };
    }
  }
  return { open: false, opensAt: null, text: 'Closed' };
}
