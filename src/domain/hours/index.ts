export * from './weekly-hours.js';
export * from './availability.js';
export * from './status.js';
