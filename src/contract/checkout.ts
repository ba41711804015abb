// Saving the checkout choices and sending the order (spec §7 checkoutInfo, sendOrder), keyed like
// the cart by the caller's own diner id.
import { z } from 'zod';
import { checkoutInfoSchema, checkoutSchema } from '../domain/validation/forms.js';
import { cartBase as base, cartErrors, cartParams, cartView } from './cart.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const putCheckoutInfo = defineRoute('PUT', `${base}/checkoutInfo/:uid`, {
  tags: ['cart'],
  description: 'Saves the checkout choices; every amount in the answer is computed by the server.',
  params: cartParams,
  body: checkoutInfoSchema,
  response: { 200: cartView, ...cartErrors },
});

/** Send order's answer: the order as placed (or awaiting the gateway), and whether it was a replay. */
export const sendOrderAnswer = z.object({
  _id: z.string(),
  state: z.enum(['placed', 'awaiting_payment']),
  orderId: z.number().int().nullable(),
  dailyOrderId: z.number().int().nullable(),
  totalCents: z.number().int(),
  paymentMethod: z.enum(['cash', 'creditcard']),
  paid: z.boolean(),
  card: z.object({ last4: z.string(), brand: z.string() }).nullable(),
  replayed: z.boolean(),
  message: z.string().nullable(),
  /**
   * Present while the card is to be paid on the provider's own page (Converge): the browser
   * loads `scriptUrl`, asks tokenSession for the order and opens the page
   * (docs/decisions/gateway-converge.md).
   */
  hostedPayment: z.object({ provider: z.string(), scriptUrl: z.url() }).optional(),
});
export type SendOrderAnswer = z.infer<typeof sendOrderAnswer>;

/** One attempt's key: the browser makes one per attempt and reuses it on retry. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid');

export const sendOrder = defineRoute('POST', `${base}/sendOrder/:uid`, {
  tags: ['cart'],
  description:
    "Places the cart. The only call carrying card fields; amounts are the server's. Retrying with the same idempotencyKey returns the same order and never charges twice.",
  params: cartParams,
  body: z.object({
    idempotencyKey: idempotencyKeySchema,
    checkout: checkoutSchema,
    recaptchaToken: z.string().max(4000).optional(),
    cardRecaptchaToken: z.string().max(4000).optional(),
    expectedTotalCents: z.number().int().min(0).optional(),
  }),
  response: {
    200: sendOrderAnswer,
    ...cartErrors,
    402: errorBody,
    409: errorBody,
    422: errorBody,
    429: errorBody,
    503: errorBody,
  },
});
