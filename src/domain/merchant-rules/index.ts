export * from './orders.js';
export * from './store.js';
export * from './menu.js';
export * from './order-status.js';
