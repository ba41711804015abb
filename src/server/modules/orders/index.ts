// The orders module's public file (docs/decisions/module-boundaries.md). Added while the
// placement path in this module is being rewritten: it only re-exports what other modules use.
export { type OrderRow, findOrder, updateOrder } from './orders.repository.js';
export { type OrderPlacedHook, markOrderVoided } from './orders.service.js';
