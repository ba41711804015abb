import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/orders.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { getPlacedOrder } from './order-placed.service.js';

export const orderPlacedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.getPlacedOrder.path,
      {
        // Public by design: the id is a random UUID known only to the diner who placed it.
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 120, timeWindow: '1 minute' }),
        },
        schema: api.getPlacedOrder.schema,
      },
      async (req) => getPlacedOrder(ctx, req.params.merchantId, req.params.id),
    );
  };
