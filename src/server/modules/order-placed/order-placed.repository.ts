// Reads of the order-placed page: one order of a merchant, and its lines in order.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';

export async function findMerchantOrder(db: Db, merchantUuid: string, orderId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantUuid)));
  return order;
}

export async function findOrderLines(db: Db, orderUuid: string) {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderUuid))
    .orderBy(asc(orderLines.sortOrder));
}
