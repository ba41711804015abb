// POST /api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid — places the diner's cart.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type SendOrderAnswer, sendOrder as sendOrderRoute } from '../../../contract/checkout.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import type { SendOrderResult } from '../payments/index.js';
import { sendOrder } from './send-order.service.js';

/** The wire answer of a placement (send order, and the end of a hosted card page). */
export function sendOrderAnswerOf(r: SendOrderResult): SendOrderAnswer {
  return {
    _id: r.orderId,
    state: r.state,
    orderId: r.orderNumber,
    dailyOrderId: r.dailyOrderNumber,
    totalCents: r.totalCents,
    paymentMethod: r.paymentMethod,
    paid: r.paid,
    card: r.card,
    replayed: r.replayed,
    message: r.message,
    ...(r.hostedPayment ? { hostedPayment: r.hostedPayment } : {}),
  };
}

export const sendOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      sendOrderRoute.path,
      {
        config: {
          access: 'diner',
          // Kept slots under overload (load-shedding.md): this is what the diner came for.
          load: 'priority',
          rateLimit: scaledRateLimit(ctx.config, { max: 10, timeWindow: '1 minute' }),
        },
        schema: sendOrderRoute.schema,
      },
      async (req) => {
        const r = await sendOrder(ctx, {
          merchantId: req.params.merchantId,
          uid: req.params.uid,
          customerId: req.auth.customer?.id ?? null,
          remoteIp: req.ip,
          idempotencyKey: req.body.idempotencyKey,
          checkout: req.body.checkout,
          recaptchaToken: req.body.recaptchaToken,
          cardRecaptchaToken: req.body.cardRecaptchaToken,
          expectedTotalCents: req.body.expectedTotalCents,
        });
        return sendOrderAnswerOf(r);
      },
    );
  };
