// A placed order as the diner's order-placed page reads it (spec §2 order_placed), and the
// amounts every order answer shows.
import { z } from 'zod';
import { type OrderTotals, orderTotalsSchema } from '../domain/pricing/totals.js';
import { merchantIdParam } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** An order's amounts in cents: the domain's pricing defines them (one home). */
export const orderAmounts = orderTotalsSchema;
export type OrderAmounts = OrderTotals;

export const ORDER_STATES = ['awaiting_payment', 'placed', 'voided', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

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

export const orderPlacedView = z.object({
  _id: z.string(),
  state: z.enum(ORDER_STATES),
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
