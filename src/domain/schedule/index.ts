export * from './slots.js';
export * from './prep-time.js';
export * from './date-ranges.js';
