// The spec's transaction calls (§7 "Transactions"), for the signed-in merchant of :merchantId.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorAnswers } from '../../../contract/errors.js';
import { merchantIdParam, uuidParam } from '../../lib/schemas.js';
import {
  adjustTransactionTips,
  getOrderTransaction,
  voidTransaction,
} from './transactions.service.js';

const transactionView = z.object({
  _id: z.string(),
  transactionId: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int().nullable(),
  provider: z.string(),
  operation: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  retref: z.string().nullable(),
  authCode: z.string().nullable(),
  cardNumber: z.string().nullable(),
  cardType: z.string().nullable(),
  paid: z.boolean(),
  hasVoid: z.boolean(),
  canVoid: z.boolean(),
  canAdjustTips: z.boolean(),
  createdAt: z.string(),
});

/** The order's _id (uuid) or its merchant-facing number. */
const orderRefParam = z
  .string()
  .regex(
    /^(\d{1,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    'Invalid order id',
  );

const errors = errorAnswers(400, 401, 402, 403, 404, 409, 500, 503);

export const transactionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/api/transactions/merchantId/:merchantId';

    app.get(
      `${base}/orderId/:orderId`,
      {
        config: { access: 'merchant' },
        schema: {
          tags: ['transactions'],
          params: z.object({ merchantId: merchantIdParam, orderId: orderRefParam }),
          response: { 200: transactionView, ...errors },
        },
      },
      async (req) => getOrderTransaction(ctx, req.params.merchantId, req.params.orderId),
    );

    app.put(
      `${base}/transactionId/:transactionId/void`,
      {
        config: { access: 'merchant' },
        schema: {
          tags: ['transactions'],
          params: z.object({ merchantId: merchantIdParam, transactionId: uuidParam }),
          response: { 200: transactionView, ...errors },
        },
      },
      async (req) => voidTransaction(ctx, req.params.merchantId, req.params.transactionId),
    );

    app.put(
      `${base}/transactionId/:transactionId`,
      {
        config: { access: 'merchant' },
        schema: {
          tags: ['transactions'],
          params: z.object({ merchantId: merchantIdParam, transactionId: uuidParam }),
          body: z
            .object({
              /** The new tip in dollars; empty → "Adjusted Tips can not be empty". */
              adjustedTips: z.union([z.string().max(20), z.number()]).nullish(),
              /** Optional: the total the dashboard expects; compared with the server's. */
              amountCents: z.number().int().min(0).max(100_000_000).optional(),
            })
            .nullish(),
          response: { 200: transactionView, ...errors },
        },
      },
      async (req) =>
        adjustTransactionTips(ctx, req.params.merchantId, req.params.transactionId, {
          adjustedTips: req.body?.adjustedTips,
          amountCents: req.body?.amountCents,
        }),
    );
  };
