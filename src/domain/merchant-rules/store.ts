// Store-pane rules (spec §5 "Merchant-side"): tax rate, notices, table names, order promotions,
// category promotions and hours. Each form's schema turns what the merchant typed into the stored
// shape of ../settings/schemas.ts (cents, ppm, minutes).
import { z } from 'zod';
import { normalizeTableName } from '../format/fields.js';
import { noticeToStored } from '../format/notice.js';
import { MESSAGES } from '../messages.js';
import { multiLine } from '../validation/multi-line.js';
import {
  MAX_ENTRY_CENTS,
  parseDollarsToCents,
  parseFractionToPpm,
  parseWholeNumber,
} from '../money/parse.js';
import { PPM } from '../money/rounding.js';
import {
  PROMO_TYPES,
  WEEKDAYS,
  weeklyHoursSchema,
  weeklyPrepTimeSchema,
  type OrderPromotion,
  type PromoMethod,
} from '../settings/schemas.js';

const loose = z.union([z.string(), z.number(), z.null()]).optional();
const asText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * Tax rate: present and between 0 and 1, else the spec's message. The original's upper-bound
 * check never fired; ours does, and negative or non-numeric input is refused the same way.
 */
export const taxRateSchema = loose.transform((value, ctx) => {
  const text = asText(value);
  const ppm = text === '' ? null : parseFractionToPpm(typeof value === 'number' ? value : text);
  if (ppm === null || ppm > PPM) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.TAX_RATE });
    return z.NEVER;
  }
  return ppm;
});

/** Ours: the spec gives no text for the fixed gratuity rate (checklist K9.8). */
export const GRATUITY_RATE_MESSAGE = 'Gratuity rate must be a fraction between 0 and 1, e.g. 0.18';

/**
 * Fixed gratuity rate (spec §3 fixedTipRate, default 0): a fraction 0..1 like the tax rate, but
 * empty means none (0) — a store without a gratuity is the usual case.
 */
export const fixedTipRateSchema = loose.transform((value, ctx) => {
  const text = asText(value);
  if (text === '') return 0;
  const ppm = parseFractionToPpm(typeof value === 'number' ? value : text);
  if (ppm === null || ppm > PPM) {
    ctx.addIssue({ code: 'custom', message: GRATUITY_RATE_MESSAGE });
    return z.NEVER;
  }
  return ppm;
});

export const noticeSchema = multiLine(z.string().max(2000, MESSAGES.INVALID)).transform(
  noticeToStored,
);

/**
 * Dine-in table name: "#" stripped (spec §5), then 1..50 characters that can sit in a URL path
 * segment (it becomes /dinein/{table}), so no "/", "?" or "\".
 */
export const tableNameSchema = z
  .string({ error: MESSAGES.REQUIRED })
  .transform(normalizeTableName)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.REQUIRED)
      .max(50, MESSAGES.INVALID)
      .refine((t) => !/[/?\\]/.test(t), MESSAGES.INVALID),
  );

/** Free-item list as typed: split on comma or semicolon, trimmed, empties dropped (spec §5). */
export function parseFreeItemNames(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** One order promotion as typed: amount in dollars (numeric) and the free-item list. */
export const orderPromotionFormSchema = z
  .object({
    amount: loose,
    freeItemNames: z.union([z.string(), z.array(z.string())]),
  })
  .transform((form, ctx): OrderPromotion => {
    const text = asText(form.amount);
    const cents = text === '' ? null : parseDollarsToCents(text);
    if (cents === null || cents > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID, path: ['amount'] });
      return z.NEVER;
    }
    const names =
      typeof form.freeItemNames === 'string'
        ? parseFreeItemNames(form.freeItemNames)
        : form.freeItemNames.map((s) => s.trim()).filter((s) => s.length > 0);
    if (names.length === 0 || names.length > 50 || names.some((n) => n.length > 100)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID, path: ['freeItemNames'] });
      return z.NEVER;
    }
    return { amountCents: cents, freeItemNames: names };
  });

/**
 * Category promotion as typed. All four fields filled, else "Name, Type, X, Y fields need to be
 * filled". Then per type: BUY_X_GET_Y_FREE counts (whole, ≥ 1); MEET_X_MINUS_Y X and Y dollars
 * (Y > 0); MEET_X_PERCENT_OFF X dollars and Y a whole percent 1..100. Numbers ≤ 99999.
 */
export const categoryPromoFormSchema = z
  .object({ name: loose, type: loose, x: loose, y: loose })
  .transform((form, ctx): PromoMethod => {
    const name = asText(form.name);
    const type = asText(form.type);
    const x = asText(form.x);
    const y = asText(form.y);
    if (!name || !type || !x || !y) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.PROMO_FIELDS_REQUIRED });
      return z.NEVER;
    }
    const bad = (path: string) => {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID, path: [path] });
      return z.NEVER;
    };
    if (name.length > 100) return bad('name');
    if (!(PROMO_TYPES as readonly string[]).includes(type)) return bad('type');
    const promoType = type as PromoMethod['type'];
    if (promoType === 'BUY_X_GET_Y_FREE') {
      const xn = parseWholeNumber(x);
      const yn = parseWholeNumber(y);
      if (xn === null || xn < 1 || xn > 99_999) return bad('x');
      if (yn === null || yn < 1 || yn > 99_999) return bad('y');
      return { name, type: promoType, x: xn, y: yn };
    }
    const xc = parseDollarsToCents(x);
    if (xc === null || xc > MAX_ENTRY_CENTS) return bad('x');
    if (promoType === 'MEET_X_MINUS_Y') {
      const yc = parseDollarsToCents(y);
      if (yc === null || yc < 1 || yc > MAX_ENTRY_CENTS) return bad('y');
      return { name, type: promoType, x: xc, y: yc };
    }
    const percent = parseWholeNumber(y);
    if (percent === null || percent < 1 || percent > 100) return bad('y');
    return { name, type: promoType, x: xc, y: percent };
  });

/**
 * Business (or category, or delivery) hours as saved: the stored shape, plus no two periods of a
 * day overlapping. Periods stay within one day; a shift past midnight is two periods.
 */
export const weeklyHoursFormSchema = weeklyHoursSchema.superRefine((hours, ctx) => {
  for (const day of WEEKDAYS) {
    const periods = [...(hours[day] ?? [])].sort((a, b) => a.open - b.open);
    for (let i = 1; i < periods.length; i += 1) {
      const prev = periods[i - 1];
      const cur = periods[i];
      if (prev && cur && cur.open < prev.close) {
        ctx.addIssue({
          code: 'custom',
          message: 'Open periods of a day must not overlap',
          path: [day],
        });
      }
    }
  }
});

/** Food-preparing times as saved: each from ≤ to. */
export const weeklyPrepTimeFormSchema = weeklyPrepTimeSchema.superRefine((weekly, ctx) => {
  for (const day of WEEKDAYS) {
    const p = weekly[day];
    if (!p) continue;
    if (p.fromMin_pickup > p.toMin_pickup) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID, path: [day, 'toMin_pickup'] });
    }
    if (p.fromMin_delivery > p.toMin_delivery) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID, path: [day, 'toMin_delivery'] });
    }
  }
});

/**
 * Merchant sign-in: both fields filled. A wrong pair is answered "Invalid credentials provided".
 * Field names are the API's (POST /api/merchantUsers/merchantLogin): the route's body is this.
 */
export const merchantSignInSchema = z.object({
  merchantUserName: z
    .string({ error: MESSAGES.REQUIRED })
    .trim()
    .min(1, MESSAGES.REQUIRED)
    .max(100),
  merchantPassword: z.string({ error: MESSAGES.REQUIRED }).min(1, MESSAGES.REQUIRED).max(200),
});

/** Settings saves need the merchant id in the info, else "Internal error" (spec §5). */
export function hasMerchantId(info: { merchantId?: string | null } | null | undefined): boolean {
  return !!info?.merchantId && info.merchantId.trim() !== '';
}
