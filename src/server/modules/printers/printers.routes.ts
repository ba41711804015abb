// A merchant's printers (spec C7 printers call). The default list leaves out receipt printers,
// which print the customer's copy rather than kitchen tickets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { merchantPrinters } from './printers.service.js';

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
        return merchantPrinters(ctx, req.params.merchantId, req.query.includeReceipt === 'true');
      },
    );
  };
