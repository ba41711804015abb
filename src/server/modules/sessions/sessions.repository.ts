// The sessions table: rows are found by the token's hash (the token itself is never stored).
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customers, merchants, sessions } from '../../db/schema/index.js';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

type SessionKind = (typeof sessions.$inferSelect)['kind'];

/** The session of this token, of this kind, not yet expired. */
function liveSession(tokenHash: string, kind: SessionKind, now: Date) {
  return and(
    eq(sessions.tokenHash, tokenHash),
    eq(sessions.kind, kind),
    gt(sessions.expiresAt, now),
  );
}

/** The merchant of a live merchant session. */
export async function findMerchantByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: merchants.id, merchantId: merchants.merchantId })
    .from(sessions)
    .innerJoin(merchants, eq(merchants.id, sessions.merchantId))
    .where(liveSession(tokenHash, 'merchant', now));
  return row;
}

/** The customer of a live customer session. */
export async function findCustomerByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(liveSession(tokenHash, 'customer', now));
  return row;
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function deleteMerchantSessions(db: Tx, merchantUuid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.merchantId, merchantUuid));
}
