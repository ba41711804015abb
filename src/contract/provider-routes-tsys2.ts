// The spec's tsys2 (TSYS TransIT) calls under /api/tsyses2 (§7 "Payment providers", C7.71–C7.80),
// made safe (docs/decisions/provider-routes.md): generateKey runs for the signed-in merchant only
// and never answers the key (C7.71); a sale from the browser carries neither key nor amount and
// is only a card check of 0 (C7.72); void, return and tip adjustment act on the merchant's own
// charge by its retref. Answers carry the spec's response objects (C7.77), amounts in cents.
import { z } from 'zod';
import { merchantIdParam, success } from './common.js';
import { transitKeyRequest } from './payment-credentials.js';
import {
  CARD_CHECK_ONLY,
  cardCheckAnswer,
  cardCheckErrors,
  merchantCallErrors,
  providerAmount,
  retrefField,
} from './provider-routes.js';
import { defineRoute } from './route.js';
import { transactionView } from './transactions.js';

/** What the browser is told when it sends the store's TransIT key. */
export const TRANSACTION_KEY_NOT_SENT =
  "The store's TransIT key is kept on the server: do not send transactionKey";

/** The spec's response objects: SaleResponse, VoidResponse, ReturnResponse, TipAdjustmentResponse. */
export const transitResponse = z.object({
  status: z.enum(['PASS', 'FAIL']),
  /** The gateway's code (TransIT: A0000 approved); ours to read only when status is FAIL. */
  responseCode: z.string(),
  responseMessage: z.string(),
  transactionID: z.string().nullable(),
  authCode: z.string().nullable(),
  cardType: z.string().nullable(),
  /** In cents. */
  totalAmount: z.number().int(),
});
export type TransitResponse = z.infer<typeof transitResponse>;

const tsys2 = '/api/tsyses2';
const tags = ['payment providers'];

/** Exchanges the merchant's TransIT login for a key kept server-side; never answers the key. */
export const tsys2GenerateKey = defineRoute('POST', `${tsys2}/generateKey`, {
  tags,
  description:
    "Runs TransIT GenerateKey for the signed-in merchant and keeps the key with the store's encrypted credentials. The key is never sent back.",
  body: transitKeyRequest.extend({
    /**
     * Which TransIT provider the key is for; the store is switched to it with the key (a store
     * cannot use tsys or tsys2 before it has a key). Default: the store's, when it is one of them.
     */
    provider: z.enum(['tsys', 'tsys2']).optional(),
  }),
  response: { 200: success, ...merchantCallErrors },
});

/** A diner's card check of amount 0 on a tsys2 store; merchant named by the body's merchantId. */
export const tsys2Sale = defineRoute('POST', `${tsys2}/sale`, {
  tags,
  description: `Card check of amount 0 on the store's TransIT gateway. ${CARD_CHECK_ONLY}.`,
  body: z.object({
    merchantId: merchantIdParam,
    cardNumber: z.string().max(30),
    /** MMYY. */
    expirationDate: z.string().max(7),
    cvv2: z.string().max(8),
    addressLine1: z.string().max(200),
    zip: z.string().max(12),
    cardHolderName: z.string().max(100).optional(),
    amount: providerAmount,
    recaptchaToken: z.string().max(4000).optional(),
    /** Refused when present: the key never leaves the server (C7.72). */
    transactionKey: z.never({ error: TRANSACTION_KEY_NOT_SENT }).optional(),
  }),
  response: {
    200: cardCheckAnswer.extend({ SaleResponse: transitResponse }),
    ...cardCheckErrors,
  },
});

export const tsys2Void = defineRoute('POST', `${tsys2}/void`, {
  tags,
  body: z.object({ retref: retrefField }),
  response: {
    200: z.object({ VoidResponse: transitResponse, transaction: transactionView }),
    ...merchantCallErrors,
  },
});

/** Returns a captured sale in full (the order's total); `amount` is compared only. */
export const tsys2Return = defineRoute('POST', `${tsys2}/return`, {
  tags,
  body: z.object({ retref: retrefField, amount: providerAmount.optional() }),
  response: {
    200: z.object({
      ReturnResponse: transitResponse.extend({ returnedAmount: z.number().int() }),
      transaction: transactionView,
    }),
    ...merchantCallErrors,
  },
});

/** No documented TransIT operation (C7.75): always refused, pointing at tipAdjustment. */
export const tsys2TransactionAdjustment = defineRoute('POST', `${tsys2}/transactionAdjustment`, {
  tags,
  body: z.looseObject({}).nullish(),
  response: { ...merchantCallErrors },
});

/** Replaces the tip of the merchant's same-day charge (C7.76); adjustedTips in dollars. */
export const tsys2TipAdjustment = defineRoute('POST', `${tsys2}/tipAdjustment`, {
  tags,
  body: z.object({
    retref: retrefField,
    adjustedTips: z.union([z.string().max(20), z.number()]).nullish(),
  }),
  response: {
    200: z.object({
      TipAdjustmentResponse: transitResponse.extend({ tip: z.number().int() }),
      transaction: transactionView,
    }),
    ...merchantCallErrors,
  },
});
