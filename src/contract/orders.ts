// A placed order as the diner's order-placed page reads it (spec §2 order_placed), and the
// amounts every order answer shows.
import { z } from 'zod';
import { ORDER_LIVE_STATUSES } from '../domain/merchant-rules/order-status.js';
import { ORDER_LIFE_STATES, type OrderLifeState, isPlaced } from '../domain/orders/order-life.js';
import { type OrderTotals, orderTotalsSchema } from '../domain/pricing/totals.js';
import { merchantIdParam } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** An order's amounts in cents: the domain's pricing defines them (one home). */
export const orderAmounts = orderTotalsSchema;
export type OrderAmounts = OrderTotals;

/**
 * The order's life (docs/decisions/order-life.md): the domain's table is the one home of the
 * states; the database column and the `stage` field of the views carry them.
 */
export const ORDER_STATES = ORDER_LIFE_STATES;
export type OrderState = OrderLifeState;

/**
 * The `state` field the diner's page and the merchant's list had before the order's life grew
 * (issue 26), kept as it was on the wire: every state the merchant moves a placed order through
 * (accepted, ready, completed) still reads 'placed'; `stage` tells them apart.
 */
export const WIRE_ORDER_STATES = [
  'awaiting_payment',
  'placed',
  'voided',
  'failed',
  'cancelled',
] as const;
export type WireOrderState = (typeof WIRE_ORDER_STATES)[number];
export function wireStateOf(state: OrderState): WireOrderState {
  return isPlaced(state) ? 'placed' : (state as WireOrderState);
}

/** One line of a placed order, as ordered (names and prices are a snapshot of the menu then). */
export const orderLineView = z.object({
  name: z.string(),
  name_2nd: z.string(),
  size: z.string(),
  size_2nd: z.string(),
  qty: z.number().int(),
  priceCents: z.number().int(),
  orderItemOptions: z.array(
    z.object({ name: z.string(), name_2nd: z.string(), priceCents: z.number().int() }),
  ),
  note: z.string(),
  lineTotalCents: z.number().int(),
  isFreePromo: z.boolean(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

/**
 * Where a placed order stands, as the diner's page shows it and its stream pushes it: received,
 * confirmed (read), ready at a time, ready, cancelled — with the text to show.
 */
export const orderLiveStatus = z.object({
  status: z.enum(ORDER_LIVE_STATUSES),
  readyAt: z.string().nullable(),
  text: z.string(),
});
export type OrderLiveStatusView = z.infer<typeof orderLiveStatus>;

export const orderPlacedView = z.object({
  _id: z.string(),
  state: z.enum(WIRE_ORDER_STATES),
  /** Where the order is in its life (placed, accepted, ready, completed…). */
  stage: z.enum(ORDER_STATES),
  orderId: z.number().int().nullable(),
  dailyOrderId: z.number().int().nullable(),
  orderSaveDate: z.string(),
  orderMethod: z.string(),
  paymentMethod: z.string(),
  paid: z.boolean(),
  hasVoid: z.boolean(),
  dineinTableName: z.string(),
  scheduleDate: z.string(),
  scheduleTimeStr: z.string(),
  willBeReadyInMinutes: z.number().int().nullable(),
  readyTime: z.object({ kind: z.string(), text: z.string() }),
  /** Null until the order is placed (a card payment being confirmed). */
  live: orderLiveStatus.nullable(),
  customerName: z.string(),
  orderItems: z.array(orderLineView),
  amounts: orderAmounts.omit({ feesShownCents: true }),
  merchant_info: z.object({
    merchantId: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    phone: z.string(),
  }),
  orderPreparingNotice: z.string(),
  /**
   * Where the order is handed over (issue 25): the delivery address the diner gave, or for every
   * other method the store (or its branch) that makes it, with its name.
   */
  handover: z.object({
    kind: z.enum(['delivery', 'store']),
    name: z.string(),
    address: z.string(),
  }),
  customerInfoCollect: z.object({ enabled: z.boolean(), noticeMsg: z.string() }).nullable(),
});
export type OrderPlacedView = z.infer<typeof orderPlacedView>;

/** Public by design: the id is a random UUID known only to the diner who placed the order. */
export const getPlacedOrder = defineRoute(
  'GET',
  '/api/orderPlaced/merchantId/:merchantId/order/_id/:id',
  {
    tags: ['orders'],
    params: z.object({ merchantId: merchantIdParam, id: z.uuid() }),
    response: { 200: orderPlacedView, 400: errorBody, 404: errorBody },
  },
);

/** The most live streams one placed order may hold open on one instance (a few tabs). */
export const PLACED_ORDER_STREAMS_PER_ORDER = 4;

/**
 * One event of the placed order's stream (`event: status`): the order's state and live status,
 * sent when the stream opens and whenever either changes. A reconnect simply gets the current one.
 */
export const placedOrderStreamEvent = z.object({
  state: z.enum(WIRE_ORDER_STATES),
  live: orderLiveStatus.nullable(),
});
export type PlacedOrderStreamEvent = z.infer<typeof placedOrderStreamEvent>;

/**
 * GET .../order/_id/{id}/stream: Server-Sent Events of one placed order's status, public like the
 * page (the random id is the key; no contact details are sent).
 */
export const streamPlacedOrder = defineRoute(
  'GET',
  '/api/orderPlaced/merchantId/:merchantId/order/_id/:id/stream',
  {
    tags: ['orders'],
    params: z.object({ merchantId: merchantIdParam, id: z.uuid() }),
    response: { 200: z.string(), 400: errorBody, 404: errorBody, 429: errorBody },
  },
);
