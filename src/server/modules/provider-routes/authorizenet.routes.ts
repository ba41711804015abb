// The spec's authorizeNet calls under /api/authorizeNet (C7.67–C7.69); merchant as for tsys.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/provider-routes.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { runCardCheck } from './card-check.service.js';
import { type ProviderDeps, captureByRetref, voidByRetref } from './provider-routes.service.js';
import { cardCheckAnswer, cardCheckConfig } from './shared.js';

export const authorizeNetRoutes =
  (ctx: AppContext, deps: ProviderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const merchant = { access: 'signedInMerchant' as const };

    app.post(
      api.authorizeNetAuth.path,
      { config: cardCheckConfig(ctx), schema: api.authorizeNetAuth.schema },
      async (req) => {
        const b = req.body;
        const result = await runCardCheck(ctx, {
          provider: 'authorizeNet',
          merchantId: b.merchantId,
          amount: b.amount,
          card: {
            number: b.cardNumber,
            expiry: b.expirationDate,
            cvv: b.cardCode,
            billingStreet: b.address,
            billingZip: b.zip,
            name: b.name,
          },
          fieldPaths: {
            number: ['cardNumber'],
            expiry: ['expirationDate'],
            cvv: ['cardCode'],
            billingStreet: ['address'],
            billingZip: ['zip'],
          },
          recaptchaToken: b.recaptchaToken,
          remoteIp: req.ip,
        });
        return cardCheckAnswer(result);
      },
    );

    app.post(
      api.authorizeNetCapture.path,
      { config: merchant, schema: api.authorizeNetCapture.schema },
      async (req) => captureByRetref(ctx, 'authorizeNet', signedInMerchant(req), req.body, deps),
    );

    app.post(
      api.authorizeNetVoid.path,
      { config: merchant, schema: api.authorizeNetVoid.schema },
      async (req) =>
        (await voidByRetref(ctx, 'authorizeNet', signedInMerchant(req), req.body.retref, deps))
          .view,
    );
  };
