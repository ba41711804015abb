// The diner's cart (spec §7 /api/shoppingCarts/merchantId/:merchantId/...): read it, add lines,
// change one line (ours, beside the spec's routes), remove lines, and whether it can go to checkout (saving the checkout and sending the order are in
// checkout.ts). Every call is keyed by the diner id of the caller's own cookie.
import { z } from 'zod';
import { ORDER_METHODS, PAYMENT_METHODS } from '../domain/settings/schemas.js';
import { itemChoiceSchema } from '../domain/validation/forms.js';
import { merchantIdParam } from './common.js';
import { errorBody } from './errors.js';
import { orderAmounts } from './orders.js';
import { defineRoute } from './route.js';

/** The most lines one cart holds (and one add may send). */
export const MAX_CART_LINES = 50;

/** The saved checkout choices as answered (the request schema's output, without its transforms). */
export const checkoutInfoView = z.object({
  orderMethod: z.enum(ORDER_METHODS),
  dineinTableName: z.string(),
  isBranch: z.boolean(),
  time: z.union([
    z.object({ kind: z.literal('asap') }),
    z.object({
      kind: z.literal('scheduled'),
      date: z.string().nullable(),
      minuteOfDay: z.number().int().nullable(),
    }),
  ]),
  customerName: z.string(),
  phone: z.string(),
  customerEmail: z.string(),
  deliveryAddress: z.string(),
  deliveryLocation: z.object({ lat: z.number(), lng: z.number() }).nullish(),
  deliveryNote: z.string(),
  carMakeModel: z.string(),
  carColor: z.string(),
  roomServiceRoom: z.string(),
  lastName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  tip: z.union([
    z.object({ kind: z.literal('percent'), ratePpm: z.number().int() }),
    z.object({ kind: z.literal('custom'), cents: z.number().int() }),
  ]),
  promoCode: z.string().nullish(),
  freeAddonItemName: z.string().nullish(),
  receiveOrderInfo: z.boolean(),
});

export const cartLineView = z.object({
  _id: z.string(),
  _idItem: z.string(),
  _idCategory: z.string(),
  name: z.string(),
  name_2nd: z.string(),
  size: z.string(),
  size_2nd: z.string(),
  _idSize: z.string().nullable(),
  priceCents: z.number().int(),
  qty: z.number().int(),
  orderItemOptions: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      name_2nd: z.string(),
      priceCents: z.number().int(),
    }),
  ),
  note: z.string(),
  isFreePromo: z.boolean(),
  available: z.boolean(),
  unavailableNote: z.string().nullable(),
  grossCents: z.number().int(),
  discountCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type CartLineView = z.infer<typeof cartLineView>;

/** What the cart panel's button does: spec §2 "Store closed", "Remove unavailable items", "Checkout". */
export const CART_BUTTONS = ['storeClosed', 'removeUnavailable', 'checkout'] as const;

/** The cart as the API shows it: the spec's field names where it has them, money in cents. */
export const cartView = z.object({
  userId: z.string(),
  orderItems: z.array(cartLineView),
  checkoutInfo: checkoutInfoView,
  amounts: orderAmounts,
  categoryDiscountCents: z.number().int(),
  storeOpen: z.boolean(),
  cartButton: z.enum(CART_BUTTONS),
  /** Delivery with a located address: the fee's range and what the minimum still wants. */
  delivery: z
    .object({
      ok: z.boolean(),
      distanceMiles: z.number().nullable(),
      message: z.string().nullable(),
      /** The fee of the range the distance falls in; null when out of range. */
      feeCents: z.number().int().nullable(),
      /** That range's limit in miles ("within 2 miles"); null when out of range. */
      rangeMiles: z.number().nullable(),
      /** The store's delivery minimum (on the subtotal), and how much is missing: 0 when met. */
      minimumCents: z.number().int(),
      shortByCents: z.number().int(),
    })
    .nullable(),
  promoCode: z.object({ code: z.string(), percentageOff: z.number() }).nullable(),
  promoCodeDropped: z.boolean(),
  freeAddon: z.object({
    offered: z.boolean(),
    freeItemNames: z.array(z.string()),
    dropped: z.boolean(),
  }),
});
export type CartView = z.infer<typeof cartView>;

export const cartBase = '/api/shoppingCarts/merchantId/:merchantId';
const base = cartBase;
/** The merchant and the diner id (`uid`, the caller's own cookie's). */
export const cartParams = z.object({
  merchantId: merchantIdParam,
  uid: z.string().min(1).max(64),
});
export const cartErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const getCart = defineRoute('GET', `${base}/userId/:uid`, {
  tags: ['cart'],
  params: cartParams,
  response: { 200: cartView, ...cartErrors },
});

export const checkCartAvailable = defineRoute('GET', `${base}/checkIfShoppingCartAvailable/:uid`, {
  tags: ['cart'],
  params: cartParams,
  response: {
    200: z.object({
      available: z.boolean(),
      cartButton: z.enum(CART_BUTTONS),
      unavailableItems: z.array(z.string()),
    }),
    ...cartErrors,
  },
});

export const addCartLines = defineRoute('POST', `${base}/orderItems/:uid`, {
  tags: ['cart'],
  params: cartParams,
  body: z.object({ orderItems: z.array(itemChoiceSchema).min(1).max(MAX_CART_LINES) }),
  response: { 200: cartView, ...cartErrors },
});

export const removeCartLines = defineRoute('DELETE', `${base}/orderItems/:uid`, {
  tags: ['cart'],
  description: 'Remove one line (_id), the unavailable lines (unavailable=true), or every line.',
  params: cartParams,
  querystring: z.object({
    _id: z.uuid().optional(),
    unavailable: z.enum(['true', 'false']).optional(),
  }),
  response: { 200: cartView, ...cartErrors },
});

/** A line change: the fields sent replace the line's; those left out stay (size null: none). */
export const cartLineChange = z.object({
  sizeId: itemChoiceSchema.shape.sizeId,
  options: itemChoiceSchema.shape.options.unwrap().optional(),
  quantity: itemChoiceSchema.shape.quantity.optional(),
  note: itemChoiceSchema.shape.note.unwrap().optional(),
});
export type CartLineChange = z.infer<typeof cartLineChange>;

/**
 * Ours, beside the spec's routes (issue 25): changes one line of the diner's own cart — its
 * quantity, size, option values or note; the item stays. The line as changed is checked against
 * the stored menu like an add, then the whole cart is repriced (promotions, free add-on) as on
 * every read.
 */
export const updateCartLine = defineRoute('PATCH', `${base}/orderItems/:uid/:lineId`, {
  tags: ['cart'],
  params: cartParams.extend({ lineId: z.uuid() }),
  body: cartLineChange,
  response: { 200: cartView, ...cartErrors },
});
