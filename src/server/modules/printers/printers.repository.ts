// A merchant's printers, by name.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PrintFormat } from '../../../domain/settings/schemas.js';
import type { PrinterConnection } from '../../../contract/printers.js';
import type { Db } from '../../db/client.js';
import { printers } from '../../db/schema/index.js';

export interface PrinterFilter {
  /** The formats to list (never empty). */
  formats: readonly PrintFormat[];
  connection?: PrinterConnection;
}

/** The merchant's printers of the given formats (and connection), by name. */
export async function listPrinters(db: Db, merchantUuid: string, filter: PrinterFilter) {
  return db
    .select()
    .from(printers)
    .where(
      and(
        eq(printers.merchantId, merchantUuid),
        inArray(printers.printFormat, [...filter.formats]),
        filter.connection ? eq(printers.connection, filter.connection) : undefined,
      ),
    )
    .orderBy(asc(printers.name));
}
