// The merchant's orders (spec §7 "Orders", /api/orders7/merchantId/{merchantId}), for the signed-in
// merchant of :merchantId only: the list of a date range with its totals, orders by ids, the
// latest order for the 10-second poll, one order by number or _id, and the dashboard's updates.
// The spec never shows `dateRangeObj`: here it is the query `range` (today, week, month, year,
// custom with from/to, all), merchant-local days; see docs/decisions/merchant-orders.md.
import { z } from 'zod';
import { MESSAGES } from '../domain/messages.js';
import { READY_MINUTES_MAX } from '../domain/merchant-rules/orders.js';
import { DATE_RANGE_KINDS, LAST_RANGE_DAY } from '../domain/schedule/date-ranges.js';
import { ORDER_METHODS, PAYMENT_METHODS } from '../domain/settings/schemas.js';
import { jsonQueryParam, latLng, merchantIdParam, uuidParam } from './common.js';
import { errorAnswers } from './errors.js';
import { ORDER_STATES, orderAmounts, orderLineView } from './orders.js';
import { defineRoute } from './route.js';
import { writeBodyOf } from './write-body.js';

/** The most orders one page of the list carries (the dashboard scrolls for more). */
export const MERCHANT_ORDERS_PAGE_MAX = 100;
export const MERCHANT_ORDERS_PAGE_DEFAULT = 50;
/** The most ids one `orders/_ids` read takes. */
export const MERCHANT_ORDERS_IDS_MAX = 100;

export const merchantOrderView = z.object({
  _id: z.string(),
  /** 'placed' for every state the merchant moves a placed order through (issue 26); see stage. */
  state: z.enum(['placed', 'cancelled', 'voided']),
  /** Where the order is in its life (docs/decisions/order-life.md). */
  stage: z.enum(ORDER_STATES),
  /** The spec's orderId: the merchant's order number; larger numbers were placed later. */
  orderId: z.number().int(),
  dailyOrderId: z.number().int(),
  orderSaveDate: z.string(),
  orderMethod: z.string(),
  paymentMethod: z.string(),
  paid: z.boolean(),
  hasVoid: z.boolean(),
  paymentStatus: z.string(),
  /** The card as the dashboard shows it: brand and last four digits only. */
  card: z.object({ cardType: z.string().nullable(), last4: z.string() }).nullable(),
  dineinTableName: z.string(),
  carMakeModel: z.string(),
  carColor: z.string(),
  roomServiceRoom: z.string(),
  isBranch: z.boolean(),
  customerName: z.string(),
  phone: z.string(),
  customerEmail: z.string(),
  customerAddrStr: z.string(),
  deliveryNote: z.string(),
  /** The diner's checkout choice to receive order information (checklist E3.54). */
  receiveOrderInfo: z.boolean(),
  deliveryLocation: latLng.nullable(),
  deliveryDistanceMiles: z.number().nullable(),
  scheduleDate: z.string(),
  scheduleTimeStr: z.string(),
  willBeReadyInMinutes: z.number().int().nullable(),
  readyTime: z.object({ kind: z.string(), text: z.string() }),
  /**
   * When the order is due (issue 27, order-board.md): the scheduled slot; else accepted + the
   * ready minutes; else placed + the end of the method's range (dine-in as pickup). Null when
   * nothing tells (no prep time set). The board marks an open order past it late.
   */
  dueAt: z.string().nullable(),
  hasBeenRead: z.boolean(),
  hasPrintedToKitchen: z.boolean(),
  hasSentOrderTimeSMS: z.boolean(),
  promoCode: z.string().nullable(),
  amounts: orderAmounts.omit({ feesShownCents: true }),
  orderItems: z.array(orderLineView),
});
export type MerchantOrderView = z.infer<typeof merchantOrderView>;

const base = '/api/orders7/merchantId/:merchantId';
const errors = errorAnswers(400, 401, 403, 404);
const merchantOnly = z.object({ merchantId: merchantIdParam });
/** A merchant-local day of a range: on the calendar, and no later than the last day it can end. */
const day = z.iso
  .date('Invalid date (yyyy-mm-dd)')
  .refine((d) => d <= LAST_RANGE_DAY, `Must be ${LAST_RANGE_DAY} or earlier`);

/** The spec's dateRangeObj: the range's kind and, for a custom one, its first and last day. */
const rangeFields = {
  range: z.enum(DATE_RANGE_KINDS).default('today'),
  /** Custom range, merchant-local days, both inclusive. */
  from: day.optional(),
  to: day.optional(),
};

type RangeQuery = { range: string; from?: string | undefined; to?: string | undefined };

/** A custom range needs both ends, in order. */
function checkedRange<T extends z.ZodType<RangeQuery>>(schema: T) {
  return schema
    .refine((q) => q.range !== 'custom' || (q.from !== undefined && q.to !== undefined), {
      message: 'A custom range needs from and to',
      path: ['from'],
    })
    .refine((q) => q.range !== 'custom' || !q.from || !q.to || q.from <= q.to, {
      message: 'from must not be after to',
      path: ['to'],
    });
}

// Strict (issue 28): a query key nobody reads is refused naming it, never silently ignored.
export const dateRangeQuery = checkedRange(z.strictObject(rangeFields));

/**
 * The board's status filters (issue 27, docs/decisions/order-board.md): New (placed), In
 * progress (accepted), Ready, Done (completed), Cancelled (cancelled or voided), All.
 */
export const BOARD_STATUSES = ['new', 'in_progress', 'ready', 'done', 'cancelled', 'all'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];
/** The longest search text: a name, a phone or an order number. */
export const ORDER_SEARCH_MAX = 60;

export const orderRangeQuery = checkedRange(
  z.strictObject({
    ...rangeFields,
    /** The board's status filter; counts in the answer are per status whatever this is. */
    status: z.enum(BOARD_STATUSES).default('all'),
    /** `now`: every open order (new, in progress, ready) whatever day; the range is not read. */
    view: z.enum(['range', 'now']).default('range'),
    /** Order number, the diner's name or phone (digits): orders that match any. */
    q: z.string().trim().max(ORDER_SEARCH_MAX).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MERCHANT_ORDERS_PAGE_MAX)
      .default(MERCHANT_ORDERS_PAGE_DEFAULT),
    /** The cursor of the previous page: the next page holds the orders numbered below it. */
    before: z.coerce.number().int().min(1).optional(),
  }),
);

export const orderListAnswer = z.object({
  orders: z.array(merchantOrderView),
  /** Over the whole range, not the page: voided orders are left out of both. */
  totals: z.object({ totalSaleCents: z.number().int(), orders: z.number().int() }),
  /** Orders of the range (or the Now view) matching the search, per board status. */
  counts: z.record(z.enum(BOARD_STATUSES), z.number().int()),
  /** Pass as `before` for the next page; null when this page was the last. */
  nextCursor: z.number().int().nullable(),
});
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

export const listMerchantOrders = defineRoute('GET', `${base}/orders`, {
  tags: ['merchant orders'],
  params: merchantOnly,
  querystring: orderRangeQuery,
  response: { 200: orderListAnswer, ...errors },
});

/**
 * The spec's `queryObj`, which it never shows: the filters the dashboard may combine. The poll's
 * "orders above the latest seen" (checklist T4.67) is `orderIdAbove`.
 */
export const orderQueryObj = z
  .object({
    orderMethod: z.enum(ORDER_METHODS).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    hasBeenRead: z.boolean().optional(),
    hasPrintedToKitchen: z.boolean().optional(),
    hasVoid: z.boolean().optional(),
    orderIdAbove: z.number().int().min(0).optional(),
  })
  .strict();
export type OrderQueryObj = z.infer<typeof orderQueryObj>;

export const queryMerchantOrders = defineRoute('GET', `${base}/orders/query`, {
  tags: ['merchant orders'],
  description: 'The list with filters: queryObj and dateRangeObj are JSON in the query string.',
  params: merchantOnly,
  querystring: z.strictObject({
    queryObj: jsonQueryParam(orderQueryObj).optional(),
    dateRangeObj: jsonQueryParam(dateRangeQuery).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MERCHANT_ORDERS_PAGE_MAX)
      .default(MERCHANT_ORDERS_PAGE_DEFAULT),
    before: z.coerce.number().int().min(1).optional(),
  }),
  response: { 200: orderListAnswer, ...errors },
});

export const listMerchantOrdersByIds = defineRoute('GET', `${base}/orders/_ids`, {
  tags: ['merchant orders'],
  params: merchantOnly,
  querystring: z.object({
    /** Comma-separated order _ids. */
    _idOrders: z
      .string()
      .max(MERCHANT_ORDERS_IDS_MAX * 37)
      .transform((text) => text.split(',').filter((id) => id !== ''))
      .pipe(z.array(uuidParam).min(1).max(MERCHANT_ORDERS_IDS_MAX)),
  }),
  response: { 200: z.object({ orders: z.array(merchantOrderView) }), ...errors },
});

export const getLatestMerchantOrder = defineRoute('GET', `${base}/latestOrder`, {
  tags: ['merchant orders'],
  description: "The newest placed order's number and _id, for the dashboard's 10-second poll.",
  params: merchantOnly,
  response: {
    200: z.object({ orderId: z.number().int().nullable(), _id: z.string().nullable() }),
    ...errors,
  },
});

export const getMerchantOrderByNumber = defineRoute('GET', `${base}/order/orderId/:orderId`, {
  tags: ['merchant orders'],
  params: z.object({
    merchantId: merchantIdParam,
    orderId: z.coerce.number().int().min(1).max(2_000_000_000),
  }),
  response: { 200: merchantOrderView, ...errors },
});

export const getMerchantOrderById = defineRoute('GET', `${base}/order/_id/:id`, {
  tags: ['merchant orders'],
  params: z.object({ merchantId: merchantIdParam, id: uuidParam }),
  response: { 200: merchantOrderView, ...errors },
});

/**
 * What the dashboard may change on an order. Tips and the total change only through the tip
 * adjustment, hasVoid only through the void (the transactions routes): sent here, they are
 * refused with the route to use.
 */
export const orderUpdateBody = z
  .object({
    hasBeenRead: z.boolean().optional(),
    hasPrintedToKitchen: z.boolean().optional(),
    willBeReadyInMinutes: z
      .number()
      .int(MESSAGES.INVALID)
      .min(0, MESSAGES.INVALID)
      .max(READY_MINUTES_MAX, MESSAGES.INVALID)
      .optional(),
    tips: z.unknown().optional(),
    total: z.unknown().optional(),
    hasVoid: z.unknown().optional(),
  })
  .strict();

export const updateMerchantOrder = defineRoute('PUT', `${base}/order/_idOrder/:id`, {
  tags: ['merchant orders'],
  params: z.object({ merchantId: merchantIdParam, id: uuidParam }),
  body: orderUpdateBody,
  response: { 200: merchantOrderView, ...errors },
});

/**
 * The order's life on the merchant's side (issue 26, docs/decisions/order-life.md): accept (with
 * the ready minutes), ready, complete, cancel. Each answers the order as it now is, or 409 naming
 * the state the order is in when the command is not allowed there (or lost a race to another).
 */
export const acceptOrderBody = z.object({
  willBeReadyInMinutes: z
    .number()
    .int(MESSAGES.INVALID)
    .min(0, MESSAGES.INVALID)
    .max(READY_MINUTES_MAX, MESSAGES.INVALID),
});
const orderCommand = (name: string) => `${base}/order/_id/:id/${name}`;
const orderCommandParams = z.object({ merchantId: merchantIdParam, id: uuidParam });
const commandAnswers = { 200: merchantOrderView, ...errorAnswers(400, 401, 403, 404, 409) };
export const acceptMerchantOrder = defineRoute('POST', orderCommand('accept'), {
  tags: ['merchant orders'],
  params: orderCommandParams,
  body: acceptOrderBody,
  response: commandAnswers,
});
export const markMerchantOrderReady = defineRoute('POST', orderCommand('ready'), {
  tags: ['merchant orders'],
  params: orderCommandParams,
  response: commandAnswers,
});
export const completeMerchantOrder = defineRoute('POST', orderCommand('complete'), {
  tags: ['merchant orders'],
  params: orderCommandParams,
  response: commandAnswers,
});
export const cancelMerchantOrder = defineRoute('POST', orderCommand('cancel'), {
  tags: ['merchant orders'],
  params: orderCommandParams,
  response: commandAnswers,
});

/**
 * POST .../sendOrderTimeSMS (spec: "with the updated order"). Only the order's `_id` and the
 * minutes are read: the phone and everything else come from the stored order (checklist C7.105),
 * so the order's other fields, as the dashboard last read them, are accepted and ignored (never
 * compared: the dashboard's copy may be a poll behind). Any other key is refused (issue 28).
 */
export const sendOrderTimeSmsBody = writeBodyOf(merchantOrderView, {
  _id: uuidParam,
  /** 0–999; 0 means Ready. Empty: "Fail to send SMS [Empty minutes selected]". */
  willBeReadyInMinutes: z.union([z.string().max(10), z.number(), z.null()]).optional(),
});

export const ORDER_TIME_TEXT_STATES = ['queued', 'off'] as const;

export const sendOrderTimeSmsAnswer = z.object({
  hasSentOrderTimeSMS: z.boolean(),
  /** queued: the text is on its way (the outbox delivers it); off: texts are turned off. */
  text: z.enum(ORDER_TIME_TEXT_STATES),
  order: merchantOrderView,
});

export const sendOrderTimeSms = defineRoute('POST', `${base}/sendOrderTimeSMS`, {
  tags: ['merchant orders'],
  params: merchantOnly,
  body: sendOrderTimeSmsBody,
  response: { 200: sendOrderTimeSmsAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
});

/** The most live order streams one merchant may hold open on one instance. */
export const ORDER_STREAMS_PER_MERCHANT = 8;

/**
 * One event of the live order stream (`event: order`, `id:` its number). The dashboard reads the
 * order itself by `_id` (GET .../order/_id/{id}); the stream says only what happened to which.
 */
export const orderStreamEvent = z.object({
  seq: z.number().int(),
  _id: z.string(),
  kind: z.enum(['placed', 'updated', 'voided']),
  at: z.string(),
});
export type OrderStreamEvent = z.infer<typeof orderStreamEvent>;

/**
 * GET .../orders/stream: Server-Sent Events of the merchant's orders, pushed as they commit on any
 * instance. A reconnecting EventSource sends Last-Event-ID and gets every event after it; a first
 * connection starts after the latest event, or after `lastEventId` when given. Comments (`:`)
 * every 15 s keep proxies from closing it.
 */
export const streamMerchantOrders = defineRoute('GET', `${base}/orders/stream`, {
  tags: ['merchant orders'],
  params: merchantOnly,
  querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
  response: { 200: z.string(), ...errorAnswers(400, 401, 403, 404, 429) },
});
