// Scheduled orders (spec §4/§9): the days offered (the next 7, skipping closed days) and each
// day's times (every 30 minutes, from two half-hours after now, until closing).
// Slots are wall-clock times of the merchant's zone; on a spring-forward day the missing times
// are not offered, on a fall-back day a repeated time is offered once.
import { DateTime } from 'luxon';
import { formatMinutes12h } from '../format/time.js';
import { inZone, isClosedDay, periodsOn, weekdayOf, type Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import type { Weekday, WeeklyHours } from '../settings/schemas.js';

export const SLOT_MINUTES = 30;
export const SCHEDULE_DAYS = 7;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ScheduleDay {
  /** yyyy-MM-dd in the merchant's zone. */
  date: string;
  weekday: Weekday;
  /** "Today" or e.g. "Tue, Mar 12". */
  label: string;
}

/** Today and the six days after it, in the merchant's zone, without closed days. */
export function scheduleDays(hours: WeeklyHours, now: Instant, zone: string): ScheduleDay[] {
  const today = inZone(now, zone).startOf('day');
  const days: ScheduleDay[] = [];
  for (let i = 0; i < SCHEDULE_DAYS; i += 1) {
    const day = today.plus({ days: i });
    const weekday = weekdayOf(day);
    if (isClosedDay(hours, weekday)) continue;
    days.push({
      date: day.toISODate() ?? '',
      weekday,
      label: i === 0 ? 'Today' : day.toFormat('ccc, LLL d'),
    });
  }
  return days;
}

export interface ScheduleSlot {
  /** Wall-clock minutes since midnight. */
  minuteOfDay: number;
  /** "6:30 PM", what scheduleTimeStr holds. */
  label: string;
  /** The instant the slot starts. */
  startsAt: DateTime;
}

/** The local day of a yyyy-MM-dd date in the zone, or null when it is not a date. */
export function localDay(date: string, zone: string): DateTime | null {
  if (!ISO_DATE.test(date)) return null;
  const day = DateTime.fromISO(date, { zone });
  return day.isValid ? day.startOf('day') : null;
}

/**
 * The instants a wall-clock time has on a day: none in a spring-forward gap, two in a fall-back
 * overlap, else one.
 */
export function wallTimeInstants(day: DateTime, minuteOfDay: number): DateTime[] {
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const first = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone: day.zone },
  );
  if (
    !first.isValid ||
    first.hour !== hour ||
    first.minute !== minute ||
    !first.hasSame(day, 'day')
  ) {
    return [];
  }
  const instants = [first];
  for (const later of [first.plus({ hours: 1 }), first.minus({ hours: 1 })]) {
    if (later.hour === hour && later.minute === minute && later.hasSame(day, 'day')) {
      instants.push(later);
    }
  }
  return instants.sort((a, b) => a.toMillis() - b.toMillis());
}

/**
 * A day's slots: each half hour on the wall clock inside a period (open ≤ t < close) and not
 * before the earliest slot, which is the half hour now falls in plus one hour (10:10 → 11:00).
 */
export function scheduleSlots(
  hours: WeeklyHours,
  date: string,
  now: Instant,
  zone: string,
): ScheduleSlot[] {
  const day = localDay(date, zone);
  if (!day) return [];
  const local = inZone(now, zone);
  const halfHourStart = local.startOf('hour').plus({ minutes: local.minute >= 30 ? 30 : 0 });
  const earliest = halfHourStart.plus({ minutes: 2 * SLOT_MINUTES }).toMillis();
  const seen = new Set<number>();
  const slots: ScheduleSlot[] = [];
  for (const period of periodsOn(hours, weekdayOf(day))) {
    const firstSlot = Math.ceil(period.open / SLOT_MINUTES) * SLOT_MINUTES;
    for (let t = firstSlot; t < period.close; t += SLOT_MINUTES) {
      if (seen.has(t)) continue;
      const startsAt = wallTimeInstants(day, t).find((i) => i.toMillis() >= earliest);
      if (!startsAt) continue;
      seen.add(t);
      slots.push({ minuteOfDay: t, label: formatMinutes12h(t), startsAt });
    }
  }
  return slots.sort((a, b) => a.minuteOfDay - b.minuteOfDay);
}

export type SlotsResult =
  { ok: true; slots: ScheduleSlot[] } | { ok: false; message: typeof MESSAGES.NO_SCHEDULE_TIME };

/** The slots of a chosen day, or "No available time to schedule, please choose another date!". */
export function slotsForDate(
  hours: WeeklyHours,
  date: string,
  now: Instant,
  zone: string,
): SlotsResult {
  const slots = scheduleSlots(hours, date, now, zone);
  return slots.length > 0 ? { ok: true, slots } : { ok: false, message: MESSAGES.NO_SCHEDULE_TIME };
}

/**
 * The server's check of a diner's scheduled time: the date is one of the offered days and the
 * minute one of that day's slots. Returns the slot (with its instant) or null.
 */
export function findOfferedSlot(
  hours: WeeklyHours,
  date: string,
  minuteOfDay: number,
  now: Instant,
  zone: string,
): ScheduleSlot | null {
  if (!scheduleDays(hours, now, zone).some((d) => d.date === date)) return null;
  return scheduleSlots(hours, date, now, zone).find((s) => s.minuteOfDay === minuteOfDay) ?? null;
}
