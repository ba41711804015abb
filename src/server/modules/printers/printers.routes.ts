// A merchant's printers (spec C7 printers call). The default list leaves out receipt printers,
// which print the customer's copy rather than kitchen tickets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import * as api from '../../../contract/printers.js';
import type { AppContext } from '../../app-context.js';
import { printers } from '../../db/schema/index.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import { notFound } from '../../lib/app-error.js';

export const printerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.listPrinters.path,
      {
        config: { access: 'merchant' },
        schema: api.listPrinters.schema,
      },
      async (req) => {
        const m = await findMerchantBySlug(ctx.db, req.params.merchantId);
        if (!m) throw notFound('Merchant');
        const where =
          req.query.includeReceipt === 'true'
            ? eq(printers.merchantId, m.id)
            : and(eq(printers.merchantId, m.id), ne(printers.printFormat, 'receipt'));
        const rows = await ctx.db.select().from(printers).where(where).orderBy(asc(printers.name));
        return rows.map((p) => ({
          _id: p.id,
          name: p.name,
          description: p.description,
          print_format: p.printFormat,
          connection: p.connection,
        }));
      },
    );
  };
