// GET /metrics for Prometheus (issue 31): registered only when METRICS_TOKEN is set, and answered
// only with it (`Authorization: Bearer …`, checked by the access hook: access 'operator').
// Scrape each instance directly; the shipped nginx config does not pass /metrics through.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metrics as metricsRoute } from '../../../contract/operations.js';
import type { AppContext } from '../../app-context.js';
import { metricsOf } from './metrics.js';

export const metricsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { registry } = metricsOf(ctx);
    app.get(
      metricsRoute.path,
      { config: { access: 'operator' }, schema: { ...metricsRoute.schema, hide: true } },
      async (_req, reply) => {
        const text = await registry.metrics();
        return reply.header('content-type', registry.contentType).send(text);
      },
    );
  };
