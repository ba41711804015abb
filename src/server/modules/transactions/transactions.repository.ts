// The merchant names an order by its _id or by its order number.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';

export async function findOrderByRef(db: Db, merchantUuid: string, orderRef: string) {
  const [order] = await db
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
