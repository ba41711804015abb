// The payments module's public file (docs/decisions/module-boundaries.md): placing an order with
// its payment (checkout), the charge records (transactions), and the providers a merchant may
// choose (the store-settings save).
export { gatewayOf, requestFingerprint } from './gateway.js';
// The one interface of money movement (issue 26): every gateway call, recorded in the ledger.
export {
  LEDGER_KEYS,
  type Moved,
  adjustTip,
  authoriseCardCheck,
  capturePayment,
  inquirePayment,
  refundPayment,
  voidPayment,
} from './money.js';
export {
  NOT_OFFERED,
  keepCredentialsOnSwitch,
  offeredProviders,
  providerSwitchRefusal,
} from './payment-gateway.service.js';
export type { TransactionRow } from './payments.repository.js';
export {
  findChargeTransaction,
  findMerchantTransaction,
  insertTransaction,
  updateTransaction,
} from './transaction-records.service.js';
export { paymentReconcilerJob } from './reconciler.js';
export { setPaymentProvider } from './credentials.js';
export {
  type PaymentInput,
  type SendOrderResult,
  earlierAnswer,
  placeOrderWithPayment,
} from './payments.service.js';
export { finishHostedPayment, openHostedSession } from './hosted-payments.service.js';
export {
  CANCEL_CHECK_REASON,
  type CancelRelease,
  cancelMovesFor,
  releaseCancelledPayment,
} from './cancel-release.js';
