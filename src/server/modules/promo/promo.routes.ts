// Promo-code look-ups of the store (spec C7 promoCode and autoAppliedPromoCode). Rate-limited,
// since a code is a guessable secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/store.js';
import { freeAddonOffer } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import { requirePromoCode } from './promo.service.js';

export const promoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.getPromoCode.path,
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 20, timeWindow: '1 minute' }),
        },
        schema: api.getPromoCode.schema,
      },
      async (req) => {
        const m = await findMerchantBySlug(ctx.db, req.params.merchantId);
        if (!m) throw notFound('Merchant');
        const found = await requirePromoCode(ctx.db, m, req.params.code, ctx.clock.now());
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
        const m = await findMerchantBySlug(ctx.db, req.params.merchantId);
        if (!m) throw notFound('Merchant');
        const offer = freeAddonOffer({
          enabled: m.enableOrderPromotion,
          promotions: m.orderPromotions,
          subtotalCents: req.params.amount,
          promoCodeApplied: false,
          categoryDiscountCents: 0,
          availableHours: m.orderPromotionsAvailableTime,
          at: ctx.clock.now().getTime(),
          zone: m.timeZone,
        });
        return offer.offered
          ? {
              offered: true,
              amountCents: offer.promotion.amountCents,
              freeItemNames: [...offer.freeItemNames],
            }
          : { offered: false, amountCents: null, freeItemNames: [] };
      },
    );
  };
