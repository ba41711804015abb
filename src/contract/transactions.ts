// The spec's transaction calls (§7 "Transactions"), for the signed-in merchant of :merchantId: an
// order's card transaction, its void and its tip adjustment.
import { z } from 'zod';
import { merchantIdParam, uuidParam } from './common.js';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';

export const transactionView = z.object({
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
export type TransactionView = z.infer<typeof transactionView>;

/** The order's _id (uuid) or its merchant-facing number. */
export const orderRefParam = z
  .string()
  .regex(
    /^(\d{1,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    'Invalid order id',
  );

const base = '/api/transactions/merchantId/:merchantId';
const errors = errorAnswers(400, 401, 402, 403, 404, 409, 500, 503);
const transactionParams = z.object({ merchantId: merchantIdParam, transactionId: uuidParam });

export const getOrderTransaction = defineRoute('GET', `${base}/orderId/:orderId`, {
  tags: ['transactions'],
  params: z.object({ merchantId: merchantIdParam, orderId: orderRefParam }),
  response: { 200: transactionView, ...errors },
});

export const voidTransaction = defineRoute('PUT', `${base}/transactionId/:transactionId/void`, {
  tags: ['transactions'],
  params: transactionParams,
  response: { 200: transactionView, ...errors },
});

export const adjustTransactionTips = defineRoute('PUT', `${base}/transactionId/:transactionId`, {
  tags: ['transactions'],
  params: transactionParams,
  body: z
    .object({
      /** The new tip in dollars; empty → "Adjusted Tips can not be empty". */
      adjustedTips: z.union([z.string().max(20), z.number()]).nullish(),
      /** Optional: the total the dashboard expects; compared with the server's. */
      amountCents: z.number().int().min(0).max(100_000_000).optional(),
    })
    .nullish(),
  response: { 200: transactionView, ...errors },
});
