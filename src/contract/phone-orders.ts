// Phone orders typed by staff (spec §7 "Orders": POST /api/orders7/merchantId/{merchantId}/order,
// checklist C7.94, decided in docs/decisions/phone-orders.md): the merchant's session only, paid
// at pickup (cash), never a keyed card. The lines are the menu's items, sizes and options as a
// cart takes them; the order is priced, numbered and placed by the same path as a diner's.
import { z } from 'zod';
import { NAME_MAX } from '../domain/validation/fields.js';
import { checkoutSchema, itemChoiceSchema } from '../domain/validation/forms.js';
import { MAX_CART_LINES } from './cart.js';
import { idempotencyKeySchema, sendOrderAnswer } from './checkout.js';
import { merchantIdParam } from './common.js';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';

/** Ours: the spec has no text for a card on a phone order (no card is keyed by staff). */
export const PHONE_ORDER_CASH_ONLY = 'Phone orders are paid at pickup: no card is taken by phone';

/** What staff type about the caller and the order: pickup, cash, now or a scheduled slot. */
export const phoneOrderCheckout = z.strictObject({
  orderMethod: z.literal('pickup').default('pickup'),
  paymentMethod: z.literal('cash', { error: PHONE_ORDER_CASH_ONLY }).default('cash'),
  time: checkoutSchema.shape.time,
  // The length is the checklist's; a missing name or phone gets the spec's check-6 text.
  customerName: z.string().trim().max(NAME_MAX, 'Invalid').default(''),
  phone: checkoutSchema.shape.phone,
});
export type PhoneOrderCheckout = z.infer<typeof phoneOrderCheckout>;

export const phoneOrderBody = z.strictObject({
  /** One per attempt (the dialog makes one when it opens); a retry answers the same order. */
  idempotencyKey: idempotencyKeySchema,
  orderItems: z.array(itemChoiceSchema).min(1).max(MAX_CART_LINES),
  checkout: phoneOrderCheckout,
  /** The total staff read to the caller; a different server total stops the order (409). */
  expectedTotalCents: z.number().int().min(0).optional(),
});
export type PhoneOrderBody = z.input<typeof phoneOrderBody>;

export const createPhoneOrder = defineRoute('POST', '/api/orders7/merchantId/:merchantId/order', {
  tags: ['merchant orders'],
  description:
    'A phone order typed by staff (C7.94): the signed-in merchant only, paid at pickup in cash. Priced, numbered and placed like a diner order; retrying with the same idempotencyKey answers the same order.',
  params: z.object({ merchantId: merchantIdParam }),
  body: phoneOrderBody,
  response: { 200: sendOrderAnswer, ...errorAnswers(400, 401, 403, 404, 409, 422, 429, 503) },
});
