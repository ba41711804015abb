// Promo-code look-ups of the store (spec C7 promoCode and autoAppliedPromoCode). Rate-limited,
// since a code is a guessable secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/store.js';
import type { AppContext } from '../../app-context.js';
import { publicLimited } from '../../lib/route-config.js';
import { autoAppliedOffer, checkPromoCode } from './promo.service.js';

export const promoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const codeLookup = publicLimited(ctx.config, { max: 20, timeWindow: '1 minute' });

    app.get(
      api.getPromoCode.path,
      { config: codeLookup, schema: api.getPromoCode.schema },
      async (req) => {
        const found = await checkPromoCode(ctx, req.params.merchantId, req.params.code);
        return { code: found.code, percentageOff: found.percentageOff };
      },
    );

    // The order promotion a subtotal reaches (the spec's "auto-applied" offer): which free items
    // may be chosen for an order of this amount, if any.
    app.get(
      api.getAutoAppliedPromo.path,
      {
        config: { access: 'public' },
        schema: api.getAutoAppliedPromo.schema,
      },
      async (req) => {
        return autoAppliedOffer(ctx, req.params.merchantId, req.params.amount);
      },
    );
  };
