import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { preparedIn } from '../../db/prepared.js';
import { phoneVerifications } from '../../db/schema/index.js';

export type VerificationRow = typeof phoneVerifications.$inferSelect;

/** The send count restarts when the row's last send is over an hour old. */
const sqlIncrement = () =>
  sql`case when ${phoneVerifications.lastSentAt} < excluded.last_sent_at - interval '1 hour' then 1 else ${phoneVerifications.sendCount} + 1 end`;

/** The diner's verification of this phone; locked until the transaction ends with forUpdate. */
export async function findVerification(
  tx: Tx,
  anonUserId: string,
  phone: string,
  forUpdate = false,
) {
  // Every code sent, code checked and anonymous order reads it: prepared.
  const name = forUpdate ? 'find_verification_for_update' : 'find_verification';
  const [row] = await preparedIn(tx, name, (t) => {
    const q = t
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.anonUserId, sql.placeholder('anonUserId')),
          eq(phoneVerifications.phone, sql.placeholder('phone')),
        ),
      );
    return (forUpdate ? q.for('update') : q).prepare(name);
  }).execute({ anonUserId, phone });
  return row;
}

export async function upsertCode(
  tx: Tx,
  values: { anonUserId: string; phone: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<VerificationRow> {
  const [row] = await preparedIn(tx, 'upsert_verification_code', upsertCodeQuery).execute(values);
  return row!;
}

function upsertCodeQuery(tx: Tx) {
  const p = (name: string) => sql.placeholder(name);
  return tx
    .insert(phoneVerifications)
    .values({
      anonUserId: p('anonUserId'),
      phone: p('phone'),
      codeHash: p('codeHash'),
      expiresAt: p('expiresAt'),
      lastSentAt: p('now'),
      sendCount: 1,
      createdAt: p('now'),
    } as unknown as typeof phoneVerifications.$inferInsert)
    .onConflictDoUpdate({
      target: [phoneVerifications.anonUserId, phoneVerifications.phone],
      set: {
        codeHash: sql`excluded.code_hash`,
        expiresAt: sql`excluded.expires_at`,
        lastSentAt: sql`excluded.last_sent_at`,
        failedAttempts: 0,
        verifiedAt: null,
        sendCount: sqlIncrement(),
      },
    })
    .returning()
    .prepare('upsert_verification_code');
}

export async function recordFailure(
  tx: Tx,
  id: string,
  failedAttempts: number,
  lockedUntil: Date | null,
) {
  await tx
    .update(phoneVerifications)
    .set({ failedAttempts, lockedUntil })
    .where(eq(phoneVerifications.id, id));
}

export async function markVerified(tx: Tx, id: string, now: Date) {
  await preparedIn(tx, 'mark_phone_verified', (t) =>
    t
      .update(phoneVerifications)
      .set({
        verifiedAt: sql`${sql.placeholder('now')}::timestamptz`,
        failedAttempts: 0,
        expiresAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .where(eq(phoneVerifications.id, sql.placeholder('id')))
      .prepare('mark_phone_verified'),
  ).execute({ id, now });
}

/**
 * Codes sent to this phone since a time, for every diner id together. Each row counts its sends
 * since it last went quiet for an hour (upsertCode restarts the count then).
 */
export async function recentCodesTo(tx: Tx, phone: string, since: Date): Promise<number> {
  const [row] = await preparedIn(tx, 'recent_codes_to', (t) =>
    t
      .select({ n: sql<number>`coalesce(sum(${phoneVerifications.sendCount}), 0)::int` })
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.phone, sql.placeholder('phone')),
          gt(phoneVerifications.lastSentAt, sql`${sql.placeholder('since')}::timestamptz`),
        ),
      )
      .prepare('recent_codes_to'),
  ).execute({ phone, since });
  return row?.n ?? 0;
}
