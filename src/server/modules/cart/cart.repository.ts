import { type Placeholder, and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutInfo } from '../../../domain/index.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedOn, rootDb } from '../../db/prepared.js';
import { cartLines, carts, dineinTables } from '../../db/schema/index.js';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

function cartWithLinesQuery(
  tx: Tx,
  merchantUuid: string | Placeholder,
  anonUserId: string | Placeholder,
) {
  return tx
    .select({ cart: carts, line: cartLines })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .where(and(eq(carts.merchantId, merchantUuid), eq(carts.anonUserId, anonUserId)))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

const preparedCartWithLines = (db: Db) =>
  cartWithLinesQuery(db, sql.placeholder('merchantUuid'), sql.placeholder('anonUserId')).prepare(
    'cart_with_lines',
  );

/** The diner's cart with its lines (oldest first), in one statement. */
export async function findCartWithLines(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
): Promise<{ cart: CartRow; lines: CartLineRow[] } | undefined> {
  const db = rootDb(tx);
  const rows = db
    ? await preparedOn(db, 'cart_with_lines', preparedCartWithLines).execute({
        merchantUuid,
        anonUserId,
      })
    : await cartWithLinesQuery(tx, merchantUuid, anonUserId);
  if (rows.length === 0) return undefined;
  return {
    cart: rows[0]!.cart,
    lines: rows.flatMap((r) => (r.line ? [r.line] : [])),
  };
}

/**
 * The diner's cart, created when missing and locked until the transaction ends (adds to one cart
 * take turns, so the line cap holds), with its time of change set to `now`.
 */
export async function lockCartForChange(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  now: Date,
): Promise<CartRow> {
  const [row] = await tx
    .insert(carts)
    .values({ merchantId: merchantUuid, anonUserId, updatedAt: now })
    .onConflictDoUpdate({ target: [carts.merchantId, carts.anonUserId], set: { updatedAt: now } })
    .returning();
  return row!;
}

export async function listLines(tx: Tx, cartId: string): Promise<CartLineRow[]> {
  return tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

/**
 * Inserts lines into a cart locked by this transaction and answers how many lines it held before
 * them, in one statement. The statement's snapshot is taken after the lock, so the count sees every
 * committed add; the inserted lines are not in it (a data-modifying CTE's rows are invisible to
 * its own statement). A caller over a cap throws, and the transaction takes the lines back.
 */
export async function insertLinesCountingEarlier(
  tx: Tx,
  cartId: string,
  rows: (typeof cartLines.$inferInsert)[],
): Promise<number> {
  const earlier = sql<number>`(select count(*)::int from ${cartLines} where ${cartLines.cartId} = ${cartId})`;
  if (rows.length === 0) {
    const [row] = await tx.select({ n: earlier }).from(carts).where(eq(carts.id, cartId));
    return row?.n ?? 0;
  }
  const inserted = tx
    .$with('inserted')
    .as(tx.insert(cartLines).values(rows).returning({ id: cartLines.id }));
  const [row] = await tx.with(inserted).select({ n: earlier }).from(inserted).limit(1);
  return row?.n ?? 0;
}

export async function deleteLine(tx: Tx, cartId: string, lineId: string): Promise<number> {
  const deleted = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)))
    .returning({ id: cartLines.id });
  return deleted.length;
}

export async function deleteAllLines(tx: Tx, cartId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

/**
 * Saves the diner's checkout choices, creating the cart when missing: one upsert, so neither a
 * transaction nor a read of the cart is needed (three round trips fewer than find-or-create, then
 * update).
 */
export async function saveCheckoutInfo(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  info: CheckoutInfo & { serverDeliveryMiles: number | null },
  now: Date,
): Promise<void> {
  await tx
    .insert(carts)
    .values({ merchantId: merchantUuid, anonUserId, checkoutInfo: info, updatedAt: now })
    .onConflictDoUpdate({
      target: [carts.merchantId, carts.anonUserId],
      set: { checkoutInfo: info, updatedAt: now },
    });
}

/** Whether the merchant has a dine-in table of this name (its QR code names it). */
export async function hasTable(tx: Tx, merchantUuid: string, name: string): Promise<boolean> {
  if (!name) return false;
  const [row] = await tx
    .select({ id: dineinTables.id })
    .from(dineinTables)
    .where(and(eq(dineinTables.merchantId, merchantUuid), eq(dineinTables.name, name)));
  return !!row;
}
