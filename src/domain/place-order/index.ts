export * from './checks.js';
export * from './methods.js';
