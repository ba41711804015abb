export * from './money.js';
export * from './fields.js';
export * from './time.js';
export * from './notice.js';
export * from './address.js';
