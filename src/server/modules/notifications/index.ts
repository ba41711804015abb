// The notifications module's public file (docs/decisions/module-boundaries.md).
export * from './notifications.service.js';
