// Reads of the merchant's orders (the orders module writes them: docs/decisions/order-life.md).
// Only numbered orders are the merchant's to see (an order awaiting payment or failed never
// reached the kitchen).
import { NUMBERED_STATES, PLACED_STATES } from '../../../domain/orders/order-life.js';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderLines, orders, paymentTransactions } from '../../db/schema/index.js';

export interface PlacedBetween {
  /** Inclusive; null: no lower bound. */
  start: Date | null;
  /** Exclusive; null: no upper bound. */
  end: Date | null;
}

const seen = inArray(orders.state, [...NUMBERED_STATES]);

/** The dashboard's filters (the spec's queryObj, src/contract/merchant-orders.ts). */
export interface OrderFilter {
  orderMethod?: string | undefined;
  paymentMethod?: string | undefined;
  hasBeenRead?: boolean | undefined;
  hasPrintedToKitchen?: boolean | undefined;
  hasVoid?: boolean | undefined;
  orderIdAbove?: number | undefined;
  /** The board's status filter (issue 27): only orders in these states. */
  states?: readonly string[] | undefined;
  /** The board's search: order number, the diner's name or phone. */
  search?: string | undefined;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The board's search (order-board.md): a number matches the order number or the phone's digits;
 * any text matches the diner's name (case-insensitive, anywhere in it).
 */
function searchOf(search: string | undefined): SQL | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  const digits = text.replace(/\D/g, '');
  const looksNumeric = /^[#\d\s()+\-.]+$/.test(text) && digits !== '';
  const byName = ilike(orders.customerName, `%${likeLiteral(text)}%`);
  if (!looksNumeric) return byName;
  const number = digits.length <= 9 ? eq(orders.orderNumber, Number(digits)) : undefined;
  const byPhone =
    digits.length >= 3
      ? sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined;
  return or(number, byPhone, byName);
}

function inRange(merchantUuid: string, range: PlacedBetween, filter: OrderFilter = {}): SQL {
  const is = <T>(column: Parameters<typeof eq>[0], value: T | undefined) =>
    value === undefined ? undefined : eq(column, value);
  return and(
    eq(orders.merchantId, merchantUuid),
    seen,
    range.start ? gte(orders.placedAt, range.start) : undefined,
    range.end ? lt(orders.placedAt, range.end) : undefined,
    is(orders.orderMethod, filter.orderMethod),
    is(orders.paymentMethod, filter.paymentMethod),
    is(orders.hasBeenRead, filter.hasBeenRead),
    is(orders.hasPrintedToKitchen, filter.hasPrintedToKitchen),
    is(orders.hasVoid, filter.hasVoid),
    filter.orderIdAbove !== undefined ? gt(orders.orderNumber, filter.orderIdAbove) : undefined,
    filter.states ? inArray(orders.state, [...filter.states] as OrderState[]) : undefined,
    searchOf(filter.search),
  )!;
}

type OrderState = (typeof orders.$inferSelect)['state'];

/** How many orders of the range match the filter, per state (the board's counts). */
export async function countsByState(
  db: Db,
  merchantUuid: string,
  range: PlacedBetween,
  filter: OrderFilter = {},
): Promise<Map<string, number>> {
  const rows = await db
    .select({ state: orders.state, n: sql<string>`count(*)` })
    .from(orders)
    .where(inRange(merchantUuid, range, filter))
    .groupBy(orders.state);
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

/** The order with its card (brand and last four) when it was paid by card. */
const withCard = (db: Db) =>
  db
    .select({
      order: orders,
      cardLast4: paymentTransactions.cardLast4,
      cardBrand: paymentTransactions.cardBrand,
    })
    .from(orders)
    .leftJoin(paymentTransactions, eq(paymentTransactions.id, orders.transactionId));

export type OrderWithCard = Awaited<ReturnType<ReturnType<typeof withCard>['execute']>>[number];

/** One page of the range, newest first (by order number: commit order), below `before`. */
export async function pageOfRange(
  db: Db,
  merchantUuid: string,
  range: PlacedBetween,
  limit: number,
  before: number | undefined,
  filter: OrderFilter = {},
): Promise<OrderWithCard[]> {
  return withCard(db)
    .where(
      and(
        inRange(merchantUuid, range, filter),
        before !== undefined ? lt(orders.orderNumber, before) : undefined,
      ),
    )
    .orderBy(desc(orders.orderNumber))
    .limit(limit);
}

/** Total Sale and Orders of the range (spec §2), voided orders left out, summed in SQL. */
export async function totalsOfRange(
  db: Db,
  merchantUuid: string,
  range: PlacedBetween,
  filter: OrderFilter = {},
) {
  const [row] = await db
    .select({
      totalSaleCents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      orders: sql<string>`count(*)`,
    })
    .from(orders)
    .where(and(inRange(merchantUuid, range, filter), inArray(orders.state, [...PLACED_STATES])));
  return { totalSaleCents: Number(row?.totalSaleCents ?? 0), orders: Number(row?.orders ?? 0) };
}

export async function ordersByIds(
  db: Db,
  merchantUuid: string,
  ids: readonly string[],
): Promise<OrderWithCard[]> {
  return withCard(db)
    .where(and(eq(orders.merchantId, merchantUuid), seen, inArray(orders.id, [...ids])))
    .orderBy(desc(orders.orderNumber));
}

export async function orderByNumber(db: Db, merchantUuid: string, orderNumber: number) {
  const [row] = await withCard(db).where(
    and(eq(orders.merchantId, merchantUuid), seen, eq(orders.orderNumber, orderNumber)),
  );
  return row;
}

export async function orderById(db: Db, merchantUuid: string, id: string) {
  const [row] = await withCard(db).where(
    and(eq(orders.merchantId, merchantUuid), seen, eq(orders.id, id)),
  );
  return row;
}

/** The newest placed order: the largest number (numbers are taken in commit order). */
export async function latestOrder(db: Db, merchantUuid: string) {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantUuid), seen))
    .orderBy(desc(orders.orderNumber))
    .limit(1);
  return row;
}

/** The lines of several orders in one read, grouped by order. */
export async function linesOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, (typeof orderLines.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.sortOrder));
  const byOrder = new Map<string, (typeof orderLines.$inferSelect)[]>();
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
