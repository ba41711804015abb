// A merchant's printers (spec C7 printers call). The default list leaves out receipt printers,
// which print the customer's copy rather than kitchen tickets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { printers } from '../../db/schema/index.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import { notFound } from '../../lib/app-error.js';

const printerView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  print_format: z.string(),
  connection: z.string(),
});

export const printerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/printers/merchantId/:merchantId/printers',
      {
        config: { access: 'merchant' },
        schema: {
          tags: ['printers'],
          params: z.object({ merchantId: merchantIdParam }),
          querystring: z.object({ includeReceipt: z.enum(['true', 'false']).optional() }),
          response: {
            200: z.array(printerView),
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
          },
        },
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
