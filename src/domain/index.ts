// The pure rules of Forkful (docs/design/stack.md): used by the server, the authority, and by the
// browser for early feedback. Import a folder (`domain/pricing/index.js`) or this file.
export * from './messages.js';
export * from './settings/schemas.js';
export * from './money/index.js';
export * from './format/index.js';
export * from './pricing/index.js';
export * from './promotions/index.js';
export * from './hours/index.js';
export * from './schedule/index.js';
export * from './options/index.js';
export * from './validation/index.js';
export * from './place-order/index.js';
export * from './merchant-rules/index.js';
