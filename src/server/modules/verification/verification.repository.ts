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
  const [row] = await tx
    .insert(phoneVerifications)
    .values({
      anonUserId: values.anonUserId,
      phone: values.phone,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      lastSentAt: values.now,
      sendCount: 1,
      createdAt: values.now,
    })
    .onConflictDoUpdate({
      target: [phoneVerifications.anonUserId, phoneVerifications.phone],
      set: {
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        lastSentAt: values.now,
        failedAttempts: 0,
        verifiedAt: null,
        sendCount: sqlIncrement(),
      },
    })
    .returning();
  return row!;
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
  await tx
    .update(phoneVerifications)
    .set({ verifiedAt: now, failedAttempts: 0, expiresAt: now })
    .where(eq(phoneVerifications.id, id));
}

/**
 * Codes sent to this phone since a time, for every diner id together. Each row counts its sends
 * since it last went quiet for an hour (upsertCode restarts the count then).
 */
export async function recentCodesTo(tx: Tx, phone: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${phoneVerifications.sendCount}), 0)::int` })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phone, phone), gt(phoneVerifications.lastSentAt, since)));
  return row?.n ?? 0;
}
