// POST /api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid — places the diner's cart.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutSchema } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { sendOrder } from './send-order.service.js';

const sendOrderAnswer = z.object({
  _id: z.string(),
  state: z.enum(['placed', 'awaiting_payment']),
  orderId: z.number().int().nullable(),
  dailyOrderId: z.number().int().nullable(),
  totalCents: z.number().int(),
  paymentMethod: z.enum(['cash', 'creditcard']),
  paid: z.boolean(),
  card: z.object({ last4: z.string(), brand: z.string() }).nullable(),
  replayed: z.boolean(),
  message: z.string().nullable(),
});

export const sendOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid',
      {
        config: {
          access: 'diner',
          rateLimit: scaledRateLimit(ctx.config, { max: 10, timeWindow: '1 minute' }),
        },
        schema: {
          tags: ['cart'],
          description:
            "Places the cart. The only call carrying card fields; amounts are the server's. Retrying with the same idempotencyKey returns the same order and never charges twice.",
          params: z.object({ merchantId: merchantIdParam, uid: z.string().min(1).max(64) }),
          body: z.object({
            idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid'),
            checkout: checkoutSchema,
            recaptchaToken: z.string().max(4000).optional(),
            cardRecaptchaToken: z.string().max(4000).optional(),
            expectedTotalCents: z.number().int().min(0).optional(),
          }),
          response: {
            200: sendOrderAnswer,
            400: errorBody,
            401: errorBody,
            402: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
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
        };
      },
    );
  };
