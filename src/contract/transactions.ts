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

// Card payments to check (docs/decisions/merchant-dashboard.md "Payments to check"): orders the
// reconciler failed with payment_status 'unknown' because the provider has no look-up by our
// order id. The merchant looks the order up in the gateway's portal (by this _id, which the
// adapters send as the order or invoice number) and records what it showed.

/** The most checks one answer lists (newest first); older ones show as the newer are resolved. */
export const PAYMENT_CHECKS_LIMIT = 100;

export const paymentCheckView = z.object({
  /** The order's _id (uuid): the order / invoice number the gateway was sent. */
  _id: z.string(),
  createdAt: z.string(),
  provider: z.string(),
  amountCents: z.number().int(),
  customerName: z.string(),
  phone: z.string(),
  cardLast4: z.string().nullable(),
  /** Why the order is listed: what the reconciler recorded on its charge. */
  reason: z.string(),
});
export type PaymentCheckView = z.infer<typeof paymentCheckView>;

export const listPaymentChecks = defineRoute('GET', `${base}/paymentChecks`, {
  tags: ['transactions'],
  description: `The merchant's orders whose card outcome is unknown (payment_status 'unknown'), newest first, at most ${PAYMENT_CHECKS_LIMIT}, of any age.`,
  params: z.object({ merchantId: merchantIdParam }),
  response: {
    200: z.object({ checks: z.array(paymentCheckView).max(PAYMENT_CHECKS_LIMIT) }),
    ...errors,
  },
});

export const PAYMENT_CHECK_OUTCOMES = ['not_charged', 'released'] as const;
export type PaymentCheckOutcome = (typeof PAYMENT_CHECK_OUTCOMES)[number];

export const resolvePaymentCheck = defineRoute('PUT', `${base}/paymentChecks/:orderId`, {
  tags: ['transactions'],
  description:
    "Records what the gateway's portal showed for an order whose card outcome is unknown: 'not_charged' (payment_status becomes 'none') or 'released' (the merchant released the charge there; 'voided'). 409 once the order is no longer unknown.",
  params: z.object({ merchantId: merchantIdParam, orderId: uuidParam }),
  body: z.object({ outcome: z.enum(PAYMENT_CHECK_OUTCOMES) }),
  response: {
    200: z.object({
      _id: z.string(),
      outcome: z.enum(PAYMENT_CHECK_OUTCOMES),
      paymentStatus: z.enum(['none', 'voided']),
    }),
    ...errors,
  },
});
