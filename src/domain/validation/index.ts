export * from './fields.js';
export * from './forms.js';
