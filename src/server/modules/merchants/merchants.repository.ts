import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { merchants } from '../../db/schema/index.js';

export async function findMerchantBySlug(tx: Tx, merchantId: string) {
  const [row] = await tx.select().from(merchants).where(eq(merchants.merchantId, merchantId));
  return row;
}

export async function findMerchantCredentials(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({
      id: merchants.id,
      merchantId: merchants.merchantId,
      passwordHash: merchants.passwordHash,
    })
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId));
  return row;
}
