// Writes and reads the merchant audit (src/server/db/schema/audit.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { merchantAudit } from '../../db/schema/index.js';

export type AuditRow = typeof merchantAudit.$inferSelect;
export type NewAuditRow = typeof merchantAudit.$inferInsert;

export async function insertAudit(tx: Tx, row: NewAuditRow): Promise<void> {
  await tx.insert(merchantAudit).values(row);
}

/** One order's entries, newest first. */
export async function listOrderAudit(tx: Tx, merchantUuid: string, orderId: string) {
  return tx
    .select()
    .from(merchantAudit)
    .where(and(eq(merchantAudit.merchantId, merchantUuid), eq(merchantAudit.orderId, orderId)))
    .orderBy(desc(merchantAudit.at));
}
