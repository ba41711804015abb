export * from './line.js';
export * from './tips.js';
export * from './tip-presets-schema.js';
export * from './delivery.js';
export * from './totals.js';
export * from './loyalty.js';
export * from './quote.js';
