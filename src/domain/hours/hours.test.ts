import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { WeeklyHours } from '../settings/schemas.js';
import {
  cartButtonState,
  describeDay,
  describeWeek,
  inZone,
  isClosedDay,
  isLineAvailable,
  isOpenAt,
  isWithinAvailableHours,
  unavailableNote,
  weekdayOf,
} from './index.js';

const NY = 'America/New_York';
const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });

// 2024-03-10 is a Sunday (spring forward in New York at 2:00), 2024-11-03 a Sunday (fall back).
const nineToFive: WeeklyHours = {
  sunday: [{ open: 540, close: 1020 }],
  monday: [{ open: 540, close: 1020 }],
  saturday: [{ open: 540, close: 1020 }],
};

describe('open at an instant, on the merchant’s wall clock', () => {
  it.each([
    ['2024-03-09T14:30Z', true, 'Saturday 9:30 EST'],
    ['2024-03-09T13:30Z', false, 'Saturday 8:30 EST'],
    ['2024-03-10T13:00Z', true, 'spring-forward Sunday 9:00 EDT'],
    ['2024-03-10T12:59Z', false, 'spring-forward Sunday 8:59 EDT (would be 7:59 EST)'],
    ['2024-03-10T20:59Z', true, 'spring-forward Sunday 16:59 EDT'],
    ['2024-03-10T21:00Z', false, 'spring-forward Sunday 17:00 EDT: closing is exclusive'],
    ['2024-11-03T14:00Z', true, 'fall-back Sunday 9:00 EST'],
    ['2024-11-03T13:30Z', false, 'fall-back Sunday 8:30 EST (would be 9:30 EDT)'],
    ['2024-11-03T21:59Z', true, 'fall-back Sunday 16:59 EST'],
    ['2024-11-03T22:00Z', false, 'fall-back Sunday 17:00 EST'],
    ['2024-03-12T15:00Z', false, 'Tuesday has no entry: closed'],
  ])('%s is open: %s (%s)', (iso, open) => {
    expect(isOpenAt(nineToFive, utc(iso), NY)).toBe(open);
  });

  it('accepts the injected clock as epoch milliseconds', () => {
    expect(isOpenAt(nineToFive, Date.parse('2024-03-09T14:30:00Z'), NY)).toBe(true);
  });

  it('judges in the merchant’s zone, not the server’s', () => {
    const la = 'America/Los_Angeles';
    // 17:30 UTC on a Saturday is 12:30 in New York and 9:30 in Los Angeles.
    expect(isOpenAt({ saturday: [{ open: 720, close: 780 }] }, utc('2024-03-09T17:30Z'), NY)).toBe(
      true,
    );
    expect(isOpenAt({ saturday: [{ open: 720, close: 780 }] }, utc('2024-03-09T17:30Z'), la)).toBe(
      false,
    );
  });

  it('treats a day with an empty list like a day without an entry', () => {
    const hours: WeeklyHours = { monday: [] };
    expect(isClosedDay(hours, 'monday')).toBe(true);
    expect(isClosedDay(hours, 'tuesday')).toBe(true);
    expect(isOpenAt(hours, utc('2024-03-11T15:00Z'), NY)).toBe(false);
  });

  it('keeps a late-night shift as two periods on two days (no period crosses midnight)', () => {
    const hours: WeeklyHours = {
      friday: [{ open: 1320, close: 1440 }],
      saturday: [{ open: 0, close: 120 }],
    };
    expect(isOpenAt(hours, DateTime.fromISO('2024-03-08T23:59', { zone: NY }), NY)).toBe(true);
    expect(isOpenAt(hours, DateTime.fromISO('2024-03-09T00:00', { zone: NY }), NY)).toBe(true);
    expect(isOpenAt(hours, DateTime.fromISO('2024-03-09T01:59', { zone: NY }), NY)).toBe(true);
    expect(isOpenAt(hours, DateTime.fromISO('2024-03-09T02:00', { zone: NY }), NY)).toBe(false);
  });

  it('opens several periods in one day and closes the gap between them', () => {
    const hours: WeeklyHours = {
      monday: [
        { open: 1020, close: 1320 },
        { open: 660, close: 840 },
      ],
    };
    const at = (hhmm: string) => DateTime.fromISO(`2024-03-11T${hhmm}`, { zone: NY });
    expect(isOpenAt(hours, at('11:00'), NY)).toBe(true);
    expect(isOpenAt(hours, at('15:00'), NY)).toBe(false);
    expect(isOpenAt(hours, at('17:00'), NY)).toBe(true);
  });

  it('refuses an unknown time zone rather than guessing', () => {
    expect(() => isOpenAt(nineToFive, 0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('names weekdays Sunday to Saturday in lowercase', () => {
    expect(weekdayOf(inZone(utc('2024-03-10T15:00Z'), NY))).toBe('sunday');
    expect(weekdayOf(inZone(utc('2024-03-09T15:00Z'), NY))).toBe('saturday');
    // 02:00 UTC Sunday is still Saturday evening in New York.
    expect(weekdayOf(inZone(utc('2024-03-10T02:00Z'), NY))).toBe('saturday');
  });

  it('describes hours in 12-hour form, Sunday first (K9.24, K9.25)', () => {
    const hours: WeeklyHours = {
      monday: [
        { open: 1020, close: 1440 },
        { open: 660, close: 840 },
      ],
    };
    expect(describeDay(hours, 'monday')).toBe('11:00 AM - 2:00 PM, 5:00 PM - 12:00 AM');
    expect(describeDay(hours, 'tuesday')).toBe('Closed');
    expect(describeWeek(hours).map((d) => d.weekday)[0]).toBe('sunday');
  });
});

describe('category and item availability (T4.6, T4.8)', () => {
  const lunch: WeeklyHours = { monday: [{ open: 660, close: 900 }] };
  const mondayNoon = DateTime.fromISO('2024-03-11T12:00', { zone: NY });
  const mondayEvening = DateTime.fromISO('2024-03-11T18:00', { zone: NY });

  it.each([
    [undefined, true],
    [null, true],
    [{}, true], // a cleared editor restricts nothing
  ])('hours %j restrict nothing', (hours, ok) => {
    expect(isWithinAvailableHours(hours, mondayEvening, NY)).toBe(ok);
  });

  it('makes a line unavailable outside its category hours, with the spec’s note', () => {
    expect(isLineAvailable({ categoryHours: lunch }, mondayNoon, NY)).toBe(true);
    expect(isLineAvailable({ categoryHours: lunch }, mondayEvening, NY)).toBe(false);
    expect(unavailableNote({ categoryHours: lunch }, mondayEvening, NY)).toBe(
      'This item unavailable now.',
    );
    expect(unavailableNote({ categoryHours: lunch }, mondayNoon, NY)).toBeNull();
  });

  it('needs both the category and the item hours, and never a sold-out item', () => {
    const evening: WeeklyHours = { monday: [{ open: 1020, close: 1320 }] };
    expect(isLineAvailable({ categoryHours: lunch, itemHours: evening }, mondayNoon, NY)).toBe(
      false,
    );
    expect(isLineAvailable({ soldOut: true }, mondayNoon, NY)).toBe(false);
  });

  it.each([
    [false, false, 'storeClosed'],
    [false, true, 'storeClosed'],
    [true, true, 'removeUnavailable'],
    [true, false, 'checkout'],
  ] as const)(
    'the cart button with store open %s and unavailable lines %s is %s (T4.5–T4.7)',
    (open, unavailable, state) => {
      expect(cartButtonState(open, unavailable)).toBe(state);
    },
  );
});
