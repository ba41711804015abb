// The transactions module's public file (docs/decisions/module-boundaries.md): the test controls
// (routes.ts) drive a transaction's void and tip adjustment through it.
export {
  adjustTransactionTips,
  getOrderTransaction,
  voidTransaction,
} from './transactions.service.js';
