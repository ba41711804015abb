export * from './category-promo.js';
export * from './order-promotion.js';
