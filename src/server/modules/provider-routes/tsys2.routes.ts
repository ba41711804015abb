// The spec's tsys2 (TransIT) calls under /api/tsyses2 (C7.71–C7.80), answering the spec's
// response objects (C7.77). Schemas: src/contract/provider-routes-tsys2.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/provider-routes-tsys2.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { runCardCheck } from './card-check.service.js';
import {
  type ProviderDeps,
  adjustTipsByRetref,
  generateKeyFor,
  refuseTransactionAdjustment,
  returnByRetref,
  voidByRetref,
} from './provider-routes.service.js';
import { cardCheckAnswer, cardCheckConfig, transitAnswer } from './shared.js';

export const tsys2Routes =
  (ctx: AppContext, deps: ProviderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const merchant = { access: 'signedInMerchant' as const };

    app.post(
      api.tsys2GenerateKey.path,
      { config: merchant, schema: api.tsys2GenerateKey.schema },
      async (req) => generateKeyFor(ctx, signedInMerchant(req), req.body, deps),
    );

    app.post(
      api.tsys2Sale.path,
      { config: cardCheckConfig(ctx), schema: api.tsys2Sale.schema },
      async (req) => {
        const b = req.body;
        const result = await runCardCheck(ctx, {
          provider: 'tsys2',
          merchantId: b.merchantId,
          amount: b.amount,
          card: {
            number: b.cardNumber,
            expiry: b.expirationDate,
            cvv: b.cvv2,
            billingStreet: b.addressLine1,
            billingZip: b.zip,
            name: b.cardHolderName,
          },
          fieldPaths: {
            number: ['cardNumber'],
            expiry: ['expirationDate'],
            cvv: ['cvv2'],
            billingStreet: ['addressLine1'],
            billingZip: ['zip'],
          },
          recaptchaToken: b.recaptchaToken,
          remoteIp: req.ip,
        });
        const g = result.gateway;
        return {
          ...cardCheckAnswer(result),
          SaleResponse: {
            status: result.approved ? ('PASS' as const) : ('FAIL' as const),
            responseCode: g.responseCode,
            responseMessage: g.responseMessage,
            transactionID: g.transactionId,
            authCode: g.authCode,
            cardType: g.cardType,
            totalAmount: 0,
          },
        };
      },
    );

    app.post(
      api.tsys2Void.path,
      { config: merchant, schema: api.tsys2Void.schema },
      async (req) => {
        const done = await voidByRetref(ctx, 'tsys2', signedInMerchant(req), req.body.retref, deps);
        return {
          VoidResponse: transitAnswer(done, done.charge.amountCents),
          transaction: done.view,
        };
      },
    );

    app.post(
      api.tsys2Return.path,
      { config: merchant, schema: api.tsys2Return.schema },
      async (req) => {
        const done = await returnByRetref(ctx, 'tsys2', signedInMerchant(req), req.body, deps);
        return {
          ReturnResponse: {
            ...transitAnswer(done, done.returnedCents),
            returnedAmount: done.returnedCents,
          },
          transaction: done.view,
        };
      },
    );

    app.post(
      api.tsys2TransactionAdjustment.path,
      { config: merchant, schema: api.tsys2TransactionAdjustment.schema },
      async () => refuseTransactionAdjustment(),
    );

    app.post(
      api.tsys2TipAdjustment.path,
      { config: merchant, schema: api.tsys2TipAdjustment.schema },
      async (req) => {
        const done = await adjustTipsByRetref(ctx, 'tsys2', signedInMerchant(req), req.body, deps);
        return {
          TipAdjustmentResponse: {
            ...transitAnswer(done, done.view.amountCents),
            tip: done.view.tipCents,
          },
          transaction: done.view,
        };
      },
    );
  };
