// The spec's cardPointe calls under /api/cardPointes/merchantId/:merchantId (C7.57–C7.62).
// Schemas: src/contract/provider-routes.ts; what each became: docs/decisions/provider-routes.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/provider-routes.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { runCardCheck } from './card-check.service.js';
import {
  type ProviderDeps,
  captureByRetref,
  inquireOrder,
  voidByRetref,
} from './provider-routes.service.js';
import { cardCheckConfig, cardCheckAnswer } from './shared.js';

export const cardPointeRoutes =
  (ctx: AppContext, deps: ProviderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const merchant = { access: 'merchant' as const };

    app.get(
      api.cardPointeInquireByOrderId.path,
      { config: merchant, schema: api.cardPointeInquireByOrderId.schema },
      async (req) => inquireOrder(ctx, 'cardPointe', req.params.merchantId, req.params.id),
    );

    app.post(
      api.cardPointeAuth.path,
      { config: cardCheckConfig(ctx), schema: api.cardPointeAuth.schema },
      async (req) => {
        const b = req.body;
        const result = await runCardCheck(ctx, {
          provider: 'cardPointe',
          merchantId: req.params.merchantId,
          amount: b.amount,
          card: {
            number: b.acount,
            expiry: b.expiry,
            cvv: b.cvv2,
            billingStreet: b.address,
            billingZip: b.postal,
            name: b.name,
          },
          fieldPaths: {
            number: ['acount'],
            expiry: ['expiry'],
            cvv: ['cvv2'],
            billingStreet: ['address'],
            billingZip: ['postal'],
          },
          recaptchaToken: b.recaptchaToken,
          remoteIp: req.ip,
        });
        return cardCheckAnswer(result);
      },
    );

    app.post(
      api.cardPointeCapture.path,
      { config: merchant, schema: api.cardPointeCapture.schema },
      async (req) => captureByRetref(ctx, 'cardPointe', signedInMerchant(req), req.body, deps),
    );

    app.post(
      api.cardPointeVoid.path,
      { config: merchant, schema: api.cardPointeVoid.schema },
      async (req) =>
        (await voidByRetref(ctx, 'cardPointe', signedInMerchant(req), req.body.retref, deps)).view,
    );
  };
