// The payments module's public file (docs/decisions/module-boundaries.md). Added while the
// placement path in this module is being rewritten: it only re-exports what other modules use.
export { gatewayEnv, gatewayOf } from './gateway.js';
export {
  type TransactionRow,
  findChargeTransaction,
  findMerchantTransaction,
  insertTransaction,
  updateTransaction,
} from './payments.repository.js';
