export * from './weekly-hours.js';
export * from './availability.js';
