// A merchant's printers (spec C7 printers call, with its queryObj). The default list leaves out
// receipt printers, which print the customer's copy rather than kitchen tickets.
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
        // The older `includeReceipt=true|false` means the same as that field of the queryObj.
        const { queryObj, includeReceipt } = req.query;
        const query =
          queryObj ?? (includeReceipt ? { includeReceipt: includeReceipt === 'true' } : undefined);
        return merchantPrinters(ctx, req.params.merchantId, query);
      },
    );
  };
