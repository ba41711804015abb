// The merchant's orders (spec §7 "Orders"): the list of a range with its totals, by ids, the
// latest for the poll, one by number or _id, and the dashboard's updates (read, printed, ready
// minutes), each update audited. Tips, total and void have their own routes (transactions).
import { orderDueAt } from '../../../domain/orders/due-time.js';
import { isNumbered, isPlaced } from '../../../domain/orders/order-life.js';
import type { OrderMethod } from '../../../domain/settings/schemas.js';
import type {
  BoardStatus,
  MerchantOrderView,
  OrderListAnswer,
  orderRangeQuery,
  orderUpdateBody,
  queryMerchantOrders,
  sendOrderTimeSmsAnswer,
  sendOrderTimeSmsBody,
} from '../../../contract/merchant-orders.js';
import { readyMinutesSchema } from '../../../domain/merchant-rules/orders.js';
import { dateRange, isSameLocalDay } from '../../../domain/schedule/date-ranges.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuditActor } from '../audit/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import {
  enqueueOrderReadySms,
  enqueueReadyTimeSms,
  readyTimeSmsKeyPrefix,
} from '../notifications/index.js';
import { findByKeyPrefix } from '../outbox/index.js';
import { releaseCancelledPayment } from '../payments/index.js';
import {
  acceptOrder,
  cancelOrder,
  completeOrder,
  lockOrder,
  markOrderReady,
  orderAmountsOf,
  orderLineViews,
  readyTimeOf,
  updateDashboardFields,
} from '../orders/index.js';
import {
  type OrderFilter,
  type OrderWithCard,
  type PlacedBetween,
  latestOrder,
  linesOf,
  orderById,
  orderByNumber,
  ordersByIds,
  countsByState,
  pageOfRange,
  totalsOfRange,
} from './merchant-orders.repository.js';

type Merchant = NonNullable<Awaited<ReturnType<typeof findMerchantBySlug>>>;

async function merchantOf(ctx: AppContext, merchantId: string): Promise<Merchant> {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant;
}

function viewOf(
  merchant: Merchant,
  { order, cardLast4, cardBrand }: OrderWithCard,
  lines: Parameters<typeof orderLineViews>[0],
): MerchantOrderView {
  return {
    _id: order.id,
    state: order.state === 'voided' || order.state === 'cancelled' ? order.state : 'placed',
    stage: order.state,
    orderId: order.orderNumber ?? 0,
    dailyOrderId: order.dailyOrderNumber ?? 0,
    orderSaveDate: (order.placedAt ?? order.createdAt).toISOString(),
    orderMethod: order.orderMethod,
    paymentMethod: order.paymentMethod,
    paid: order.paid,
    hasVoid: order.hasVoid,
    paymentStatus: order.paymentStatus,
    card: cardLast4 ? { cardType: cardBrand, last4: cardLast4 } : null,
    dineinTableName: order.dineinTableName ?? '',
    carMakeModel: order.carMakeModel,
    carColor: order.carColor,
    roomServiceRoom: order.roomServiceRoom,
    isBranch: order.isBranch,
    customerName: order.customerName,
    phone: order.phone,
    customerEmail: order.customerEmail,
    customerAddrStr: order.customerAddrStr,
    receiveOrderInfo: order.receiveOrderInfo,
    deliveryNote: order.deliveryNote,
    deliveryLocation:
      order.deliveryLat !== null && order.deliveryLng !== null
        ? { lat: order.deliveryLat, lng: order.deliveryLng }
        : null,
    deliveryDistanceMiles: order.deliveryDistanceMiles,
    scheduleDate: order.scheduleDate,
    scheduleTimeStr: order.scheduleTimeStr,
    willBeReadyInMinutes: order.willBeReadyInMinutes,
    readyTime: readyTimeOf(order, merchant),
    dueAt: dueAtOf(order, merchant),
    hasBeenRead: order.hasBeenRead,
    hasPrintedToKitchen: order.hasPrintedToKitchen,
    hasSentOrderTimeSMS: order.hasSentOrderTimeSms,
    promoCode: order.promoCode,
    amounts: orderAmountsOf(order),
    orderItems: orderLineViews(lines),
  };
}

function dueAtOf(order: OrderWithCard['order'], merchant: Merchant): string | null {
  const due = orderDueAt(
    {
      orderMethod: order.orderMethod as OrderMethod,
      scheduleDate: order.scheduleDate,
      scheduleTimeStr: order.scheduleTimeStr,
      willBeReadyInMinutes: order.willBeReadyInMinutes,
      readyAt: order.readyAt ? order.readyAt.getTime() : null,
      placedAt: (order.placedAt ?? order.createdAt).getTime(),
    },
    merchant.foodPreparingTime,
    merchant.timeZone,
  );
  return due === null ? null : new Date(due).toISOString();
}

/** The states behind each of the board's status filters (order-board.md). */
export const BOARD_STATES: Record<BoardStatus, readonly string[] | undefined> = {
  new: ['placed'],
  in_progress: ['accepted'],
  ready: ['ready'],
  done: ['completed'],
  cancelled: ['cancelled', 'voided'],
  all: undefined,
};
/** The Now view: every open order, whatever day it was placed. */
const OPEN_STATES = ['placed', 'accepted', 'ready'] as const;

async function viewsOf(ctx: AppContext, merchant: Merchant, rows: OrderWithCard[]) {
  const lines = await linesOf(
    ctx.db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => viewOf(merchant, r, lines.get(r.order.id) ?? []));
}

/** The range's bounds as instants: the merchant's days in the merchant's time zone. */
function boundsOf(
  query: z.output<typeof orderRangeQuery>,
  merchant: Merchant,
  now: Date,
): PlacedBetween {
  const range = dateRange(
    query.range,
    now.getTime(),
    merchant.timeZone,
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  );
  return {
    start: range.start ? range.start.toJSDate() : null,
    end: range.end ? range.end.toJSDate() : null,
  };
}

export async function listOrders(
  ctx: AppContext,
  merchantId: string,
  query: z.output<typeof orderRangeQuery>,
  filter: OrderFilter = {},
): Promise<OrderListAnswer> {
  const merchant = await merchantOf(ctx, merchantId);
  const now = query.view === 'now';
  const bounds = now ? { start: null, end: null } : boundsOf(query, merchant, ctx.clock.now());
  // The board's search and view narrow the list and the counts; the totals stay the range's
  // (the spec's Total Sale and Orders), whatever the status filter or the search.
  const board: OrderFilter = {
    ...filter,
    search: query.q,
    ...(now ? { states: OPEN_STATES } : {}),
  };
  const wanted = BOARD_STATES[query.status];
  const listed: OrderFilter = wanted
    ? { ...board, states: board.states ? wanted.filter((s) => board.states!.includes(s)) : wanted }
    : board;
  // One more than the page: whether there is a next page without a count.
  const rows = await pageOfRange(
    ctx.db,
    merchant.id,
    bounds,
    query.limit + 1,
    query.before,
    listed,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.order.orderNumber ?? null;
  const byState = await countsByState(ctx.db, merchant.id, bounds, board);
  const count = (states: readonly string[] | undefined) =>
    (states ?? [...byState.keys()]).reduce((n, s) => n + (byState.get(s) ?? 0), 0);
  return {
    orders: await viewsOf(ctx, merchant, page),
    totals: await totalsOfRange(ctx.db, merchant.id, bounds, filter),
    counts: {
      new: count(BOARD_STATES.new),
      in_progress: count(BOARD_STATES.in_progress),
      ready: count(BOARD_STATES.ready),
      done: count(BOARD_STATES.done),
      cancelled: count(BOARD_STATES.cancelled),
      all: count(undefined),
    },
    nextCursor: rows.length > query.limit ? last : null,
  };
}

/** GET .../orders/query: the list with the spec's queryObj and dateRangeObj (JSON). */
export async function queryOrders(
  ctx: AppContext,
  merchantId: string,
  query: z.output<typeof queryMerchantOrders.schema.querystring>,
): Promise<OrderListAnswer> {
  const range = query.dateRangeObj ?? { range: 'today' as const };
  return listOrders(
    ctx,
    merchantId,
    { ...range, limit: query.limit, before: query.before, status: 'all', view: 'range' },
    query.queryObj ?? {},
  );
}

export async function listOrdersByIds(ctx: AppContext, merchantId: string, ids: string[]) {
  const merchant = await merchantOf(ctx, merchantId);
  return { orders: await viewsOf(ctx, merchant, await ordersByIds(ctx.db, merchant.id, ids)) };
}

export async function getLatestOrder(ctx: AppContext, merchantId: string) {
  const merchant = await merchantOf(ctx, merchantId);
  const row = await latestOrder(ctx.db, merchant.id);
  return { orderId: row?.orderNumber ?? null, _id: row?.id ?? null };
}

export async function getOrder(
  ctx: AppContext,
  merchantId: string,
  ref: { orderNumber: number } | { id: string },
): Promise<MerchantOrderView> {
  const merchant = await merchantOf(ctx, merchantId);
  const row =
    'id' in ref
      ? await orderById(ctx.db, merchant.id, ref.id)
      : await orderByNumber(ctx.db, merchant.id, ref.orderNumber);
  if (!row) throw notFound('Order');
  const [view] = await viewsOf(ctx, merchant, [row]);
  return view!;
}

/** Fields only their own routes change: refused here, naming the route to use. */
const ELSEWHERE = {
  tips: 'Tips change only through the tip adjustment (PUT /api/transactions/…/transactionId/{id})',
  total:
    'The total changes only through the tip adjustment (PUT /api/transactions/…/transactionId/{id})',
  hasVoid: 'An order is voided only through the void (PUT /api/transactions/…/void)',
} as const;

export async function updateOrder(
  ctx: AppContext,
  merchantId: string,
  id: string,
  body: z.output<typeof orderUpdateBody>,
  actor: { sessionRef: string },
): Promise<MerchantOrderView> {
  const refused = (Object.keys(ELSEWHERE) as (keyof typeof ELSEWHERE)[]).filter(
    (k) => body[k] !== undefined,
  );
  if (refused.length > 0) {
    throw new AppError(
      'invalid_input',
      MESSAGES.UPDATE_ORDER_FAILED,
      refused.map((k) => ({ path: ['body', k], message: ELSEWHERE[k] })),
    );
  }
  const merchant = await merchantOf(ctx, merchantId);
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  // The orders module's command writes the fields, the event and the audit row (issue 26).
  await ctx.db.transaction((tx) =>
    updateDashboardFields(
      ctx,
      tx,
      { merchantUuid: merchant.id, timeZone: merchant.timeZone, orderId: id },
      {
        hasBeenRead: body.hasBeenRead,
        hasPrintedToKitchen: body.hasPrintedToKitchen,
        willBeReadyInMinutes: body.willBeReadyInMinutes,
      },
      who,
    ),
  );
  return getOrder(ctx, merchantId, { id });
}

/**
 * POST .../sendOrderTimeSMS: sets the ready minutes (always: the dashboard and the diner's page
 * show them even when texts are off) and, when the merchant has the text on, queues it to the
 * order's stored phone through the outbox — once per order, same day only. "Once" means once
 * delivered: when every earlier text failed for good (the outbox marked it dead), the merchant may
 * send again. The order row is locked, so two sends at once queue one text.
 */
export async function sendOrderTimeSms(
  ctx: AppContext,
  merchantId: string,
  body: z.output<typeof sendOrderTimeSmsBody>,
  actor: { sessionRef: string },
): Promise<z.output<typeof sendOrderTimeSmsAnswer>> {
  const minutes = readyMinutesSchema.safeParse(body.willBeReadyInMinutes);
  if (!minutes.success) {
    const message = minutes.error.issues[0]?.message ?? MESSAGES.INVALID;
    throw new AppError('invalid_input', message, [
      { path: ['body', 'willBeReadyInMinutes'], message },
    ]);
  }
  const merchant = await merchantOf(ctx, merchantId);
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  const now = ctx.clock.now();
  const refuse = (why: string) =>
    new AppError('conflict', MESSAGES.SMS_FAILED, [{ path: ['body', '_id'], message: why }]);

  const text = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, body._id);
    if (!order || order.merchantId !== merchant.id || !isNumbered(order.state))
      throw notFound('Order');
    if (!isPlaced(order.state)) throw refuse(`This order is ${order.state}`);
    if (
      !order.placedAt ||
      !isSameLocalDay(order.placedAt.getTime(), now.getTime(), merchant.timeZone)
    )
      throw refuse('Only same-day orders can be texted');

    let queued: 'queued' | 'off' = 'off';
    if (merchant.enableOrderTimeConfirmSms) {
      const earlier = await findByKeyPrefix(tx, readyTimeSmsKeyPrefix(order.id));
      if (earlier.some((m) => m.status !== 'dead'))
        throw refuse('The ready time was already texted');
      const sent = await enqueueReadyTimeSms(tx, {
        merchant,
        order,
        minutes: minutes.data,
        attempt: earlier.length + 1,
      });
      if (!sent.queued) throw refuse('The order has no US phone number to text');
      queued = 'queued';
    }
    await updateDashboardFields(
      ctx,
      tx,
      { merchantUuid: merchant.id, timeZone: merchant.timeZone, orderId: order.id },
      {
        willBeReadyInMinutes: minutes.data,
        ...(queued === 'queued' ? { hasSentOrderTimeSms: true } : {}),
      },
      who,
      {
        always: true,
        audit: () => ({
          action: 'ready_time',
          detail: {
            changed: {
              willBeReadyInMinutes: { before: order.willBeReadyInMinutes, after: minutes.data },
            },
            text: queued,
          },
        }),
      },
    );
    return queued;
  });
  const order = await getOrder(ctx, merchantId, { id: body._id });
  return { hasSentOrderTimeSMS: order.hasSentOrderTimeSMS, text, order };
}

/** Which life command a merchant route runs (issue 26). */
export type LifeCommand = 'accept' | 'ready' | 'complete' | 'cancel';

/**
 * POST …/order/_id/:id/{accept,ready,complete,cancel}: the orders module's command, in one
 * transaction. A cancel that wins hands a card order's money to payments after its transaction
 * (order-life.md "What cancel does"): voided, refunded, or listed under "card payments to check".
 */
export async function runLifeCommand(
  ctx: AppContext,
  merchantId: string,
  id: string,
  command: LifeCommand,
  actor: { sessionRef: string },
  minutes?: number,
): Promise<MerchantOrderView> {
  const merchant = await merchantOf(ctx, merchantId);
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  const target = { merchantUuid: merchant.id, timeZone: merchant.timeZone, orderId: id };
  const done = await ctx.db.transaction(async (tx) => {
    if (command === 'accept') {
      const textQueued = await queueAcceptText(ctx, tx, merchant, id, minutes ?? 0);
      return acceptOrder(ctx, tx, target, minutes ?? 0, who, { textQueued });
    }
    if (command === 'ready') {
      const ready = await markOrderReady(ctx, tx, target, who);
      // The diner's "your order is ready" text: its own once-flag, the outbox key (order-board.md).
      await enqueueOrderReadySms(tx, { merchant, order: ready.after });
      return ready;
    }
    if (command === 'complete') return completeOrder(ctx, tx, target, who);
    return cancelOrder(ctx, tx, target, who);
  });
  // Only the cancel that won gets here: the money moves at most once (and its ledger key again
  // guards a repeat). Cash moves nothing (`money` is 'none').
  if (done.money === 'release') await releaseCancelledPayment(ctx, done.after);
  return getOrder(ctx, merchantId, { id });
}

/**
 * Accept's ready-time text (T4.64, order-board.md): as sendOrderTimeSMS, when the store has the
 * text on, on the day of sale, once per order (none queued before that did not fail for good).
 * The row is locked first, so of two accepts at once one queues it; a refused accept rolls the
 * text back with it. True when a text was queued.
 */
async function queueAcceptText(
  ctx: AppContext,
  tx: Tx,
  merchant: Merchant,
  id: string,
  minutes: number,
): Promise<boolean> {
  if (!merchant.enableOrderTimeConfirmSms) return false;
  const order = await lockOrder(tx, id);
  if (!order || order.merchantId !== merchant.id || order.state !== 'placed') return false;
  const now = ctx.clock.now();
  if (
    !order.placedAt ||
    !isSameLocalDay(order.placedAt.getTime(), now.getTime(), merchant.timeZone)
  )
    return false;
  const earlier = await findByKeyPrefix(tx, readyTimeSmsKeyPrefix(order.id));
  if (earlier.some((m) => m.status !== 'dead')) return false;
  const sent = await enqueueReadyTimeSms(tx, {
    merchant,
    order,
    minutes,
    attempt: earlier.length + 1,
  });
  return sent.queued;
}
