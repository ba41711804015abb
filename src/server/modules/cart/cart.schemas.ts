// The cart as the API shows it: the spec's field names where it has them, money in cents.
import { z } from 'zod';
import { ORDER_METHODS, PAYMENT_METHODS } from '../../../domain/index.js';
import type { CartState } from './cart.service.js';

/** The saved checkout choices as answered (the request schema's output, without its transforms). */
const checkoutInfoView = z.object({
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

/** An order's amounts in cents (the cart's quote and a placed order alike). */
export const orderAmountsView = z.object({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  tipsCents: z.number().int(),
  fixedTipsCents: z.number().int(),
  discountCents: z.number().int(),
  processingFeeCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  /** What the "fees" line shows: processing plus service. */
  feesShownCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  roomServiceDeliveryFeeCents: z.number().int(),
  totalCents: z.number().int(),
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

export const cartView = z.object({
  userId: z.string(),
  orderItems: z.array(cartLineView),
  checkoutInfo: checkoutInfoView,
  amounts: orderAmountsView,
  categoryDiscountCents: z.number().int(),
  storeOpen: z.boolean(),
  cartButton: z.enum(['storeClosed', 'removeUnavailable', 'checkout']),
  delivery: z
    .object({
      ok: z.boolean(),
      distanceMiles: z.number().nullable(),
      message: z.string().nullable(),
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

export function toCartView(uid: string, state: CartState): CartView {
  const p = state.priced;
  const t = p.quote.totals;
  return {
    userId: uid,
    orderItems: p.lines.map((l) => ({
      _id: l.id,
      _idItem: l.itemId,
      _idCategory: l.categoryId,
      name: l.name,
      name_2nd: l.name2,
      size: l.sizeName,
      size_2nd: l.sizeName2,
      _idSize: l.sizeId,
      priceCents: l.unitPriceCents,
      qty: l.quantity,
      orderItemOptions: l.options.map((o) => ({
        _id: o.id,
        name: o.name,
        name_2nd: o.name2,
        priceCents: o.priceCents,
      })),
      note: l.note,
      isFreePromo: l.isFreePromo,
      available: l.available,
      unavailableNote: l.unavailableNote,
      grossCents: l.grossCents,
      discountCents: l.discountCents,
      lineTotalCents: l.lineTotalCents,
    })),
    checkoutInfo: p.checkout,
    amounts: {
      subtotalCents: t.subtotalCents,
      taxCents: t.taxCents,
      tipsCents: t.tipsCents,
      fixedTipsCents: t.fixedTipsCents,
      discountCents: t.discountCents,
      processingFeeCents: t.processingFeeCents,
      serviceFeeCents: t.serviceFeeCents,
      feesShownCents: t.feesShownCents,
      deliveryFeeCents: t.deliveryFeeCents,
      roomServiceDeliveryFeeCents: t.roomServiceDeliveryFeeCents,
      totalCents: t.totalCents,
    },
    categoryDiscountCents: p.quote.categoryDiscountCents,
    storeOpen: p.storeOpen,
    cartButton: p.cartButton,
    delivery: p.delivery
      ? {
          ok: p.delivery.ok,
          distanceMiles: state.deliveryMiles,
          message: p.delivery.ok ? null : p.delivery.message,
        }
      : null,
    promoCode: p.promo ? { code: p.promo.code, percentageOff: p.promo.percentageOff } : null,
    promoCodeDropped: state.promoCodeDropped,
    freeAddon: {
      offered: p.freeAddon.offered,
      freeItemNames: p.freeAddon.offered ? [...p.freeAddon.freeItemNames] : [],
      dropped: p.freeAddonDropped,
    },
  };
}
