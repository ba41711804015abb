// A merchant's printers, by name.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { printers } from '../../db/schema/index.js';

export async function listPrinters(db: Db, merchantUuid: string, includeReceipt: boolean) {
  const where = includeReceipt
    ? eq(printers.merchantId, merchantUuid)
    : and(eq(printers.merchantId, merchantUuid), ne(printers.printFormat, 'receipt'));
  return db.select().from(printers).where(where).orderBy(asc(printers.name));
}
