// The merchant's data export as downloads from the dashboard (issue 31): the store file (settings
// and menu, JSON) and its orders as CSV or JSON lines, streamed as they are read, so a year of
// orders keeps memory flat. The signed-in merchant's own only; each download is rate-limited per
// merchant (MERCHANT_EXPORT_RATE_LIMIT): the access check runs first, so no one else's calls
// use up a merchant's downloads.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/merchant-export.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import {
  ExportAbortedError,
  exportMerchantOrders,
  merchantMenuExport,
  merchantSettingsExport,
} from './merchant-export.service.js';

/** The file's name: the merchant, what it holds and the day (UTC) it was taken. */
export function exportFileName(merchantId: string, what: string, at: Date): string {
  return `forkful-${merchantId}-${what}-${at.toISOString().slice(0, 10)}`;
}

function attachment(reply: FastifyReply, name: string): FastifyReply {
  // The export holds the diners' names and addresses: no cache keeps a copy.
  return reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
}

export const merchantExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = (route: string) => ({
      access: 'merchant' as const,
      rateLimit: scaledRateLimit(ctx.config, {
        ...api.MERCHANT_EXPORT_RATE_LIMIT,
        keyGenerator: (req: { params: unknown }) =>
          `merchant-export:${route}:${(req.params as { merchantId: string }).merchantId}`,
      }),
    });

    app.get(
      api.exportMerchantStore.path,
      { config: config('store'), schema: api.exportMerchantStore.schema },
      async (req, reply) => {
        const { merchantId } = req.params;
        const at = ctx.clock.now();
        const settings = await merchantSettingsExport(ctx, merchantId);
        const menu = await merchantMenuExport(ctx, merchantId);
        attachment(reply, `${exportFileName(merchantId, 'store', at)}.json`);
        return { merchantId, exportedAt: at.toISOString(), settings, menu };
      },
    );

    /** Streams the orders in one format; the answer starts before the first page is read. */
    const streamOrders = (
      req: FastifyRequest<{ Params: { merchantId: string } }>,
      reply: FastifyReply,
      format: 'csv' | 'jsonl',
    ) => {
      const { merchantId } = req.params;
      const body = new PassThrough();
      exportMerchantOrders(ctx, merchantId, format === 'csv' ? { csv: body } : { json: body }).then(
        () => body.end(),
        (err: unknown) => {
          if (err instanceof ExportAbortedError) return;
          // The status is sent: the cut answer is how the browser learns the download failed.
          req.log.error({ err, merchantId }, 'merchant export failed');
          body.destroy(err instanceof Error ? err : new Error(String(err)));
        },
      );
      attachment(reply, `${exportFileName(merchantId, 'orders', ctx.clock.now())}.${format}`);
      void reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .send(body);
    };

    app.get(
      api.exportMerchantOrdersCsv.path,
      { config: config('orders.csv'), schema: api.exportMerchantOrdersCsv.schema },
      async (req, reply) => {
        streamOrders(req, reply, 'csv');
        return reply;
      },
    );
    app.get(
      api.exportMerchantOrdersJsonl.path,
      { config: config('orders.jsonl'), schema: api.exportMerchantOrdersJsonl.schema },
      async (req, reply) => {
        streamOrders(req, reply, 'jsonl');
        return reply;
      },
    );
  };
