import { type Placeholder, type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { CategoryView, ItemView } from '../../../contract/menu.js';
import type { CheckoutInfo } from '../../../domain/index.js';
import type { Db, Tx } from '../../db/client.js';
import { MAX_PREPARED_ROWS, preparedIn, preparedOn, rootDb, rowsShape } from '../../db/prepared.js';
import { cartLines, carts, dineinTables } from '../../db/schema/index.js';
import { cartMenuColumns } from './cart-menu.repository.js';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

/**
 * The cart with its lines, one row per line; the first row also carries the menu rows the cart
 * needs (the items of its lines and its free add-on, and the categories). The add-on is `addon`,
 * or the one the saved checkout names when `addon` is null.
 */
function cartWithLinesQuery(
  tx: Tx,
  merchantUuid: string | Placeholder,
  anonUserId: string | Placeholder,
  addon: string | null | Placeholder,
) {
  const theCart = sql`ct.merchant_id = ${merchantUuid} and ct.anon_user_id = ${anonUserId}`;
  const menu = cartMenuColumns(
    merchantUuid,
    sql`(i.id in (select cl.item_id from ${cartLines} cl join ${carts} ct on ct.id = cl.cart_id
        where ${theCart})
      or (i.name = coalesce(${addon}::text,
          (select ct.checkout_info->>'freeAddonItemName' from ${carts} ct where ${theCart}))
        and i.deleted_at is null))`,
  );
  // Uncorrelated subqueries: PostgreSQL computes each once; only the first row carries them.
  const once = <T>(value: SQL<T>) => sql<T>`case when row_number() over () = 1 then ${value} end`;
  return tx
    .select({
      cart: carts,
      line: cartLines,
      items: once(menu.items),
      categories: once(menu.categories),
    })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .where(and(eq(carts.merchantId, merchantUuid), eq(carts.anonUserId, anonUserId)))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

const preparedCartWithLines = (db: Db) =>
  cartWithLinesQuery(
    db,
    sql.placeholder('merchantUuid'),
    sql.placeholder('anonUserId'),
    sql.placeholder('addon'),
  ).prepare('cart_with_lines_and_menu');

/**
 * The diner's cart with its lines (oldest first) and the menu rows it needs to be priced, in one
 * statement; undefined when the diner has no cart here. `addon` names the free add-on to read
 * (null: the one in the saved checkout; '' for none).
 */
export async function findCartWithLines(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  addon: string | null,
): Promise<
  | {
      cart: CartRow;
      lines: CartLineRow[];
      menu: { items: ItemView[]; categories: CategoryView[] };
    }
  | undefined
> {
  const db = rootDb(tx);
  const rows = db
    ? await preparedOn(db, 'cart_with_lines_and_menu', preparedCartWithLines).execute({
        merchantUuid,
        anonUserId,
        addon,
      })
    : await cartWithLinesQuery(tx, merchantUuid, anonUserId, addon);
  if (rows.length === 0) return undefined;
  const first = rows.find((r) => r.categories !== null || r.items !== null);
  return {
    cart: rows[0]!.cart,
    lines: rows.flatMap((r) => (r.line ? [r.line] : [])),
    menu: { items: first?.items ?? [], categories: first?.categories ?? [] },
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
  const [row] = await preparedIn(tx, 'lock_cart_for_change', (t) =>
    t
      .insert(carts)
      .values({
        merchantId: sql.placeholder('merchantUuid'),
        anonUserId: sql.placeholder('anonUserId'),
        updatedAt: sql.placeholder('now'),
      } as unknown as typeof carts.$inferInsert)
      .onConflictDoUpdate({
        target: [carts.merchantId, carts.anonUserId],
        set: { updatedAt: sql`excluded.updated_at` },
      })
      .returning()
      .prepare('lock_cart_for_change'),
  ).execute({ merchantUuid, anonUserId, now });
  return row!;
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
  if (rows.length === 0 || rows.length > MAX_PREPARED_ROWS) {
    const [row] = await linesCountingQuery(tx, rows, cartId);
    return row?.n ?? 0;
  }
  // Prepared per shape of the lines (how many, which fields are null).
  const shape = rowsShape(rows);
  const name = `insert_cart_lines_counting_${shape.id}`;
  const [row] = await preparedIn(tx, name, (t) =>
    linesCountingQuery(t, shape.templates, sql.placeholder('cartId')).prepare(name),
  ).execute({ ...shape.params, cartId });
  return row?.n ?? 0;
}

function linesCountingQuery(
  tx: Tx,
  rows: (typeof cartLines.$inferInsert)[],
  cartId: string | Placeholder,
) {
  const earlier = sql<number>`(select count(*)::int from ${cartLines}
    where ${cartLines.cartId} = ${cartId}::uuid)`;
  if (rows.length === 0) {
    return tx.select({ n: earlier }).from(carts).where(eq(carts.id, cartId)).limit(1);
  }
  const inserted = tx
    .$with('inserted')
    .as(tx.insert(cartLines).values(rows).returning({ id: cartLines.id }));
  return tx.with(inserted).select({ n: earlier }).from(inserted).limit(1);
}

export async function deleteLine(tx: Tx, cartId: string, lineId: string): Promise<number> {
  const deleted = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)))
    .returning({ id: cartLines.id });
  return deleted.length;
}

/** Changes one line of a cart (its item stays); answers how many lines changed (0 or 1). */
export async function updateLineChoice(
  tx: Tx,
  cartId: string,
  lineId: string,
  choice: Pick<CartLineRow, 'sizeId' | 'optionValueIds' | 'quantity' | 'note'>,
): Promise<number> {
  const updated = await tx
    .update(cartLines)
    .set(choice)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)))
    .returning({ id: cartLines.id });
  return updated.length;
}

/** The lines a cart holds that an add may fold into (its own lines, not the free add-on). */
export async function findOrderedLines(
  tx: Tx,
  cartId: string,
): Promise<
  Pick<CartLineRow, 'id' | 'itemId' | 'sizeId' | 'optionValueIds' | 'quantity' | 'note'>[]
> {
  return tx
    .select({
      id: cartLines.id,
      itemId: cartLines.itemId,
      sizeId: cartLines.sizeId,
      optionValueIds: cartLines.optionValueIds,
      quantity: cartLines.quantity,
      note: cartLines.note,
    })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.isFreePromo, false)))
    .orderBy(asc(cartLines.createdAt));
}

/** Sets one line's quantity (an add folded into it). */
export async function setLineQuantity(
  tx: Tx,
  cartId: string,
  lineId: string,
  quantity: number,
): Promise<void> {
  await tx
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
}

/** One line of a cart, if the cart has that line. */
export async function findLine(
  tx: Tx,
  cartId: string,
  lineId: string,
): Promise<CartLineRow | undefined> {
  const [row] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
  return row;
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
  await preparedIn(tx, 'save_checkout_info', (t) =>
    t
      .insert(carts)
      .values({
        merchantId: sql.placeholder('merchantUuid'),
        anonUserId: sql.placeholder('anonUserId'),
        checkoutInfo: sql.placeholder('info'),
        updatedAt: sql.placeholder('now'),
      } as unknown as typeof carts.$inferInsert)
      .onConflictDoUpdate({
        target: [carts.merchantId, carts.anonUserId],
        set: { checkoutInfo: sql`excluded.checkout_info`, updatedAt: sql`excluded.updated_at` },
      })
      .prepare('save_checkout_info'),
  ).execute({ merchantUuid, anonUserId, info, now });
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
