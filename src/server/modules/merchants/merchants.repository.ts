import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedOn, rootDb } from '../../db/prepared.js';
import { dineinTables, merchantCounters, merchants } from '../../db/schema/index.js';

const merchantBySlug = (db: Db) =>
  db
    .select()
    .from(merchants)
    .where(eq(merchants.merchantId, sql.placeholder('merchantId')))
    .prepare('merchant_by_slug');

export async function findMerchantBySlug(tx: Tx, merchantId: string) {
  const db = rootDb(tx);
  const [row] = db
    ? await preparedOn(db, 'merchant_by_slug', merchantBySlug).execute({ merchantId })
    : await tx.select().from(merchants).where(eq(merchants.merchantId, merchantId));
  return row;
}

/** A merchant by its row id (uuid), e.g. an order's merchant. */
export async function findMerchantByUuid(tx: Tx, id: string): Promise<MerchantRow | undefined> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

/** Sets the merchant's payment provider (and credentials blob when given); false when no such merchant. */
export async function updateMerchantPayment(
  tx: Tx,
  id: string,
  set: Pick<
    Partial<typeof merchants.$inferInsert>,
    'ecommProvider' | 'paymentCredentials' | 'updatedAt'
  >,
): Promise<boolean> {
  const rows = await tx
    .update(merchants)
    .set(set)
    .where(eq(merchants.id, id))
    .returning({ id: merchants.id });
  return rows.length > 0;
}

export async function findMerchantCredentials(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({
      id: merchants.id,
      merchantId: merchants.merchantId,
      passwordHash: merchants.passwordHash,
      disabledAt: merchants.disabledAt,
    })
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId));
  return row;
}

export type MerchantRow = typeof merchants.$inferSelect;

export type NewMerchantRow = Pick<
  typeof merchants.$inferInsert,
  | 'merchantId'
  | 'name'
  | 'passwordHash'
  | 'phone'
  | 'email'
  | 'address'
  | 'timeZone'
  | 'lat'
  | 'lng'
>;

/**
 * Inserts a merchant with its order counters; every other setting keeps its schema default
 * (closed all week, pickup only) for the merchant to set in the dashboard. Undefined when the
 * merchant id is taken (the unique index decides, also against a concurrent insert).
 */
export async function insertMerchant(tx: Tx, row: NewMerchantRow) {
  const [created] = await tx
    .insert(merchants)
    .values(row)
    .onConflictDoNothing({ target: merchants.merchantId })
    .returning({ id: merchants.id, merchantId: merchants.merchantId });
  if (created) await tx.insert(merchantCounters).values({ merchantId: created.id });
  return created;
}

/** Replaces a merchant's password hash; undefined when there is no such merchant. */
export async function updateMerchantPasswordHash(tx: Tx, merchantId: string, passwordHash: string) {
  const [row] = await tx
    .update(merchants)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(merchants.merchantId, merchantId))
    .returning({ id: merchants.id, merchantId: merchants.merchantId });
  return row;
}

/** The merchant's row locked for a settings change (two saves at once apply one after the other). */
export async function lockMerchantBySlug(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select()
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId))
    .for('update');
  return row;
}

/** The store pane's columns a settings save may change. */
export type MerchantSettingsSet = Omit<
  Partial<typeof merchants.$inferInsert>,
  | 'id'
  | 'merchantId'
  | 'name'
  | 'address'
  | 'webSite'
  | 'passwordHash'
  | 'paymentCredentials'
  | 'createdAt'
>;

export async function updateMerchantSettings(tx: Tx, id: string, set: MerchantSettingsSet) {
  await tx.update(merchants).set(set).where(eq(merchants.id, id));
}

/**
 * A Store pane save: writes `set` and counts the save, only while the settings are still at
 * `version` when one is given (the sender's read). False when another save came between.
 */
export async function updateMerchantSettingsIfUnchanged(
  tx: Tx,
  id: string,
  version: number | undefined,
  set: MerchantSettingsSet,
): Promise<boolean> {
  const rows = await tx
    .update(merchants)
    .set({ ...set, settingsVersion: sql`${merchants.settingsVersion} + 1` })
    .where(
      version === undefined
        ? eq(merchants.id, id)
        : and(eq(merchants.id, id), eq(merchants.settingsVersion, version)),
    )
    .returning({ id: merchants.id });
  return rows.length === 1;
}

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The store's dine-in table names in natural order (T2 before T10). */
export async function listDineinTableNames(tx: Tx, merchantUuid: string): Promise<string[]> {
  const rows = await tx
    .select({ name: dineinTables.name })
    .from(dineinTables)
    .where(eq(dineinTables.merchantId, merchantUuid));
  return rows.map((r) => r.name).sort(naturalOrder.compare);
}

/**
 * Makes the store's tables exactly `names`: the others removed, the new ones added, the kept ones
 * untouched. Past orders keep their table's name as text, so removing a table changes none.
 */
export async function replaceDineinTables(tx: Tx, merchantUuid: string, names: string[]) {
  const mine = eq(dineinTables.merchantId, merchantUuid);
  await tx
    .delete(dineinTables)
    .where(names.length > 0 ? and(mine, notInArray(dineinTables.name, names)) : mine);
  if (names.length === 0) return;
  const kept = await tx
    .select({ name: dineinTables.name })
    .from(dineinTables)
    .where(and(mine, inArray(dineinTables.name, names)));
  const have = new Set(kept.map((k) => k.name));
  const added = names.filter((n) => !have.has(n));
  if (added.length > 0) {
    await tx.insert(dineinTables).values(added.map((name) => ({ merchantId: merchantUuid, name })));
  }
}

/** Every merchant with what the operator's list shows, oldest first. */
export async function listMerchantsForCare(tx: Tx) {
  return tx
    .select({
      merchantId: merchants.merchantId,
      name: merchants.name,
      createdAt: merchants.createdAt,
      disabledAt: merchants.disabledAt,
    })
    .from(merchants)
    .orderBy(merchants.createdAt, merchants.merchantId);
}

/**
 * Sets (a time) or clears (null) the merchant's disabled mark, keeping the first time when it is
 * already disabled. Undefined when no such merchant; `changed` false when it already was so.
 */
export async function setMerchantDisabledAt(tx: Tx, merchantId: string, at: Date | null) {
  const [before] = await tx
    .select({ id: merchants.id, disabledAt: merchants.disabledAt })
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId))
    .for('update');
  if (!before) return undefined;
  const changed = (before.disabledAt === null) !== (at === null);
  if (changed)
    await tx.update(merchants).set({ disabledAt: at }).where(eq(merchants.id, before.id));
  return { id: before.id, changed };
}
