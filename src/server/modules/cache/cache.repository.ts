// The cache's one statement: the cross-instance "menu changed" notification (invalidation.ts).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

export const MENU_CHANGED_CHANNEL = 'menu_changed';

/**
 * Tells every instance that a merchant's menu or public settings changed. Call it inside the
 * writing transaction: the notification is sent on commit and never for a rolled-back change.
 */
export async function notifyMenuChanged(tx: Tx, merchantUuid: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${MENU_CHANGED_CHANNEL}, ${merchantUuid})`);
}
