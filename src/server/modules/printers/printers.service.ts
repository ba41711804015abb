// A merchant's printers (spec C7). The default list leaves out receipt printers, which print the
// customer's copy rather than kitchen tickets; the spec's queryObj narrows or widens it
// (src/contract/printers.ts).
import type { PrinterQueryObj } from '../../../contract/printers.js';
import { PRINT_FORMATS, type PrintFormat } from '../../../domain/settings/schemas.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { type PrinterFilter, listPrinters } from './printers.repository.js';

/** What a queryObj asks for, as the formats and connection to list. */
export function printerFilter(query: PrinterQueryObj = {}): PrinterFilter {
  const formats: readonly PrintFormat[] =
    query.printFormat === undefined
      ? PRINT_FORMATS.filter((f) => query.includeReceipt === true || f !== 'receipt')
      : typeof query.printFormat === 'string'
        ? [query.printFormat]
        : [...new Set(query.printFormat)];
  return { formats, ...(query.connection ? { connection: query.connection } : {}) };
}

export async function merchantPrinters(
  ctx: AppContext,
  merchantId: string,
  query?: PrinterQueryObj,
) {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  const rows = await listPrinters(ctx.db, m.id, printerFilter(query));
  return rows.map((p) => ({
    _id: p.id,
    name: p.name,
    description: p.description,
    print_format: p.printFormat,
    connection: p.connection,
  }));
}
