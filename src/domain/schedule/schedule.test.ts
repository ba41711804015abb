import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { WeeklyHours, WeeklyPrepTime } from '../settings/schemas.js';
import {
  dateRange,
  findOfferedSlot,
  isInRange,
  isSameLocalDay,
  orderReadyTime,
  readyTimeText,
  scheduleDays,
  scheduleSlots,
  slotsForDate,
  startOfSundayWeek,
  wallTimeInstants,
  localDay,
} from './index.js';

const NY = 'America/New_York';
const ny = (iso: string) => DateTime.fromISO(iso, { zone: NY });
const allWeek = (open: number, close: number): WeeklyHours => ({
  sunday: [{ open, close }],
  monday: [{ open, close }],
  tuesday: [{ open, close }],
  wednesday: [{ open, close }],
  thursday: [{ open, close }],
  friday: [{ open, close }],
  saturday: [{ open, close }],
});
const labels = (hours: WeeklyHours, date: string, now: DateTime) =>
  scheduleSlots(hours, date, now, NY).map((s) => s.label);

describe('schedule slots: every 30 minutes from two half-hours after now until closing (K9.26–K9.28)', () => {
  const hours = allWeek(540, 1260); // 9:00 AM – 9:00 PM

  it.each([
    ['10:10', '11:00 AM'], // K9.27
    ['10:00', '11:00 AM'],
    ['10:29', '11:00 AM'],
    ['10:30', '11:30 AM'],
    ['07:00', '9:00 AM'], // before opening: from the opening
  ])('at %s the first slot today is %s', (time, first) => {
    expect(labels(hours, '2024-03-13', ny(`2024-03-13T${time}`))[0]).toBe(first);
  });

  it('steps by 30 minutes and ends before closing (K9.26, K9.28)', () => {
    const slots = scheduleSlots(hours, '2024-03-13', ny('2024-03-13T10:10'), NY);
    expect(slots.at(-1)?.label).toBe('8:30 PM');
    slots.slice(1).forEach((s, i) => {
      expect(s.minuteOfDay - (slots[i]?.minuteOfDay ?? 0)).toBe(30);
    });
  });

  it('runs to 11:30 PM when the store closes at midnight (default end 1440)', () => {
    expect(labels(allWeek(1200, 1440), '2024-03-13', ny('2024-03-13T10:00')).at(-1)).toBe(
      '11:30 PM',
    );
  });

  it('starts a later day at its opening, on the half hour', () => {
    expect(labels(allWeek(555, 700), '2024-03-14', ny('2024-03-13T10:00'))).toEqual([
      '9:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
    ]);
  });

  it('offers each period of a split day and nothing in the gap', () => {
    const split: WeeklyHours = {
      thursday: [
        { open: 1020, close: 1080 },
        { open: 660, close: 720 },
      ],
    };
    expect(labels(split, '2024-03-14', ny('2024-03-13T10:00'))).toEqual([
      '11:00 AM',
      '11:30 AM',
      '5:00 PM',
      '5:30 PM',
    ]);
  });

  it('says "No available time to schedule, please choose another date!" when no slot is left (M8.7)', () => {
    expect(slotsForDate(hours, '2024-03-13', ny('2024-03-13T20:10'), NY)).toEqual({
      ok: false,
      message: 'No available time to schedule, please choose another date!',
    });
    expect(slotsForDate(hours, '2024-03-12', ny('2024-03-13T08:00'), NY)).toMatchObject({
      ok: false,
    });
    expect(slotsForDate(hours, 'not-a-date', ny('2024-03-13T08:00'), NY)).toMatchObject({
      ok: false,
    });
  });

  it('skips the missing hour on a spring-forward day', () => {
    const slots = labels(allWeek(0, 1440), '2024-03-10', ny('2024-03-09T12:00'));
    expect(slots).toHaveLength(46);
    expect(slots.slice(2, 5)).toEqual(['1:00 AM', '1:30 AM', '3:00 AM']);
  });

  it('offers a repeated time once on a fall-back day, at its first occurrence', () => {
    const slots = scheduleSlots(allWeek(0, 1440), '2024-11-03', ny('2024-11-02T12:00'), NY);
    expect(slots).toHaveLength(48);
    const oneAm = slots.find((s) => s.label === '1:00 AM');
    expect(oneAm?.startsAt.toUTC().toISO()).toBe('2024-11-03T05:00:00.000Z'); // 1:00 EDT
  });

  it('counts the lead time in real minutes across the spring-forward gap', () => {
    // 1:50 EST; the half hour began at 1:30 EST; one real hour later is 3:30 EDT.
    const now = DateTime.fromISO('2024-03-10T06:50:00Z');
    expect(labels(allWeek(0, 1440), '2024-03-10', now)[0]).toBe('3:30 AM');
  });

  it('uses the second 1:00 AM when the first has passed on a fall-back night', () => {
    // 1:10 EDT; the first slot is one real hour after 1:00 EDT, i.e. 1:00 EST.
    const now = DateTime.fromISO('2024-11-03T05:10:00Z');
    const [first] = scheduleSlots(allWeek(0, 1440), '2024-11-03', now, NY);
    expect(first?.label).toBe('1:00 AM');
    expect(first?.startsAt.toUTC().toISO()).toBe('2024-11-03T06:00:00.000Z');
  });

  it('knows how many instants a wall time has', () => {
    expect(wallTimeInstants(localDay('2024-03-10', NY) as DateTime, 150)).toHaveLength(0);
    expect(wallTimeInstants(localDay('2024-11-03', NY) as DateTime, 90)).toHaveLength(2);
    expect(wallTimeInstants(localDay('2024-11-04', NY) as DateTime, 90)).toHaveLength(1);
  });
});

describe('schedule days: up to the next 7, skipping closed days (K9.29, K9.30)', () => {
  it('lists today and the six days after it, without the closed Mondays', () => {
    const hours = allWeek(540, 1260);
    delete hours.monday;
    const days = scheduleDays(hours, ny('2024-03-13T10:00'), NY); // a Wednesday
    expect(days.map((d) => d.date)).toEqual([
      '2024-03-13',
      '2024-03-14',
      '2024-03-15',
      '2024-03-16',
      '2024-03-17',
      '2024-03-19',
    ]);
    expect(days[0]?.label).toBe('Today');
    expect(days[1]?.label).toBe('Thu, Mar 14');
  });

  it('uses the merchant’s date, not UTC’s', () => {
    // 02:00 UTC Thursday is 22:00 Wednesday in New York.
    const days = scheduleDays(allWeek(540, 1260), DateTime.fromISO('2024-03-14T02:00:00Z'), NY);
    expect(days[0]?.date).toBe('2024-03-13');
  });

  it('lists nothing when every day is closed', () => {
    expect(scheduleDays({}, ny('2024-03-13T10:00'), NY)).toEqual([]);
  });

  it('accepts only an offered day and slot as a scheduled time', () => {
    const hours = allWeek(540, 1260);
    const now = ny('2024-03-13T10:10');
    expect(findOfferedSlot(hours, '2024-03-13', 660, now, NY)?.label).toBe('11:00 AM');
    expect(findOfferedSlot(hours, '2024-03-13', 630, now, NY)).toBeNull(); // too soon
    expect(findOfferedSlot(hours, '2024-03-13', 675, now, NY)).toBeNull(); // not on the half hour
    expect(findOfferedSlot(hours, '2024-03-20', 660, now, NY)).toBeNull(); // eighth day
  });
});

describe('the ready time an order shows (T4.71–T4.74)', () => {
  const weekly: WeeklyPrepTime = {
    wednesday: {
      status: 'busy',
      estimate: 25,
      fromMin_pickup: 15,
      toMin_pickup: 25,
      fromMin_delivery: 40,
      toMin_delivery: 60,
    },
  };
  const placedAt = ny('2024-03-13T12:00');

  it.each([
    [
      {
        orderMethod: 'pickup',
        scheduleDate: '2024-03-14',
        scheduleTimeStr: '6:30 PM',
        willBeReadyInMinutes: 20,
      },
      '2024-03-14 6:30 PM',
    ],
    [{ orderMethod: 'pickup', willBeReadyInMinutes: 20 }, '20 min'],
    [{ orderMethod: 'pickup', willBeReadyInMinutes: 0 }, 'Ready'],
    [{ orderMethod: 'pickup' }, '15-25 min'],
    [{ orderMethod: 'delivery' }, '40-60 min'],
    [{ orderMethod: 'dinein' }, '15-25 min'], // T4.74: dine-in uses pickup's range
    [{ orderMethod: 'curbside' }, '15-25 min'],
    [{ orderMethod: 'roomServiceDelivery' }, '40-60 min'],
  ] as const)('%j shows %s', (order, text) => {
    expect(readyTimeText(orderReadyTime({ ...order, placedAt }, weekly, NY))).toBe(text);
  });

  it('shows nothing when the day has no estimate', () => {
    expect(
      orderReadyTime({ orderMethod: 'pickup', placedAt: ny('2024-03-14T12:00') }, weekly, NY),
    ).toEqual({
      kind: 'unknown',
    });
  });
});

describe('date ranges in the merchant’s zone (K9.31)', () => {
  const wednesday = ny('2024-03-13T15:00');
  const iso = (d: DateTime | null) => d?.toISO() ?? null;

  it.each([
    ['today', '2024-03-13T00:00:00.000-04:00', '2024-03-14T00:00:00.000-04:00'],
    ['week', '2024-03-10T00:00:00.000-05:00', '2024-03-17T00:00:00.000-04:00'], // Sunday–Saturday, over DST
    ['month', '2024-03-01T00:00:00.000-05:00', '2024-04-01T00:00:00.000-04:00'],
    ['year', '2024-01-01T00:00:00.000-05:00', '2025-01-01T00:00:00.000-05:00'],
  ] as const)('%s runs from %s to %s', (kind, start, end) => {
    const range = dateRange(kind, wednesday, NY);
    expect(iso(range.start)).toBe(start);
    expect(iso(range.end)).toBe(end);
  });

  it('starts the week on the Sunday itself when today is Sunday and ends after Saturday', () => {
    expect(startOfSundayWeek(ny('2024-03-10T12:00')).toISODate()).toBe('2024-03-10');
    expect(startOfSundayWeek(ny('2024-03-16T23:59')).toISODate()).toBe('2024-03-10');
  });

  it('covers whole custom days, both ends included', () => {
    const range = dateRange('custom', wednesday, NY, { from: '2024-03-01', to: '2024-03-05' });
    expect(isInRange(range, ny('2024-03-05T23:59'))).toBe(true);
    expect(isInRange(range, ny('2024-03-06T00:00'))).toBe(false);
    expect(isInRange(range, ny('2024-03-01T00:00'))).toBe(true);
  });

  it('refuses a custom range that ends before it starts', () => {
    expect(() =>
      dateRange('custom', wednesday, NY, { from: '2024-03-05', to: '2024-03-01' }),
    ).toThrow(RangeError);
    expect(() => dateRange('custom', wednesday, NY)).toThrow(RangeError);
  });

  it('has no bounds for All Period', () => {
    const range = dateRange('all', wednesday, NY);
    expect(range).toEqual({ start: null, end: null });
    expect(isInRange(range, 0)).toBe(true);
  });

  it('counts "today" by the merchant’s midnight, not UTC’s', () => {
    const lateEvening = DateTime.fromISO('2024-03-14T03:30:00Z'); // 23:30 Wednesday in New York
    expect(isInRange(dateRange('today', wednesday, NY), lateEvening)).toBe(true);
    expect(isSameLocalDay(lateEvening, wednesday, NY)).toBe(true);
    expect(isSameLocalDay(DateTime.fromISO('2024-03-14T04:30:00Z'), wednesday, NY)).toBe(false);
  });
});
