export * from './merchants.js';
export * from './menu.js';
export * from './customers.js';
export * from './orders.js';
export * from './messaging.js';
export * from './audit.js';
export * from './files.js';
export * from './sign-in.js';
