// The merchant's promo codes (issue 28): the signed-in merchant named in the path only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/promo-codes.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import * as promo from './promo-codes.service.js';

const actorOf = (req: Parameters<typeof signedInMerchant>[0]) => ({
  sessionRef: signedInMerchant(req).sessionRef,
});

export const promoCodeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const merchant = { access: 'merchant' } as const;
    app.get(
      api.listPromoCodes.path,
      { config: merchant, schema: api.listPromoCodes.schema },
      (req) => promo.listPromoCodes(ctx, req.params.merchantId),
    );
    app.post(
      api.createPromoCode.path,
      { config: merchant, attachValidation: true, schema: api.createPromoCode.schema },
      (req) => {
        rejectInvalid(req, firstIssueMessage);
        return promo.createPromoCode(ctx, req.params.merchantId, req.body, actorOf(req));
      },
    );
    app.put(
      api.updatePromoCode.path,
      { config: merchant, attachValidation: true, schema: api.updatePromoCode.schema },
      (req) => {
        rejectInvalid(req, firstIssueMessage);
        return promo.updatePromoCode(
          ctx,
          req.params.merchantId,
          req.params.id,
          req.body,
          actorOf(req),
        );
      },
    );
    app.delete(
      api.deletePromoCode.path,
      { config: merchant, schema: api.deletePromoCode.schema },
      (req) => promo.deletePromoCode(ctx, req.params.merchantId, req.params.id, actorOf(req)),
    );
  };
