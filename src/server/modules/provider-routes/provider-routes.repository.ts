// Look-ups of the provider routes: a merchant's charge by the gateway's transaction id (retref),
// an order by its _id or number, and what has been done to an order's charge since. Reads only;
// rows are written through the payments and orders modules.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, paymentTransactions } from '../../db/schema/index.js';

/** The merchant's authorisation or sale with this retref (newest first if ever repeated). */
export async function findChargeByRetref(tx: Tx, merchantUuid: string, retref: string) {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.merchantId, merchantUuid),
        eq(paymentTransactions.retref, retref),
        inArray(paymentTransactions.operation, ['auth', 'sale']),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1);
  return row;
}

/** One of the merchant's orders by its _id (uuid) or its order number. */
export async function findMerchantOrder(tx: Tx, merchantUuid: string, orderRef: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        /^\d+$/.test(orderRef) ? eq(orders.orderNumber, Number(orderRef)) : eq(orders.id, orderRef),
      ),
    );
  return order;
}

/** The newest approved row of one of these operations on the order (a void, a tip adjustment). */
export async function latestApprovedOperation(tx: Tx, orderId: string, operations: string[]) {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.status, 'approved'),
        inArray(paymentTransactions.operation, operations),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1);
  return row;
}

/** Cents already returned to the card for this order. */
export async function returnedCents(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentTransactions.amountCents}), 0)` })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.status, 'approved'),
        eq(paymentTransactions.operation, 'refund'),
      ),
    );
  return Number(row?.total ?? 0);
}
