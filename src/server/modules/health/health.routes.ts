// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the
// process is not shutting down), for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/health.js';
import type { AppContext } from '../../app-context.js';

export const healthRoutes =
  (ctx: AppContext, state: { shuttingDown: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.liveness.path,
      { config: { access: 'public' }, schema: api.liveness.schema },
      async () => ({
        status: 'ok',
      }),
    );
    app.get(
      api.readiness.path,
      { config: { access: 'public' }, schema: api.readiness.schema },
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
