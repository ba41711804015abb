export * from './rounding.js';
export * from './parse.js';
