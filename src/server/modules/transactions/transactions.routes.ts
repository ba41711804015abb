// The spec's transaction calls (§7 "Transactions"), for the signed-in merchant of :merchantId,
// and the card payments to check (orders whose card outcome is unknown).
// Schemas: src/contract/transactions.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/transactions.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { listPaymentChecks, resolvePaymentCheck } from './payment-checks.service.js';
import {
  adjustTransactionTips,
  getOrderTransaction,
  voidTransaction,
} from './transactions.service.js';

export const transactionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'merchant' as const };

    app.get(
      api.getOrderTransaction.path,
      { config, schema: api.getOrderTransaction.schema },
      async (req) => getOrderTransaction(ctx, req.params.merchantId, req.params.orderId),
    );

    app.put(api.voidTransaction.path, { config, schema: api.voidTransaction.schema }, async (req) =>
      voidTransaction(ctx, req.params.merchantId, req.params.transactionId, signedInMerchant(req)),
    );

    app.put(
      api.adjustTransactionTips.path,
      { config, schema: api.adjustTransactionTips.schema },
      async (req) =>
        adjustTransactionTips(
          ctx,
          req.params.merchantId,
          req.params.transactionId,
          { adjustedTips: req.body?.adjustedTips, amountCents: req.body?.amountCents },
          signedInMerchant(req),
        ),
    );

    // Card payments to check (payment-checks.service.ts).
    app.get(
      api.listPaymentChecks.path,
      { config, schema: api.listPaymentChecks.schema },
      async (req) => listPaymentChecks(ctx, req.params.merchantId),
    );

    app.put(
      api.resolvePaymentCheck.path,
      { config, schema: api.resolvePaymentCheck.schema },
      async (req) =>
        resolvePaymentCheck(
          ctx,
          req.params.merchantId,
          req.params.orderId,
          req.body.outcome,
          signedInMerchant(req),
        ),
    );
  };
