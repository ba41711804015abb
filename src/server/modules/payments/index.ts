// The payments module's public file (docs/decisions/module-boundaries.md): placing an order with
// its payment (checkout) and the charge records (transactions).
export { gatewayEnv, gatewayOf, requestFingerprint } from './gateway.js';
export {
  type TransactionRow,
  findChargeTransaction,
  findMerchantTransaction,
  insertTransaction,
  updateTransaction,
} from './payments.repository.js';
export { type SendOrderResult, earlierAnswer, placeOrderWithPayment } from './payments.service.js';
