// Browser journeys only (TEST_CONTROLS=true, never in production): the server's clock, so a journey
// can open a store at a closed hour or order from a category outside its hours without waiting.
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const testClockView = z.object({ now: z.iso.datetime() });

export const getTestClock = defineRoute('GET', '/api/test/clock', {
  tags: ['development'],
  description: 'Browser journeys only: the time the server takes as now.',
  response: { 200: testClockView },
});

export const setTestClock = defineRoute('PUT', '/api/test/clock', {
  tags: ['development'],
  description:
    'Browser journeys only: sets the time the server takes as now (null: the real time).',
  body: z.object({
    now: z.iso
      .datetime({ offset: true })
      // Ranges of the clock's year must end before year 10000, which PostgreSQL cannot hold.
      .refine((s) => new Date(s).getUTCFullYear() <= 9998, 'Must be before the year 9999')
      .nullable(),
  }),
  response: { 200: testClockView, 400: errorBody },
});
