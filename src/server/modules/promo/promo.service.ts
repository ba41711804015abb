// Promo codes: compared upper-cased, valid only while active and inside their optional dates
// (inclusive, in the merchant's time zone). Unknown and expired codes answer the same message.
import { DateTime } from 'luxon';
import { MESSAGES, normalizePromoCode, parseFractionToPpm } from '../../../domain/index.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
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
