import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/diners.js';
import type { AppContext } from '../../app-context.js';
import { ensureAnonId } from './anon-id.js';

export const dinerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.dinerCookie.path,
      { config: { access: 'public' }, schema: api.dinerCookie.schema },
      async (request, reply) => ({
        uid: ensureAnonId(request, reply, ctx.config.env === 'production'),
      }),
    );
  };
