export * from './email.js';
export * from './fields.js';
export * from './forms.js';
export * from './merchant-account.js';
