// The days of the week in the spec's order (Sunday first, spec §9), in a module of their own with
// no zod, so the store page's first load (the header's hours) can use them (tests/lint/
// store-first-load.test.ts).
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
