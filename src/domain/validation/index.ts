export * from './email.js';
export * from './fields.js';
export * from './forms.js';
export * from './checkout-fields.js';
export * from './merchant-account.js';
