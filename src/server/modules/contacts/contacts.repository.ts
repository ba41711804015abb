// Customer-info submissions, and the one look-up of an order they may point at.
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customerInfoSubmissions, orders } from '../../db/schema/index.js';

/** Whether the merchant has this order and it was placed (a failed one has no order-placed page). */
export async function placedOrderExists(
  db: Db,
  merchantUuid: string,
  orderId: string,
): Promise<boolean> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.id, orderId), eq(orders.merchantId, merchantUuid), ne(orders.state, 'failed')),
    );
  return order !== undefined;
}

export async function insertCustomerInfo(
  tx: Tx,
  row: typeof customerInfoSubmissions.$inferInsert,
): Promise<string> {
  const [inserted] = await tx
    .insert(customerInfoSubmissions)
    .values(row)
    .returning({ id: customerInfoSubmissions.id });
  return inserted!.id;
}
