// Promo-code look-ups of the store (spec C7 promoCode and autoAppliedPromoCode). Rate-limited,
// since a code is a guessable secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { autoAppliedOffer, checkPromoCode } from './promo.service.js';

const base = '/api/businessInfos/merchantId/:merchantId';

export const promoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/promoCode/:code`,
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 20, timeWindow: '1 minute' }),
        },
        schema: {
          tags: ['store'],
          params: z.object({ merchantId: merchantIdParam, code: z.string().min(1).max(50) }),
          response: {
            200: z.object({ code: z.string(), percentageOff: z.number() }),
            400: errorBody,
            404: errorBody,
          },
        },
      },
      async (req) => {
        const found = await checkPromoCode(ctx, req.params.merchantId, req.params.code);
        return { code: found.code, percentageOff: found.percentageOff };
      },
    );

    // The order promotion a subtotal reaches (the spec's "auto-applied" offer): which free items
    // may be chosen for an order of this amount, if any.
    app.get(
      `${base}/autoAppliedPromoCode/amount/:amount`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['store'],
          params: z.object({
            merchantId: merchantIdParam,
            amount: z.coerce.number().int().min(0).max(9_999_900),
          }),
          response: {
            200: z.object({
              offered: z.boolean(),
              amountCents: z.number().int().nullable(),
              freeItemNames: z.array(z.string()),
            }),
            400: errorBody,
            404: errorBody,
          },
        },
      },
      async (req) => {
        return autoAppliedOffer(ctx, req.params.merchantId, req.params.amount);
      },
    );
  };
