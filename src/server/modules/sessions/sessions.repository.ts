// The sessions table: rows are found by the token's hash (the token itself is never stored).
import { type Placeholder, and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedOn } from '../../db/prepared.js';
import { customers, merchants, sessions } from '../../db/schema/index.js';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

type SessionKind = (typeof sessions.$inferSelect)['kind'];

/** The session of this token, of this kind, not yet expired. */
function liveSession(tokenHash: string | Placeholder, kind: SessionKind, now: Date | Placeholder) {
  return and(
    eq(sessions.tokenHash, tokenHash),
    eq(sessions.kind, kind),
    gt(sessions.expiresAt, now),
  );
}

const merchantOfSession = (db: Db) =>
  db
    .select({
      id: merchants.id,
      merchantId: merchants.merchantId,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(merchants, eq(merchants.id, sessions.merchantId))
    .where(
      and(
        liveSession(sql.placeholder('tokenHash'), 'merchant', sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        // A disabled merchant's sessions are deleted as it is disabled; this also ends one
        // made by a sign-in that raced the disabling.
        isNull(merchants.disabledAt),
      ),
    )
    .prepare('merchant_of_session');

/** The merchant of a merchant session that is neither expired nor idle since `idleSince`. */
export async function findMerchantByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
) {
  const q = preparedOn(db, 'merchant_of_session', merchantOfSession);
  const [row] = await q.execute({ tokenHash, now, idleSince });
  return row;
}

/** Records that the session was used at `now` (what its idle time counts from). */
export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

const customerOfSession = (db: Db) =>
  db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(liveSession(sql.placeholder('tokenHash'), 'customer', sql.placeholder('now')))
    .prepare('customer_of_session');

/** The customer of a live customer session. */
export async function findCustomerByTokenHash(db: Db, tokenHash: string, now: Date) {
  const q = preparedOn(db, 'customer_of_session', customerOfSession);
  const [row] = await q.execute({ tokenHash, now });
  return row;
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function deleteMerchantSessions(db: Tx, merchantUuid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.merchantId, merchantUuid));
}
