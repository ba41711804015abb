import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBusinessInfo } from '../../../contract/store.js';
import type { AppContext } from '../../app-context.js';
import { menuInvalidation, sendCached } from '../cache/index.js';
import { BusinessInfoReader } from './store.service.js';

export const storeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const info = new BusinessInfoReader(ctx, await menuInvalidation(app, ctx));
    app.get(
      getBusinessInfo.path,
      { config: { access: 'public' }, schema: getBusinessInfo.schema },
      async (request, reply) =>
        sendCached(request, reply, await info.body(request.params.merchantId)),
    );
  };
