// Queries of password_resets and the account's password (docs/decisions/password-reset.md).
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, passwordResets, sessions } from '../../db/schema/index.js';

export async function countRecentResets(tx: Tx, customerId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.customerId, customerId), gt(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertReset(
  tx: Tx,
  row: { customerId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(passwordResets).values(row);
}

/**
 * Uses the link: one conditional UPDATE, so of two requests with the same link at the same moment
 * exactly one gets its account back (the other finds it used).
 */
export async function useReset(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; customerId: string } | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id, customerId: passwordResets.customerId });
  return row;
}

/**
 * Ends the account's other links, sets the new password and signs the account out everywhere.
 * Answers the account's e-mail.
 */
export async function finishReset(
  tx: Tx,
  used: { id: string; customerId: string },
  passwordHash: string,
  now: Date,
): Promise<string> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.customerId, used.customerId),
        ne(passwordResets.id, used.id),
        isNull(passwordResets.usedAt),
      ),
    );
  const [account] = await tx
    .update(customers)
    .set({ passwordHash, updatedAt: now })
    .where(eq(customers.id, used.customerId))
    .returning({ email: customers.email });
  await tx.delete(sessions).where(eq(sessions.customerId, used.customerId));
  return account!.email;
}
