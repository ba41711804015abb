// The promo module's public file (docs/decisions/module-boundaries.md).
export { type ValidPromoCode, lookUpPromoCode, requirePromoCode } from './promo.service.js';
