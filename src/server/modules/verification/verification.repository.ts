import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { phoneVerifications } from '../../db/schema/index.js';

export type VerificationRow = typeof phoneVerifications.$inferSelect;

const sqlIncrement = () => sql`${phoneVerifications.sendCount} + 1`;

export async function findVerification(
  tx: Tx,
  anonUserId: string,
  phone: string,
  forUpdate = false,
) {
  const q = tx
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.anonUserId, anonUserId), eq(phoneVerifications.phone, phone)));
  const [row] = forUpdate ? await q.for('update') : await q;
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
