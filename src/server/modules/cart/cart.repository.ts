import { and, asc, eq } from 'drizzle-orm';
import type { CheckoutInfo } from '../../../domain/index.js';
import type { Tx } from '../../db/client.js';
import { cartLines, carts } from '../../db/schema/index.js';

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

export async function touchCart(tx: Tx, cartId: string, now: Date): Promise<void> {
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}
