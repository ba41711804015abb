// POST /api/orders7/merchantId/:merchantId/order — a phone order typed by the merchant's staff
// (C7.94, docs/decisions/phone-orders.md). The merchant's session only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPhoneOrder } from '../../../contract/phone-orders.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { placePhoneOrder } from './phone-order.service.js';
import { sendOrderAnswerOf } from './send-order.routes.js';

export const phoneOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      createPhoneOrder.path,
      {
        config: {
          access: 'merchant',
          // A staff member on the phone types a few orders a minute at most, like a diner placing.
          rateLimit: scaledRateLimit(ctx.config, { max: 30, timeWindow: '1 minute' }),
        },
        schema: createPhoneOrder.schema,
      },
      async (req) =>
        sendOrderAnswerOf(
          await placePhoneOrder(ctx, {
            merchantId: req.params.merchantId,
            remoteIp: req.ip,
            body: req.body,
          }),
        ),
    );
  };
