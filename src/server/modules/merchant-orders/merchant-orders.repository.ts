// Reads and writes of the merchant's orders. Only placed and voided orders are the merchant's to
// see (an order awaiting payment or failed never reached the kitchen).
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderLines, orders, paymentTransactions } from '../../db/schema/index.js';

export interface PlacedBetween {
  /** Inclusive; null: no lower bound. */
  start: Date | null;
  /** Exclusive; null: no upper bound. */
  end: Date | null;
}

const seen = inArray(orders.state, ['placed', 'voided']);

function inRange(merchantUuid: string, range: PlacedBetween): SQL {
  return and(
    eq(orders.merchantId, merchantUuid),
    seen,
    range.start ? gte(orders.placedAt, range.start) : undefined,
    range.end ? lt(orders.placedAt, range.end) : undefined,
  )!;
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
): Promise<OrderWithCard[]> {
  return withCard(db)
    .where(
      and(
        inRange(merchantUuid, range),
        before !== undefined ? lt(orders.orderNumber, before) : undefined,
      ),
    )
    .orderBy(desc(orders.orderNumber))
    .limit(limit);
}

/** Total Sale and Orders of the range (spec §2), voided orders left out, summed in SQL. */
export async function totalsOfRange(db: Db, merchantUuid: string, range: PlacedBetween) {
  const [row] = await db
    .select({
      totalSaleCents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
      orders: sql<string>`count(*)`,
    })
    .from(orders)
    .where(and(inRange(merchantUuid, range), eq(orders.state, 'placed')));
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

/** The order locked for an update of its dashboard fields. */
export async function lockMerchantOrder(tx: Tx, merchantUuid: string, id: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantUuid), seen, eq(orders.id, id)))
    .for('update');
  return row;
}

/** The dashboard's fields of one order (read, printed, ready minutes, ready text sent). */
export async function setDashboardFields(
  tx: Tx,
  id: string,
  set: Pick<
    Partial<typeof orders.$inferInsert>,
    | 'hasBeenRead'
    | 'hasPrintedToKitchen'
    | 'willBeReadyInMinutes'
    | 'hasSentOrderTimeSms'
    | 'updatedAt'
  >,
): Promise<void> {
  await tx.update(orders).set(set).where(eq(orders.id, id));
}
