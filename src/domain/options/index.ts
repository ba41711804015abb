export * from './bounds.js';
export * from './item-choice.js';
