// The cache module's public file: what other modules may use (docs/decisions/module-boundaries.md).
export { CachedBody, sendCached } from './cached-body.js';
export { notifyMenuChanged } from './cache.repository.js';
export {
  type InvalidationBus,
  invalidationBusOf,
  menuChangedHere,
  menuInvalidation,
} from './invalidation.js';
export { type Loaded, MerchantCache } from './merchant-cache.js';
