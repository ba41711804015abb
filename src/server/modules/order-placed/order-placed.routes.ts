import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { orderPlacedView } from './order-placed.schemas.js';
import { getPlacedOrder } from './order-placed.service.js';

export const orderPlacedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/orderPlaced/merchantId/:merchantId/order/_id/:id',
      {
        // Public by design: the id is a random UUID known only to the diner who placed it.
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 120, timeWindow: '1 minute' }),
        },
        schema: {
          tags: ['orders'],
          params: z.object({ merchantId: merchantIdParam, id: z.uuid() }),
          response: { 200: orderPlacedView, 400: errorBody, 404: errorBody },
        },
      },
      async (req) => getPlacedOrder(ctx, req.params.merchantId, req.params.id),
    );
  };
