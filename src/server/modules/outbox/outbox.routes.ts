// The outbox has no HTTP routes of its own; this plugin ties the worker to the app's life, so
// closing the app (graceful shutdown, tests) stops NOTIFY wake-ups and waits for the run in
// flight before the database is closed. The worker itself runs from src/server/jobs.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { stopOutboxWorker } from './outbox.service.js';

export const outboxLifecycle =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onClose', async () => {
      await stopOutboxWorker(ctx);
      ctx.adapters.email.close?.();
    });
  };
