import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { menuInvalidation, sendCached } from '../cache/index.js';
import { publicBusinessInfo } from './business-info.schema.js';
import { BusinessInfoReader } from './store.service.js';

export const storeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const info = new BusinessInfoReader(ctx, await menuInvalidation(app, ctx));
    app.get(
      '/api/businessInfos/merchantId/:merchantId/businessInfo',
      {
        config: { access: 'public' },
        schema: {
          tags: ['store'],
          params: z.object({ merchantId: merchantIdParam }),
          response: { 200: publicBusinessInfo, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) =>
        sendCached(request, reply, await info.body(request.params.merchantId)),
    );
  };
