// The orders module's public file (docs/decisions/module-boundaries.md): what payments, checkout,
// transactions and the placement hooks use of an order's life.
export type { OrderRow, PaymentStatus } from './orders.repository.js';
export {
  ORDER_EVENTS_CHANNEL,
  claimOrderForAction,
  findOrder,
  listOrderLines,
  lockOrder,
  parseOrderEventPayload,
  orderPlacedSince,
  lastOrderEventSeq,
  orderEventsAfter,
  recordOrderEvent,
  releaseOrderClaim,
} from './order-records.service.js';
export {
  type OrderDraft,
  type OrderPlacedHook,
  type PlacementKnown,
  cartBeingPlaced,
  cartJustOrdered,
  JUST_ORDERED_MS,
  checkDraft,
  createAwaitingOrder,
  failOrder,
  orderRowFrom,
  placeOrder,
} from './orders.service.js';
export { orderAmountsOf, orderLineViews, readyTimeOf } from './order-views.js';
export {
  type CommandDone,
  type DashboardFields,
  type OrderTarget,
  type SystemTarget,
  acceptOrder,
  cancelOrder,
  completeOrder,
  markOrderReady,
  markPrintedToKitchen,
  orderStateConflict,
  recordCancelRelease,
  recordCapture,
  recordOrderVoid,
  recordRelease,
  recordTipAdjusted,
  settlePaymentCheck,
  updateDashboardFields,
} from './order-commands.js';
