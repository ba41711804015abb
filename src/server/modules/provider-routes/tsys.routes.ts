// The spec's tsys calls under /api/tsyses (C7.63–C7.66). The path names no merchant: a diner's
// card check names the store by the body's merchantId, the merchant's void by its session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/provider-routes.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { runCardCheck, yymmToMmyy } from './card-check.service.js';
import { type ProviderDeps, voidByRetref } from './provider-routes.service.js';
import { cardCheckAnswer, cardCheckConfig } from './shared.js';

export const tsysRoutes =
  (ctx: AppContext, deps: ProviderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      api.tsysAuth.path,
      { config: cardCheckConfig(ctx), schema: api.tsysAuth.schema },
      async (req) => {
        const b = req.body;
        const result = await runCardCheck(ctx, {
          provider: 'tsys',
          merchantId: b.merchantId,
          amount: b.amount,
          card: {
            number: b.cardNumber,
            // The spec's YYMM (C7.63) → the gateway interface's MMYY.
            expiry: yymmToMmyy(b.expiry),
            cvv: b.cvv2,
            billingStreet: b.billingAddr.addressLine1,
            billingZip: b.billingAddr.zip,
            name: b.cardHolderName,
          },
          fieldPaths: {
            number: ['cardNumber'],
            expiry: ['expiry'],
            cvv: ['cvv2'],
            billingStreet: ['billingAddr', 'addressLine1'],
            billingZip: ['billingAddr', 'zip'],
          },
          recaptchaToken: b.recaptchaToken,
          remoteIp: req.ip,
        });
        return cardCheckAnswer(result);
      },
    );

    app.post(
      api.tsysVoid.path,
      { config: { access: 'signedInMerchant' }, schema: api.tsysVoid.schema },
      async (req) =>
        (await voidByRetref(ctx, 'tsys', signedInMerchant(req), req.body.retref, deps)).view,
    );
  };
