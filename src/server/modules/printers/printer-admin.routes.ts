// Printers in the dashboard (src/contract/printer-settings.ts): the merchant's own printers only.
// A test page is limited per printer: a test page is paper, and the button is easy to press twice.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/printer-settings.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import * as orderPrinting from './order-printing.service.js';
import * as svc from './printer-admin.service.js';

const merchant = { access: 'merchant' } as const;

export const printerAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.printerBoard.path, { config: merchant, schema: api.printerBoard.schema }, (req) =>
      svc.printerBoard(ctx, req.params.merchantId),
    );
    app.post(api.addPrinter.path, { config: merchant, schema: api.addPrinter.schema }, (req) =>
      svc.addPrinter(ctx, req.params.merchantId, req.body),
    );
    app.put(api.editPrinter.path, { config: merchant, schema: api.editPrinter.schema }, (req) =>
      svc.editPrinter(ctx, req.params.merchantId, req.params.id, req.body),
    );
    app.delete(
      api.removePrinter.path,
      { config: merchant, schema: api.removePrinter.schema },
      (req) => svc.removePrinter(ctx, req.params.merchantId, req.params.id),
    );
    app.post(
      api.newCloudToken.path,
      { config: merchant, schema: api.newCloudToken.schema },
      async (req, reply) => {
        // The token is shown once: no cache may keep a copy.
        void reply.header('cache-control', 'no-store');
        return svc.newCloudToken(ctx, req.params.merchantId, req.params.id);
      },
    );
    app.post(
      api.printTestPage.path,
      {
        config: {
          ...merchant,
          rateLimit: scaledRateLimit(ctx.config, {
            max: 1,
            timeWindow: `${api.TEST_PAGE_INTERVAL_SECONDS} seconds`,
            keyGenerator: (req: { params: unknown }) =>
              `test-page:${(req.params as { id: string }).id}`,
          }),
        },
        schema: api.printTestPage.schema,
      },
      (req) => svc.printTestPage(ctx, req.params.merchantId, req.params.id),
    );
    app.get(
      api.readPrintSettings.path,
      { config: merchant, schema: api.readPrintSettings.schema },
      (req) => svc.readPrintSettings(ctx, req.params.merchantId),
    );
    app.put(
      api.savePrintSettings.path,
      { config: merchant, schema: api.savePrintSettings.schema },
      (req) => svc.savePrintSettings(ctx, req.params.merchantId, req.body),
    );
    // An order's printing (order detail): its jobs, Print and Reprint.
    app.get(
      api.readOrderPrintJobs.path,
      { config: merchant, schema: api.readOrderPrintJobs.schema },
      (req) => orderPrinting.readOrderPrintJobs(ctx, req.params.merchantId, req.params.orderId),
    );
    app.post(api.printOrder.path, { config: merchant, schema: api.printOrder.schema }, (req) =>
      orderPrinting.printOrderTickets(ctx, req.params.merchantId, req.params.orderId, false),
    );
    app.post(api.reprintOrder.path, { config: merchant, schema: api.reprintOrder.schema }, (req) =>
      orderPrinting.printOrderTickets(ctx, req.params.merchantId, req.params.orderId, true),
    );
  };
