// The hosted card page (Converge, spec provider `elavon`): the spec's tokenSession call, and the
// two calls that finish the attempt — the browser reports what the page said, and the server
// believes only the gateway (docs/decisions/gateway-converge.md).
import { z } from 'zod';
import { cartBase, cartErrors, cartParams } from './cart.js';
import { sendOrderAnswer } from './checkout.js';
import { merchantIdParam, uuidParam } from './common.js';
import { errorAnswers, errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** Dollars with two decimals, as the spec's path carries the amount ("36.64"). */
export const dollarsParam = z
  .string()
  .regex(/^\d{1,7}\.\d{2}$/, 'Amount must be dollars with two decimals, like 12.34');

export const elavonTokenSession = defineRoute('GET', '/api/elavons/amount/:amount/tokenSession', {
  tags: ['payments'],
  description:
    "A one-use Converge token for the diner's own order awaiting its card payment. The amount must be that order's total (the server's); the diner is the one whose cookie placed it.",
  params: z.object({ amount: dollarsParam }),
  querystring: z.object({ merchantId: merchantIdParam, orderId: uuidParam }),
  response: {
    200: z.object({ token: z.string() }),
    ...errorAnswers(400, 401, 403, 404, 409, 429, 503),
  },
});

/** What the payment page told the browser. Only a transaction id is taken from it. */
export const hostedOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approved'), transactionId: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('declined'), transactionId: z.string().min(1).max(64).optional() }),
  z.object({ kind: z.literal('cancelled') }),
]);
export type HostedOutcome = z.infer<typeof hostedOutcome>;

export const finishHostedPayment = defineRoute('POST', `${cartBase}/hostedPayment/:uid`, {
  tags: ['cart'],
  description:
    'Ends the hosted card page of an awaiting order: an approval is confirmed with the gateway before the order is placed; a decline or a cancel fails the order so the cart can be ordered again.',
  params: cartParams,
  body: z.object({ orderId: uuidParam, outcome: hostedOutcome }),
  response: {
    200: sendOrderAnswer,
    ...cartErrors,
    402: errorBody,
    409: errorBody,
    429: errorBody,
    503: errorBody,
  },
});
