// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the
// process is not shutting down), for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';

export const healthRoutes =
  (ctx: AppContext, state: { shuttingDown: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const status = z.object({ status: z.string() });
    app.get(
      '/healthz',
      { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: status } } },
      async () => ({
        status: 'ok',
      }),
    );
    app.get(
      '/readyz',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: status, 503: status } },
      },
      async (_req, reply) => {
        if (state.shuttingDown) return reply.status(503).send({ status: 'shutting down' });
        try {
          await ctx.database.query('select 1');
          return { status: 'ready' };
        } catch (err) {
          ctx.log.warn({ err }, 'readiness check failed');
          return reply.status(503).send({ status: 'database unavailable' });
        }
      },
    );
  };
