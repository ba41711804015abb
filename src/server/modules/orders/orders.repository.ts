// Queries of the order state machine. Every function takes the transaction it runs in.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { cartLines, carts, merchantCounters, orderLines, orders } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderLineRow = typeof orderLines.$inferInsert;

/**
 * Inserts the order unless one with the same (merchant, diner, idempotency key) exists; returns
 * the new row, or undefined when the key was already used (the caller then reads that order).
 */
export async function insertOrderOnce(tx: Tx, values: NewOrderRow): Promise<OrderRow | undefined> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.merchantId, orders.anonUserId, orders.idempotencyKey] })
    .returning();
  return row;
}

export async function insertOrderLines(tx: Tx, lines: NewOrderLineRow[]): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}

export async function findOrderByKey(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.anonUserId, anonUserId),
        eq(orders.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function findOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order row locked until the transaction ends (serialises concurrent transitions). */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function updateOrder(
  tx: Tx,
  orderId: string,
  set: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}

/**
 * Takes the next order number and daily number from the merchant's counter row. The row stays
 * locked until the placing transaction commits, so numbers are handed out in commit order and a
 * rolled-back placement gives its number back: gapless. A business date earlier than the one
 * stored (clocks of two instances a little apart at midnight) continues the stored day.
 */
export async function takeOrderNumbers(
  tx: Tx,
  merchantUuid: string,
  businessDate: string,
): Promise<{ orderNumber: number; dailyOrderNumber: number; businessDate: string }> {
  await tx.insert(merchantCounters).values({ merchantId: merchantUuid }).onConflictDoNothing();
  const [row] = await tx
    .update(merchantCounters)
    .set({
      lastOrderNumber: sql`${merchantCounters.lastOrderNumber} + 1`,
      lastDailyNumber: sql`case when ${merchantCounters.businessDate} >= ${businessDate}::date then ${merchantCounters.lastDailyNumber} + 1 else 1 end`,
      businessDate: sql`greatest(${merchantCounters.businessDate}, ${businessDate}::date)`,
    })
    .where(eq(merchantCounters.merchantId, merchantUuid))
    .returning();
  if (!row || !row.businessDate) throw new Error('merchant counter row missing');
  return {
    orderNumber: row.lastOrderNumber,
    dailyOrderNumber: row.lastDailyNumber,
    businessDate: row.businessDate,
  };
}

const dinerCart = (merchantUuid: string, anonUserId: string) =>
  sql`(select ${carts.id} from ${carts} where ${carts.merchantId} = ${merchantUuid} and ${carts.anonUserId} = ${anonUserId})`;

/** Empties the diner's cart for this merchant (the order was placed). */
export async function emptyCart(tx: Tx, merchantUuid: string, anonUserId: string): Promise<void> {
  await tx.delete(cartLines).where(inArray(cartLines.cartId, dinerCart(merchantUuid, anonUserId)));
}

/** Removes the free promo add-on from the diner's cart (the card payment failed; spec §4). */
export async function removeFreePromoLines(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
): Promise<void> {
  await tx
    .delete(cartLines)
    .where(
      and(
        inArray(cartLines.cartId, dinerCart(merchantUuid, anonUserId)),
        eq(cartLines.isFreePromo, true),
      ),
    );
}

/** Publishes an order's new state to every instance (LISTEN merchant_orders_<uuid hex>). */
export async function notifyOrderState(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  state: string,
): Promise<void> {
  const channel = `merchant_orders_${merchantUuid.replace(/-/g, '')}`;
  await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ orderId, state })})`);
}
