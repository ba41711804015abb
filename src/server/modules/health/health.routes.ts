// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the
// process is not shutting down), for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/health.js';
import type { AppContext } from '../../app-context.js';
import { DATABASE_RETRY_AFTER_S, describeDatabaseError } from '../../db/connection-errors.js';
import { databaseAnswers } from './health.service.js';

/** How long /readyz waits for the database before answering not ready. */
const READY_TIMEOUT_MS = 2000;

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
        // Bounded: behind a pool full of requests waiting for a database that is away, the
        // answer "not ready" must still come quickly.
        try {
          await databaseAnswers(ctx, READY_TIMEOUT_MS);
          return { status: 'ready' };
        } catch (err) {
          ctx.log.warn(describeDatabaseError(err), 'readiness check failed');
          return reply
            .status(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_S))
            .send({ status: 'database unavailable' });
        }
      },
    );
  };
