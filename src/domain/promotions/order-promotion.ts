// The free add-on item (spec §3 orderPromotions, §9) and promo codes, and which promotion wins
// when several meet (docs/decisions/domain-rules.md "Promotion precedence").
import { isOpenAt, type Instant } from '../hours/weekly-hours.js';
import { MESSAGES } from '../messages.js';
import { applyPpm, PPM } from '../money/rounding.js';
import type { OrderPromotion, WeeklyHours } from '../settings/schemas.js';

/** Promo-code discount: subtotal × percentage off, rounded half up, never above the subtotal. */
export function promoCodeDiscountCents(subtotalCents: number, percentageOffPpm: number): number {
  return applyPpm(subtotalCents, Math.min(Math.max(percentageOffPpm, 0), PPM));
}

/**
 * Of the order promotions whose amount the subtotal exceeds (strictly), the one with the highest
 * amount: the tier the diner reached. Equal amounts: the first saved wins.
 */
export function reachedOrderPromotion(
  promotions: readonly OrderPromotion[],
  subtotalCents: number,
): OrderPromotion | null {
  let best: OrderPromotion | null = null;
  for (const p of promotions) {
    if (subtotalCents > p.amountCents && p.freeItemNames.length > 0) {
      if (best === null || p.amountCents > best.amountCents) best = p;
    }
  }
  return best;
}

export interface FreeAddonContext {
  enabled: boolean;
  promotions: readonly OrderPromotion[];
  subtotalCents: number;
  /** A promo code is applied to this order. */
  promoCodeApplied: boolean;
  /** Cents that category promotions took off this cart. */
  categoryDiscountCents: number;
  /** orderPromotionsAvailableTime, when the merchant limits the offer to certain hours. */
  availableHours?: WeeklyHours | null | undefined;
  at?: Instant;
  zone?: string;
}

export type FreeAddonOffer =
  | { offered: true; promotion: OrderPromotion; freeItemNames: readonly string[] }
  | {
      offered: false;
      reason: 'disabled' | 'notReached' | 'promoCode' | 'categoryPromo' | 'outsideHours';
    };

/**
 * Whether the free add-on is offered. It does not combine with other promotions (spec §9): an
 * applied promo code or any category-promotion discount withdraws the offer.
 */
export function freeAddonOffer(ctx: FreeAddonContext): FreeAddonOffer {
  if (!ctx.enabled) return { offered: false, reason: 'disabled' };
  if (ctx.promoCodeApplied) return { offered: false, reason: 'promoCode' };
  if (ctx.categoryDiscountCents > 0) return { offered: false, reason: 'categoryPromo' };
  const hours = ctx.availableHours;
  if (hours && Object.keys(hours).length > 0 && ctx.at !== undefined && ctx.zone !== undefined) {
    if (!isOpenAt(hours, ctx.at, ctx.zone)) return { offered: false, reason: 'outsideHours' };
  }
  const promotion = reachedOrderPromotion(ctx.promotions, ctx.subtotalCents);
  if (!promotion) return { offered: false, reason: 'notReached' };
  return { offered: true, promotion, freeItemNames: promotion.freeItemNames };
}

export interface FreeAddonLine {
  name: string;
  priceCents: 0;
  quantity: 1;
  note: typeof MESSAGES.FREE_ADDON_NOTE;
}

/** The cart line of the chosen free item: price 0, note "Free addon item" (spec §3). */
export function freeAddonLine(name: string): FreeAddonLine {
  return { name, priceCents: 0, quantity: 1, note: MESSAGES.FREE_ADDON_NOTE };
}

/** A choice is valid only when the offer stands and the name is one of its items. */
export function isFreeAddonChoiceValid(offer: FreeAddonOffer, name: string): boolean {
  return offer.offered && offer.freeItemNames.includes(name);
}
