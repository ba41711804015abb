// Merchant order actions (spec §5 "Merchant-side"): ready-time minutes and tip adjustment.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { MAX_ENTRY_CENTS, parseDollarsToCents } from '../money/parse.js';

export const READY_MINUTES_MAX = 999;

/** Ready-time minutes: numeric, 0..999; empty is the spec's "[Empty minutes selected]". */
export const readyMinutesSchema = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((value, ctx) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.SMS_EMPTY_MINUTES });
      return z.NEVER;
    }
    if (!/^\d+$/.test(text) || Number(text) > READY_MINUTES_MAX) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID });
      return z.NEVER;
    }
    return Number(text);
  });

/** Adjusted tips: dollars, not empty ("Adjusted Tips can not be empty"), numeric → cents. */
export const adjustedTipsSchema = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((value, ctx) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.ADJUSTED_TIPS_EMPTY });
      return z.NEVER;
    }
    const cents = parseDollarsToCents(typeof value === 'number' ? value : text);
    if (cents === null || cents > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID });
      return z.NEVER;
    }
    return cents;
  });

export type TipAdjustment =
  { ok: true; newTotalCents: number; tipsDeltaCents: number } | { ok: false; message: string };

/**
 * The transaction amount after replacing the order's tips with new ones: total − old tips + new
 * tips. It must stay non-negative (spec §5); the new tips must be whole cents ≥ 0.
 */
export function adjustTips(
  totalCents: number,
  oldTipsCents: number,
  newTipsCents: number,
): TipAdjustment {
  if (!Number.isSafeInteger(newTipsCents) || newTipsCents < 0) {
    return { ok: false, message: MESSAGES.INVALID };
  }
  const newTotalCents = totalCents - oldTipsCents + newTipsCents;
  if (newTotalCents < 0) return { ok: false, message: MESSAGES.ADJUSTED_AMOUNT_NEGATIVE };
  return { ok: true, newTotalCents, tipsDeltaCents: newTipsCents - oldTipsCents };
}
