// The customers module's public file (docs/decisions/module-boundaries.md): the placement hooks
// award a signed-in diner's loyalty points through it.
export { type LoyaltyAward, loyaltyAwardStatement } from './customer-account.service.js';
