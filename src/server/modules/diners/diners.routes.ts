import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ensureAnonId } from './anon-id.js';

export const dinerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users/cookie',
      {
        config: { access: 'public' },
        schema: { tags: ['cart'], response: { 200: z.object({ uid: z.string() }) } },
      },
      async (request, reply) => ({
        uid: ensureAnonId(request, reply, ctx.config.env === 'production'),
      }),
    );
  };
