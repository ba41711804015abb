// A merchant's printers (spec C7). The default list leaves out receipt printers, which print the
// customer's copy rather than kitchen tickets.
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { listPrinters } from './printers.repository.js';

export async function merchantPrinters(
  ctx: AppContext,
  merchantId: string,
  includeReceipt: boolean,
) {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  const rows = await listPrinters(ctx.db, m.id, includeReceipt);
  return rows.map((p) => ({
    _id: p.id,
    name: p.name,
    description: p.description,
    print_format: p.printFormat,
    connection: p.connection,
  }));
}
