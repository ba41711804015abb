// Star CloudPRNT's three calls on one URL per printer (src/contract/cloudprnt.ts). Each checks
// the printer's token first; polls are shed first under load (a printer asks again in seconds).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/cloudprnt.js';
import type { AppContext } from '../../app-context.js';
import { authenticatePrinter, cloudConfirm, cloudFetch, cloudPoll } from './cloudprnt.service.js';

const config = { access: 'printer', load: 'poll' } as const;

export const cloudPrntRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(api.cloudPrntPoll.path, { config, schema: api.cloudPrntPoll.schema }, async (req) => {
      const printer = await authenticatePrinter(
        ctx,
        req.params.printerId,
        req.headers.authorization,
      );
      return cloudPoll(ctx, printer, req.body);
    });
    app.get(
      api.cloudPrntFetch.path,
      { config, schema: api.cloudPrntFetch.schema },
      async (req, reply) => {
        const printer = await authenticatePrinter(
          ctx,
          req.params.printerId,
          req.headers.authorization,
        );
        const job = await cloudFetch(ctx, printer, req.query.type);
        // A fetch is repeatable and must not be cached between the printer and us.
        return reply
          .header('content-type', job.contentType)
          .header('cache-control', 'no-store')
          .header('x-star-cut', 'partial; feed=true')
          .send(job.body);
      },
    );
    app.delete(
      api.cloudPrntConfirm.path,
      { config, schema: api.cloudPrntConfirm.schema },
      async (req) => {
        const printer = await authenticatePrinter(
          ctx,
          req.params.printerId,
          req.headers.authorization,
        );
        await cloudConfirm(ctx, printer, req.query.code);
        return { ok: true };
      },
    );
  };
