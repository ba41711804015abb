// Reads of the diner's placed-order stream: one order's status fields by its random id within its
// merchant, with the merchant's time zone.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants, orders } from '../../db/schema/index.js';

export async function findPlacedOrderStatusRow(db: Db, merchantId: string, orderId: string) {
  const [row] = await db
    .select({
      merchantUuid: orders.merchantId,
      timeZone: merchants.timeZone,
      state: orders.state,
      hasVoid: orders.hasVoid,
      hasBeenRead: orders.hasBeenRead,
      willBeReadyInMinutes: orders.willBeReadyInMinutes,
      readyAt: orders.readyAt,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(and(eq(orders.id, orderId), eq(merchants.merchantId, merchantId)));
  return row;
}
