// Promo codes: compared upper-cased, valid only while active and inside their optional dates
// (inclusive, in the merchant's time zone). Unknown and expired codes answer the same message.
import { DateTime } from 'luxon';
import {
  MESSAGES,
  freeAddonOffer,
  normalizePromoCode,
  parseFractionToPpm,
} from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { findPromoCode } from './promo.repository.js';

export interface ValidPromoCode {
  code: string;
  percentageOffPpm: number;
  /** The spec's shape: a fraction of one (0.1 = 10 % off). */
  percentageOff: number;
}

export async function lookUpPromoCode(
  tx: Tx,
  merchant: { id: string; timeZone: string },
  rawCode: string,
  now: Date,
): Promise<ValidPromoCode | null> {
  const code = normalizePromoCode(rawCode);
  if (code.length === 0 || code.length > 50) return null;
  const row = await findPromoCode(tx, merchant.id, code);
  if (!row || !row.active) return null;
  const today = DateTime.fromJSDate(now, { zone: merchant.timeZone }).toISODate();
  if (today === null) return null;
  if (row.validFrom && today < row.validFrom) return null;
  if (row.validUntil && today > row.validUntil) return null;
  const ppm = parseFractionToPpm(row.percentageOff);
  if (ppm === null) return null;
  return { code, percentageOffPpm: ppm, percentageOff: ppm / 1_000_000 };
}

export async function requirePromoCode(
  tx: Tx,
  merchant: { id: string; timeZone: string },
  rawCode: string,
  now: Date,
): Promise<ValidPromoCode> {
  const found = await lookUpPromoCode(tx, merchant, rawCode, now);
  if (!found) {
    throw new AppError('invalid_input', MESSAGES.INVALID_PROMO_CODE, [
      { path: ['promoCode'], message: MESSAGES.INVALID_PROMO_CODE },
    ]);
  }
  return found;
}

async function requireMerchant(ctx: AppContext, merchantId: string) {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return m;
}

/** A promo code the diner typed, checked for the store now (the store's "apply code" call). */
export async function checkPromoCode(
  ctx: AppContext,
  merchantId: string,
  code: string,
): Promise<ValidPromoCode> {
  const m = await requireMerchant(ctx, merchantId);
  return requirePromoCode(ctx.db, m, code, ctx.clock.now());
}

/** The order promotion a subtotal reaches: which free items may be chosen, if any. */
export async function autoAppliedOffer(ctx: AppContext, merchantId: string, amountCents: number) {
  const m = await requireMerchant(ctx, merchantId);
  const offer = freeAddonOffer({
    enabled: m.enableOrderPromotion,
    promotions: m.orderPromotions,
    subtotalCents: amountCents,
    promoCodeApplied: false,
    categoryDiscountCents: 0,
    availableHours: m.orderPromotionsAvailableTime,
    at: ctx.clock.now().getTime(),
    zone: m.timeZone,
  });
  return offer.offered
    ? {
        offered: true,
        amountCents: offer.promotion.amountCents,
        freeItemNames: [...offer.freeItemNames],
      }
    : { offered: false, amountCents: null, freeItemNames: [] };
}
