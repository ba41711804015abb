// The cart's state turned into the contract's cart answer (src/contract/cart.ts).
import type { CartView } from '../../../contract/cart.js';
import { type DeliveryFeeResult, checkDeliveryMinimum } from '../../../domain/index.js';
import { ADDRESS_NOT_FOUND, type CartState } from './cart.service.js';

export type { CartView };

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
      ? deliveryView(p.delivery, state, t.subtotalCents)
      : unlocated(state)
        ? {
            ok: false,
            distanceMiles: null,
            message: ADDRESS_NOT_FOUND,
            feeCents: null,
            rangeMiles: null,
            minimumCents: state.merchant.minOrderForDeliveryCents,
            shortByCents: 0,
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

/**
 * What the checkout shows before Place (issue 25, "delivery money up front"): the range and fee,
 * and the shortfall by the same rule as place-order check 8, which still refuses at Place.
 */
function deliveryView(
  delivery: DeliveryFeeResult,
  state: CartState,
  subtotalCents: number,
): NonNullable<CartView['delivery']> {
  const minimumCents = state.merchant.minOrderForDeliveryCents;
  const minimum = checkDeliveryMinimum(subtotalCents, minimumCents);
  return {
    ok: delivery.ok,
    distanceMiles: state.deliveryMiles,
    message: delivery.ok ? null : delivery.message,
    feeCents: delivery.ok ? delivery.feeCents : null,
    rangeMiles: delivery.ok ? delivery.range.deliveryRangeInMile : null,
    minimumCents,
    shortByCents: minimum.met ? 0 : minimum.shortByCents,
  };
}

/** Delivery to an address the server could not locate: said at once, refused at Place. */
function unlocated(state: CartState): boolean {
  const c = state.priced.checkout;
  return c.orderMethod === 'delivery' && c.deliveryAddress !== '' && state.deliveryMiles === null;
}
