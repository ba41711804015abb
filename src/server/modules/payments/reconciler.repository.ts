// The reconciler's reads: which orders each sweep looks at, and the cross-instance run lock.
import { PLACED_STATES } from '../../../domain/orders/order-life.js';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { merchants, orders } from '../../db/schema/index.js';
import type { OrderRow } from '../orders/index.js';

/** Takes the payment jobs' advisory lock for this transaction; false when another runner has it. */
export async function tryPaymentJobsLock(tx: Tx, key: number): Promise<boolean> {
  const res = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  return !!res.rows[0]?.locked;
}

/** Orders still awaiting card payment that were created before `before`, oldest first. */
export async function ordersAwaitingPayment(
  tx: Tx,
  before: Date,
  batch: number,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.state, 'awaiting_payment'), lt(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(batch);
}

/** Failed orders whose charge is still held at the gateway. */
export async function failedOrdersStillHeld(tx: Tx, batch: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.state, 'failed'), inArray(orders.paymentStatus, ['authorized', 'captured'])),
    )
    .limit(batch);
}

/**
 * Cancelled card orders whose money is still recorded as held or taken since before `before`: a
 * cancel whose release was cut off (the instance died between the cancel and its gateway call).
 */
export async function cancelledOrdersStillHeld(
  tx: Tx,
  before: Date,
  batch: number,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.state, 'cancelled'),
        inArray(orders.paymentStatus, ['authorized', 'captured']),
        lt(orders.updatedAt, before),
      ),
    )
    .limit(batch);
}

/** Placed orders still only authorised whose business day (merchant time) ended before `now`. */
export async function authorizedPastBusinessDay(
  tx: Tx,
  now: Date,
  batch: number,
  /** The last order id of the previous page: pages walk every due order in id order. */
  afterId?: string,
): Promise<{ order: OrderRow; timeZone: string }[]> {
  return tx
    .select({ order: orders, timeZone: merchants.timeZone })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(
      and(
        inArray(orders.state, [...PLACED_STATES]),
        eq(orders.paymentStatus, 'authorized'),
        sql`${orders.businessDate} < (${now.toISOString()}::timestamptz at time zone ${merchants.timeZone})::date`,
        afterId ? gt(orders.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(batch);
}
