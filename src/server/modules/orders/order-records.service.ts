// What other modules may read and change of an order's row and its events, each the repository's
// statement offered as a service, so the public file index.ts names no repository
// (docs/decisions/module-boundaries.md). Its writes are the claims and the order events; every
// write of an order's row is one of the order's commands (order-commands.ts, order-life.md).
import * as repository from './orders.repository.js';

/** The NOTIFY channel an order event is announced on (the live streams listen to it). */
export const ORDER_EVENTS_CHANNEL = repository.ORDER_EVENTS_CHANNEL;

// Read models: an order, its lines, its events after a sequence number (the live streams).
export const findOrder: typeof repository.findOrder = (...args) => repository.findOrder(...args);
export const listOrderLines: typeof repository.listOrderLines = (...args) =>
  repository.listOrderLines(...args);
export const orderPlacedSince: typeof repository.orderPlacedSince = (...args) =>
  repository.orderPlacedSince(...args);
export const lastOrderEventSeq: typeof repository.lastOrderEventSeq = (...args) =>
  repository.lastOrderEventSeq(...args);
export const orderEventsAfter: typeof repository.orderEventsAfter = (...args) =>
  repository.orderEventsAfter(...args);
export const parseOrderEventPayload: typeof repository.parseOrderEventPayload = (...args) =>
  repository.parseOrderEventPayload(...args);

// Writes, in the caller's transaction.
export const claimOrderForAction: typeof repository.claimOrderForAction = (...args) =>
  repository.claimOrderForAction(...args);
export const lockOrder: typeof repository.lockOrder = (...args) => repository.lockOrder(...args);
export const recordOrderEvent: typeof repository.recordOrderEvent = (...args) =>
  repository.recordOrderEvent(...args);
export const releaseOrderClaim: typeof repository.releaseOrderClaim = (...args) =>
  repository.releaseOrderClaim(...args);
