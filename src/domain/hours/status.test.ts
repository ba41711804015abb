// The store header's hours line (issue 25): open until when, or closed and when it opens, on the
// merchant's wall clock — across DST, breaks, closed days and a shift past midnight.
import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '../settings/schemas.js';
import { storeHoursStatus, wallClockAt } from './status.js';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

// Like the demo store: a Wednesday break (3:00–5:00 PM), closed on Mondays.
const lotus: WeeklyHours = {
  sunday: [{ open: 660, close: 1320 }],
  tuesday: [{ open: 660, close: 1320 }],
  wednesday: [
    { open: 660, close: 900 },
    { open: 1020, close: 1320 },
  ],
  thursday: [{ open: 660, close: 1320 }],
  friday: [{ open: 660, close: 1440 }],
  saturday: [
    { open: 0, close: 120 },
    { open: 660, close: 1440 },
  ],
};

describe('the wall clock of the merchant’s zone', () => {
  it('reads weekday and minute in the zone, not the machine’s', () => {
    // 2026-11-25 03:30 UTC is Tuesday 10:30 PM in New York and Tuesday 7:30 PM in Los Angeles.
    expect(wallClockAt(at('2026-11-25T03:30:00Z'), NY)).toEqual({
      weekday: 'tuesday',
      minute: 22 * 60 + 30,
    });
    expect(wallClockAt(at('2026-11-25T03:30:00Z'), 'America/Los_Angeles')).toEqual({
      weekday: 'tuesday',
      minute: 19 * 60 + 30,
    });
    expect(wallClockAt(at('2026-11-25T05:00:00Z'), NY).minute).toBe(0);
    expect(() => wallClockAt(0, 'Not/AZone')).toThrow();
  });
});

describe('storeHoursStatus', () => {
  it.each([
    ['2026-11-24T17:00:00Z', 'Tuesday noon', 'Open until 10:00 PM'],
    ['2026-11-25T02:59:00Z', 'Tuesday 9:59 PM', 'Open until 10:00 PM'],
    [
      '2026-11-25T03:00:00Z',
      'Tuesday 10:00 PM: closing is exclusive',
      'Closed — opens Wed 11:00 AM',
    ],
    ['2026-11-25T14:00:00Z', 'Wednesday 9:00 AM, before opening', 'Closed — opens 11:00 AM'],
    ['2026-11-25T20:10:00Z', 'Wednesday 3:10 PM, the break', 'Closed — opens 5:00 PM'],
    ['2026-11-25T22:00:00Z', 'Wednesday 5:00 PM, after the break', 'Open until 10:00 PM'],
    ['2026-11-26T03:30:00Z', 'Wednesday 10:30 PM', 'Closed — opens Thu 11:00 AM'],
    ['2026-11-28T04:00:00Z', 'Friday 11:00 PM, a shift past midnight', 'Open until 2:00 AM'],
    ['2026-11-28T06:00:00Z', 'Saturday 1:00 AM, the same shift', 'Open until 2:00 AM'],
    [
      '2026-11-29T05:30:00Z',
      'Sunday 12:30 AM, Saturday ended at midnight',
      'Closed — opens 11:00 AM',
    ],
    ['2026-11-30T16:00:00Z', 'Monday, closed all day', 'Closed — opens Tue 11:00 AM'],
    ['2026-11-30T03:30:00Z', 'Sunday 10:30 PM, Monday closed', 'Closed — opens Tue 11:00 AM'],
  ])('%s (%s): %s', (iso, _when, text) => {
    expect(storeHoursStatus(lotus, at(iso), NY).text).toBe(text);
  });

  it('says when and where it opens in its answer, not only in the text', () => {
    expect(storeHoursStatus(lotus, at('2026-11-30T16:00:00Z'), NY)).toEqual({
      open: false,
      opensAt: { weekday: 'tuesday', minute: 660, daysAhead: 1 },
      text: 'Closed — opens Tue 11:00 AM',
    });
    expect(storeHoursStatus(lotus, at('2026-11-28T04:00:00Z'), NY)).toMatchObject({
      open: true,
      closesAt: { weekday: 'saturday', minute: 120 },
    });
  });

  it('reads the wall clock across DST: spring forward and fall back', () => {
    // Sunday 8 March 2026, clocks go to EDT at 2:00. 15:00 UTC is 11:00 EDT (10:00 in EST).
    expect(storeHoursStatus(lotus, at('2026-03-08T15:00:00Z'), NY).text).toBe(
      'Open until 10:00 PM',
    );
    expect(storeHoursStatus(lotus, at('2026-03-08T14:59:00Z'), NY).text).toBe(
      'Closed — opens 11:00 AM',
    );
    // Sunday 1 November 2026, back to EST at 2:00. 15:30 UTC is 10:30 EST (11:30 in EDT).
    expect(storeHoursStatus(lotus, at('2026-11-01T15:30:00Z'), NY).text).toBe(
      'Closed — opens 11:00 AM',
    );
    expect(storeHoursStatus(lotus, at('2026-11-01T16:00:00Z'), NY).text).toBe(
      'Open until 10:00 PM',
    );
  });

  it('names the closing day when it is not tonight, and says Open 24 hours when it never closes', () => {
    // Like the demo store: open day and night, but for a Wednesday break 3:00–3:30 PM.
    const demo: WeeklyHours = {
      sunday: [{ open: 0, close: 1440 }],
      monday: [{ open: 0, close: 1440 }],
      tuesday: [{ open: 0, close: 1440 }],
      wednesday: [
        { open: 0, close: 900 },
        { open: 930, close: 1440 },
      ],
      thursday: [{ open: 0, close: 1440 }],
      friday: [{ open: 0, close: 1440 }],
      saturday: [{ open: 0, close: 1440 }],
    };
    expect(storeHoursStatus(demo, at('2026-11-24T17:00:00Z'), NY).text).toBe(
      'Open until Wed 3:00 PM',
    );
    expect(storeHoursStatus(demo, at('2026-11-25T17:00:00Z'), NY).text).toBe('Open until 3:00 PM');
    expect(storeHoursStatus(demo, at('2026-11-25T20:10:00Z'), NY).text).toBe(
      'Closed — opens 3:30 PM',
    );
    expect(storeHoursStatus(demo, at('2026-11-25T21:00:00Z'), NY).text).toBe(
      'Open until Wed 3:00 PM',
    );
    const always: WeeklyHours = Object.fromEntries(
      Object.keys(demo).map((d) => [d, [{ open: 0, close: 1440 }]]),
    );
    expect(storeHoursStatus(always, at('2026-11-25T20:10:00Z'), NY)).toEqual({
      open: true,
      closesAt: null,
      text: 'Open 24 hours',
    });
  });

  it('closes at 12:00 AM when no shift carries past midnight, and says Closed with no hours', () => {
    const lateFriday: WeeklyHours = { friday: [{ open: 1080, close: 1440 }] };
    expect(storeHoursStatus(lateFriday, at('2026-11-28T03:00:00Z'), NY).text).toBe(
      'Open until 12:00 AM',
    );
    expect(storeHoursStatus(lateFriday, at('2026-11-28T05:00:00Z'), NY).text).toBe(
      'Closed — opens Fri 6:00 PM',
    );
    expect(storeHoursStatus({}, at('2026-11-28T05:00:00Z'), NY)).toEqual({
      open: false,
      opensAt: null,
      text: 'Closed',
    });
  });

  it('opens again a week later when its only day is today and it has closed', () => {
    const tuesdays: WeeklyHours = { tuesday: [{ open: 660, close: 900 }] };
    expect(storeHoursStatus(tuesdays, at('2026-11-24T21:00:00Z'), NY).text).toBe(
      'Closed — opens Tue 11:00 AM',
    );
  });
});
