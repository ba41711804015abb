// A merchant's printers (spec C7 printers call). The default list leaves out receipt printers,
// which print the customer's copy rather than kitchen tickets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/printers.js';
import type { AppContext } from '../../app-context.js';
import { merchantPrinters } from './printers.service.js';

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
        return merchantPrinters(ctx, req.params.merchantId, req.query.includeReceipt === 'true');
      },
    );
  };
