import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, promoCodes } from '../../db/schema/index.js';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeFields = Pick<
  typeof promoCodes.$inferInsert,
  'code' | 'percentageOff' | 'validFrom' | 'validUntil' | 'active'
>;

export async function findPromoCode(tx: Tx, merchantUuid: string, code: string) {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.merchantId, merchantUuid), eq(promoCodes.code, code)));
  return row;
}

/** The store's codes, by code, with the placed orders that used each. */
export async function listPromoCodesWithUse(db: Db | Tx, merchantUuid: string) {
  const used = db
    .select({ code: orders.promoCode, n: count().as('n') })
    .from(orders)
    .where(and(eq(orders.merchantId, merchantUuid), eq(orders.state, 'placed')))
    .groupBy(orders.promoCode)
    .as('used');
  return db
    .select({ row: promoCodes, timesUsed: sql<number>`coalesce(${used.n}, 0)::int` })
    .from(promoCodes)
    .leftJoin(used, eq(used.code, promoCodes.code))
    .where(eq(promoCodes.merchantId, merchantUuid))
    .orderBy(asc(promoCodes.code));
}

/** PostgreSQL's unique_violation, through node-postgres or PGlite (possibly wrapped). */
function isUniqueViolation(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Inserts a code; 'duplicate' when the store already has it (the unique index decides). */
export async function insertPromoCode(
  db: Db | Tx,
  merchantUuid: string,
  fields: PromoCodeFields,
): Promise<PromoCodeRow | 'duplicate'> {
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({ ...fields, merchantId: merchantUuid })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Changes the named fields of one of the store's codes; undefined when it has no such code. */
export async function updatePromoCodeRow(
  db: Db | Tx,
  merchantUuid: string,
  id: string,
  set: Partial<PromoCodeFields>,
  now: Date,
): Promise<PromoCodeRow | 'duplicate' | undefined> {
  try {
    const [row] = await db
      .update(promoCodes)
      .set({ ...set, updatedAt: now })
      .where(and(eq(promoCodes.merchantId, merchantUuid), eq(promoCodes.id, id)))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function findPromoCodeById(db: Db | Tx, merchantUuid: string, id: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.merchantId, merchantUuid), eq(promoCodes.id, id)));
  return row;
}

export async function deletePromoCodeRow(db: Db | Tx, merchantUuid: string, id: string) {
  const rows = await db
    .delete(promoCodes)
    .where(and(eq(promoCodes.merchantId, merchantUuid), eq(promoCodes.id, id)))
    .returning();
  return rows[0];
}

export async function countPromoCodes(db: Db | Tx, merchantUuid: string) {
  const [row] = await db
    .select({ n: count() })
    .from(promoCodes)
    .where(eq(promoCodes.merchantId, merchantUuid));
  return row?.n ?? 0;
}

export async function timesUsed(db: Db | Tx, merchantUuid: string, code: string) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.state, 'placed'),
        eq(orders.promoCode, code),
      ),
    );
  return row?.n ?? 0;
}
