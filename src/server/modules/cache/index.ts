// The cache module's public file: what other modules may use (docs/decisions/module-boundaries.md).
export { CachedBody, sendCached } from './cached-body.js';
export {
  type InvalidationBus,
  invalidationBusOf,
  menuChangedHere,
  menuInvalidation,
  notifyMenuChanged,
} from './invalidation.js';
export { type Loaded, MerchantCache } from './merchant-cache.js';
