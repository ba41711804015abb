import { type Placeholder, and, asc, count, eq, sql } from 'drizzle-orm';
import type { CheckoutInfo } from '../../../domain/index.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedOn, rootDb } from '../../db/prepared.js';
import { cartLines, carts, dineinTables } from '../../db/schema/index.js';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

export async function findCart(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
): Promise<CartRow | undefined> {
  const [row] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.merchantId, merchantUuid), eq(carts.anonUserId, anonUserId)));
  return row;
}

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

/** How many lines the cart holds (run after locking it: a new statement sees committed adds). */
export async function countLines(tx: Tx, cartId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, cartId));
  return row?.n ?? 0;
}

/** The cart of this diner at this merchant, created empty when missing. */
export async function findOrCreateCart(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
): Promise<CartRow> {
  await tx.insert(carts).values({ merchantId: merchantUuid, anonUserId }).onConflictDoNothing();
  const cart = await findCart(tx, merchantUuid, anonUserId);
  if (!cart) throw new Error('cart vanished after insert');
  return cart;
}

export async function listLines(tx: Tx, cartId: string): Promise<CartLineRow[]> {
  return tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

export async function insertLines(tx: Tx, rows: (typeof cartLines.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(cartLines).values(rows);
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

export async function saveCheckoutInfo(
  tx: Tx,
  cartId: string,
  info: CheckoutInfo & { serverDeliveryMiles: number | null },
  now: Date,
): Promise<void> {
  await tx.update(carts).set({ checkoutInfo: info, updatedAt: now }).where(eq(carts.id, cartId));
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
