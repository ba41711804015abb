// The spec's per-provider payment calls (§7 "Payment providers") for cardPointe, tsys and
// authorizeNet; tsys2 is in ./provider-routes-tsys2.ts. They are the spec's paths onto what
// Forkful already does (docs/decisions/provider-routes.md): a diner may only run a card check of
// amount 0 (orders are charged by send order, never here); capture, void and the merchant's other
// calls need the merchant's session and act on our own charge, found by its retref. The amount
// is always the server's: one sent in a body is compared, never charged.
import { z } from 'zod';
import { merchantIdParam } from './common.js';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';
import { orderRefParam, transactionView } from './transactions.js';

/** What a diner is told when a card call carries an amount other than 0. */
export const CARD_CHECK_ONLY =
  'Only a card check of amount 0 may be run here; orders are charged when they are placed';

/**
 * The spec's `amount`, in whole cents (docs/design/money.md; tsys sends "1234" for $12.34, C7.64):
 * a number or a digit string. Whether it is accepted is the service's call (0 for a card check, the
 * server's own total for a capture or return).
 */
export const providerAmount = z
  .union([
    z.number().int('amount is whole cents (1234 for $12.34)').min(-100_000_000).max(100_000_000),
    z
      .string()
      .max(12)
      .regex(/^\d{1,9}$/, 'amount is whole cents, digits only (1234 for $12.34)'),
  ])
  .transform((v) => Number(v));

/** The gateway's transaction id of one of our charges (CardPointe retref, TransIT transactionID). */
export const retrefField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid retref');

/** A card field as typed; its content is checked by the server (src/domain/validation). */
const cardText = (max: number) => z.string().max(max);
const recaptchaToken = z.string().max(4000).optional();

/** MMYY (a "/" is allowed): the card's expiry as the browser sends it. */
const expiryMmyy = z.string().max(7);

/** The diner's card check: approved or not, with the card's brand and last four only. */
export const cardCheckAnswer = z.object({
  approved: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }),
  /** Why it was not approved (declined, address or CVV mismatch); null when approved. */
  message: z.string().nullable(),
});
export type CardCheckAnswer = z.infer<typeof cardCheckAnswer>;

/** The statuses a gateway shows for an order (InquiryResult). */
export const GATEWAY_ORDER_STATUSES = [
  'authorized',
  'captured',
  'voided',
  'declined',
  'refunded',
] as const;

export const gatewayOrderView = z.object({
  orderId: z.string(),
  orderNumber: z.number().int().nullable(),
  /** Whether the gateway holds anything under this order. */
  found: z.boolean(),
  status: z.enum(GATEWAY_ORDER_STATUSES).nullable(),
  amountCents: z.number().int().nullable(),
  tipCents: z.number().int().nullable(),
});
export type GatewayOrderView = z.infer<typeof gatewayOrderView>;

export const cardCheckErrors = errorAnswers(400, 403, 404, 409, 429, 503);
export const merchantCallErrors = errorAnswers(400, 401, 402, 403, 404, 409, 500, 503);

// ---------------------------------------------------------------- cardPointe

const cardPointe = '/api/cardPointes/merchantId/:merchantId';
const cardPointeParams = z.object({ merchantId: merchantIdParam });

/** The merchant's gateway view of an order: status and amount, never card data (C7.57). */
export const cardPointeInquireByOrderId = defineRoute('GET', `${cardPointe}/inquireByOrderID/:id`, {
  tags: ['payment providers'],
  description: "CardPointe's view of one of the merchant's orders (id: the order's _id or number).",
  params: z.object({ merchantId: merchantIdParam, id: orderRefParam }),
  response: { 200: gatewayOrderView, ...merchantCallErrors },
});

/** A diner's card check of amount 0 (C7.58, C7.60); the card field is spelled `acount`. */
export const cardPointeAuth = defineRoute('POST', `${cardPointe}/auth`, {
  tags: ['payment providers'],
  description: `Card check of amount 0 on the store's CardPointe gateway. ${CARD_CHECK_ONLY}.`,
  params: cardPointeParams,
  body: z.object({
    acount: cardText(30),
    expiry: expiryMmyy,
    cvv2: cardText(8),
    amount: providerAmount,
    postal: cardText(12),
    address: cardText(200),
    name: z.string().max(100).optional(),
    /** Accepted as the spec sends them; not kept and not sent on. */
    phone: z.string().max(40).optional(),
    email: z.string().max(254).optional(),
    recaptchaToken,
  }),
  response: { 200: cardCheckAnswer, ...cardCheckErrors },
});

/** Captures an authorisation with the order's total (C7.61); `amount` is compared only. */
export const cardPointeCapture = defineRoute('POST', `${cardPointe}/capture`, {
  tags: ['payment providers'],
  params: cardPointeParams,
  body: z.object({ amount: providerAmount.optional(), retref: retrefField }),
  response: { 200: transactionView, ...merchantCallErrors },
});

/** Voids the order's charge, with the void rules of /api/transactions (C7.62). */
export const cardPointeVoid = defineRoute('POST', `${cardPointe}/void`, {
  tags: ['payment providers'],
  params: cardPointeParams,
  body: z.object({ retref: retrefField }),
  response: { 200: transactionView, ...merchantCallErrors },
});

// ---------------------------------------------------------------- tsys (TransIT)

const tsys = '/api/tsyses';

/**
 * A diner's card check of amount 0 on a tsys store (C7.63–C7.65). The path names no merchant:
 * the body's merchantId (the store's slug, as in every storefront URL) does.
 */
export const tsysAuth = defineRoute('POST', `${tsys}/auth`, {
  tags: ['payment providers'],
  description: `Card check of amount 0 on the store's TSYS gateway. ${CARD_CHECK_ONLY}.`,
  body: z.object({
    merchantId: merchantIdParam,
    cardNumber: cardText(30),
    /** YYMM, as the spec sends it (C7.63): "2912" for 12/29. */
    expiry: z.string().regex(/^\d{4}$/, 'expiry is YYMM (2912 for 12/29)'),
    cvv2: cardText(8),
    amount: providerAmount,
    billingAddr: z.object({ addressLine1: cardText(200), zip: cardText(12) }),
    cardHolderName: z.string().max(100).optional(),
    recaptchaToken,
  }),
  response: { 200: cardCheckAnswer, ...cardCheckErrors },
});

/** Voids one of the signed-in merchant's tsys charges (C7.66). */
export const tsysVoid = defineRoute('POST', `${tsys}/void`, {
  tags: ['payment providers'],
  body: z.object({ retref: retrefField }),
  response: { 200: transactionView, ...merchantCallErrors },
});

// ---------------------------------------------------------------- authorizeNet

const authorizeNet = '/api/authorizeNet';

/** A diner's card check of amount 0 on an Authorize.Net store (C7.67); merchant as for tsys. */
export const authorizeNetAuth = defineRoute('POST', `${authorizeNet}/auth`, {
  tags: ['payment providers'],
  description: `Card check of amount 0 on the store's Authorize.Net gateway. ${CARD_CHECK_ONLY}.`,
  body: z.object({
    merchantId: merchantIdParam,
    cardNumber: cardText(30),
    /** MMYY. */
    expirationDate: expiryMmyy,
    cardCode: cardText(8),
    amount: providerAmount,
    address: cardText(200),
    zip: cardText(12),
    name: z.string().max(100).optional(),
    recaptchaToken,
  }),
  response: { 200: cardCheckAnswer, ...cardCheckErrors },
});

/** Captures one of the signed-in merchant's authorisations with the order's total (C7.68). */
export const authorizeNetCapture = defineRoute('POST', `${authorizeNet}/capture`, {
  tags: ['payment providers'],
  body: z.object({ amount: providerAmount.optional(), retref: retrefField }),
  response: { 200: transactionView, ...merchantCallErrors },
});

/** Voids under the rules of /api/transactions: authorizeNet is not a void provider (C7.69, T4.61). */
export const authorizeNetVoid = defineRoute('POST', `${authorizeNet}/void`, {
  tags: ['payment providers'],
  body: z.object({ retref: retrefField }),
  response: { 200: transactionView, ...merchantCallErrors },
});
