// The browser journeys' controls (docs/decisions/browser-journeys.md). Registered only when
// TEST_CONTROLS=true, which the configuration refuses under NODE_ENV=production: in any other
// app these paths do not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTestClock, setTestClock } from '../../../contract/test-controls.js';
import { type AppContext, isSettableClock } from '../../app-context.js';

export const testControlRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const clock = ctx.clock;
    if (!ctx.config.testControls || !isSettableClock(clock)) return;

    // Public: the paths exist only in a journey server, which serves no real diner.
    const config = { access: 'public' as const };
    app.get(getTestClock.path, { config, schema: getTestClock.schema }, async () => ({
      now: clock.now().toISOString(),
    }));

    app.put(setTestClock.path, { config, schema: setTestClock.schema }, async (req) => {
      clock.set(req.body.now ? new Date(req.body.now) : null);
      ctx.log.warn({ now: clock.now().toISOString() }, 'test clock set');
      return { now: clock.now().toISOString() };
    });
  };
