import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { promoCodes } from '../../db/schema/index.js';

export async function findPromoCode(tx: Tx, merchantUuid: string, code: string) {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.merchantId, merchantUuid), eq(promoCodes.code, code)));
  return row;
}
