// The merchant's orders (spec §7 "Orders"): the list of a range with its totals, by ids, the
// latest for the poll, one by number or _id, and the dashboard's updates (read, printed, ready
// minutes), each update audited. Tips, total and void have their own routes (transactions).
import type {
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
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { enqueueReadyTimeSms, readyTimeSmsKeyPrefix } from '../notifications/index.js';
import { findByKeyPrefix } from '../outbox/index.js';
import { orderAmountsOf, orderLineViews, readyTimeOf, recordOrderEvent } from '../orders/index.js';
import {
  type OrderFilter,
  type OrderWithCard,
  type PlacedBetween,
  latestOrder,
  linesOf,
  lockMerchantOrder,
  orderById,
  orderByNumber,
  ordersByIds,
  pageOfRange,
  setDashboardFields,
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
    state: order.state === 'voided' ? 'voided' : 'placed',
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
    hasBeenRead: order.hasBeenRead,
    hasPrintedToKitchen: order.hasPrintedToKitchen,
    hasSentOrderTimeSMS: order.hasSentOrderTimeSms,
    promoCode: order.promoCode,
    amounts: orderAmountsOf(order),
    orderItems: orderLineViews(lines),
  };
}

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
  const bounds = boundsOf(query, merchant, ctx.clock.now());
  // One more than the page: whether there is a next page without a count.
  const rows = await pageOfRange(
    ctx.db,
    merchant.id,
    bounds,
    query.limit + 1,
    query.before,
    filter,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.order.orderNumber ?? null;
  return {
    orders: await viewsOf(ctx, merchant, page),
    totals: await totalsOfRange(ctx.db, merchant.id, bounds, filter),
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
    { ...range, limit: query.limit, before: query.before },
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

/** When an order set to be ready in `minutes` from `now` will be ready (null: not set). */
function readyAtFrom(now: Date, minutes: number | null | undefined): Date | null {
  return minutes === null || minutes === undefined
    ? null
    : new Date(now.getTime() + minutes * 60_000);
}

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
  const set = {
    ...(body.hasBeenRead !== undefined ? { hasBeenRead: body.hasBeenRead } : {}),
    ...(body.hasPrintedToKitchen !== undefined
      ? { hasPrintedToKitchen: body.hasPrintedToKitchen }
      : {}),
    ...(body.willBeReadyInMinutes !== undefined
      ? { willBeReadyInMinutes: body.willBeReadyInMinutes }
      : {}),
  };
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const order = await lockMerchantOrder(tx, merchant.id, id);
    if (!order) throw notFound('Order');
    const changed = Object.fromEntries(
      Object.entries(set)
        .filter(([k, v]) => order[k as keyof typeof set] !== v)
        .map(([k, v]) => [k, { before: order[k as keyof typeof set], after: v }]),
    );
    if (Object.keys(changed).length === 0) return;
    await setDashboardFields(tx, order.id, {
      ...set,
      ...('willBeReadyInMinutes' in changed
        ? { readyAt: readyAtFrom(now, set.willBeReadyInMinutes) }
        : {}),
      updatedAt: now,
    });
    await recordOrderEvent(tx, merchant.id, order.id, 'updated');
    const action = 'willBeReadyInMinutes' in changed ? 'ready_time' : 'order_update';
    await insertAudit(tx, auditEntry(who, action, now, { changed }, order.id));
  });
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
    const order = await lockMerchantOrder(tx, merchant.id, body._id);
    if (!order) throw notFound('Order');
    if (order.state !== 'placed') throw refuse('This order is voided');
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
    await setDashboardFields(tx, order.id, {
      willBeReadyInMinutes: minutes.data,
      readyAt: readyAtFrom(now, minutes.data),
      ...(queued === 'queued' ? { hasSentOrderTimeSms: true } : {}),
      updatedAt: now,
    });
    await recordOrderEvent(tx, merchant.id, order.id, 'updated');
    await insertAudit(
      tx,
      auditEntry(
        who,
        'ready_time',
        now,
        {
          changed: {
            willBeReadyInMinutes: { before: order.willBeReadyInMinutes, after: minutes.data },
          },
          text: queued,
        },
        order.id,
      ),
    );
    return queued;
  });
  const order = await getOrder(ctx, merchantId, { id: body._id });
  return { hasSentOrderTimeSMS: order.hasSentOrderTimeSMS, text, order };
}
