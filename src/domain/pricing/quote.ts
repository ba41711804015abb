// Repricing a whole cart: lines → category promotions → line prices → order totals. The server
// runs this on the stored menu and settings (it is the authority, docs/design/money.md); the
// browser runs the same function to show numbers early. Same input, same output, whatever the line
// order.
import { applyCategoryPromos, type CategoryPromos } from '../promotions/category-promo.js';
import type { DeliveryFeeRange, OrderMethod } from '../settings/schemas.js';
import { deliveryFeeFor, type DeliveryFeeResult } from './delivery.js';
import { priceLine, type LinePrice } from './line.js';
import type { TipChoice } from './tips.js';
import { computeTotals, type OrderTotals, type PricingSettings } from './totals.js';

export interface QuoteLine {
  categoryId: string | null;
  /** Size price when sized, else the item price. */
  unitPriceCents: number;
  optionPricesCents: readonly number[];
  quantity: number;
}

export interface QuoteInput {
  lines: readonly QuoteLine[];
  categoryPromos: CategoryPromos;
  settings: PricingSettings;
  method: OrderMethod;
  tip: TipChoice;
  /** The applied promo code's percentage off, or null when no code is applied. */
  promoCodeRatePpm: number | null;
  deliveryFees: readonly DeliveryFeeRange[];
  /** Driving distance for delivery; null when not known yet. */
  deliveryDistanceMiles: number | null;
}

export interface PricedLine extends LinePrice {
  categoryId: string | null;
}

export interface Quote {
  lines: PricedLine[];
  /** What category promotions took off, in total. */
  categoryDiscountCents: number;
  /** For delivery: the fee lookup (ok: false when out of range); null for other methods. */
  delivery: DeliveryFeeResult | null;
  totals: OrderTotals;
}

/** An order of nothing: every amount 0. */
export const ZERO_TOTALS: OrderTotals = {
  subtotalCents: 0,
  discountCents: 0,
  taxCents: 0,
  tipsCents: 0,
  fixedTipsCents: 0,
  processingFeeCents: 0,
  serviceFeeCents: 0,
  feesShownCents: 0,
  deliveryFeeCents: 0,
  roomServiceDeliveryFeeCents: 0,
  totalCents: 0,
};

export function quoteOrder(input: QuoteInput): Quote {
  const promo = applyCategoryPromos(
    input.lines.map((l) => ({
      categoryId: l.categoryId,
      unitCents: l.unitPriceCents + l.optionPricesCents.reduce((a, b) => a + b, 0),
      quantity: l.quantity,
    })),
    input.categoryPromos,
  );
  const lines = input.lines.map((l, i) => ({
    categoryId: l.categoryId,
    ...priceLine({
      unitPriceCents: l.unitPriceCents,
      optionPricesCents: l.optionPricesCents,
      quantity: l.quantity,
      discount: { type: 'coff', cents: promo.discountsCents[i] ?? 0 },
    }),
  }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.netCents, 0);
  const delivery =
    input.method === 'delivery'
      ? input.deliveryDistanceMiles === null
        ? null
        : deliveryFeeFor(input.deliveryDistanceMiles, input.deliveryFees)
      : null;
  // An empty cart owes nothing: flat fees (service, room service) come with an order, not before.
  const totals =
    lines.length === 0
      ? ZERO_TOTALS
      : computeTotals({
          subtotalCents,
          method: input.method,
          tip: input.tip,
          promoCodeRatePpm: input.promoCodeRatePpm ?? 0,
          deliveryFeeCents: delivery?.ok ? delivery.feeCents : 0,
          settings: input.settings,
        });
  return {
    lines,
    categoryDiscountCents: lines.reduce((sum, l) => sum + l.discountCents, 0),
    delivery,
    totals,
  };
}
