// The merchant's promo codes (issue 28; ours — the spec has only the store's look-up,
// GET .../promoCode/{code}, and its codes came from the seed): list with times used, create,
// edit, deactivate (active: false) and delete. A code is kept upper-case and compared so; the
// percentage off is a fraction of one as in the spec's look-up (0.1 = 10 % off); the dates are
// inclusive days in the store's time zone. docs/decisions/store-settings.md "Promo codes".
import { z } from 'zod';
import { merchantParams, merchantRecordParams, success } from './common.js';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';

export const PROMO_CODE_MESSAGES = {
  code: 'A code is 1 to 30 letters, digits, - or _',
  percentage: 'Percent off is a whole number from 1 to 100',
  date: 'A date is YYYY-MM-DD',
  dates: 'The end date cannot be before the start date',
  duplicate: 'This store already has this code',
  tooMany: 'A store keeps at most 200 promo codes',
} as const;

export const MAX_PROMO_CODES = 200;

const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{1,30}$/, PROMO_CODE_MESSAGES.code);

/** A whole percent off, 1..100, sent as the spec's fraction (0.01..1). */
const percentageOff = z
  .number({ error: PROMO_CODE_MESSAGES.percentage })
  .refine(
    (f) => Number.isInteger(Math.round(f * 100)) && Math.abs(f * 100 - Math.round(f * 100)) < 1e-9,
    PROMO_CODE_MESSAGES.percentage,
  )
  .refine((f) => f >= 0.01 && f <= 1, PROMO_CODE_MESSAGES.percentage);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROMO_CODE_MESSAGES.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), PROMO_CODE_MESSAGES.date);

const fields = {
  code,
  percentageOff,
  validFrom: day.nullable(),
  validUntil: day.nullable(),
  active: z.boolean(),
};

const datesInOrder = (v: { validFrom?: string | null; validUntil?: string | null }) =>
  !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil;
const datesIssue = { message: PROMO_CODE_MESSAGES.dates, path: ['validUntil'] };

export const promoCodeCreate = z
  .strictObject({
    ...fields,
    validFrom: fields.validFrom.default(null),
    validUntil: fields.validUntil.default(null),
    active: fields.active.default(true),
  })
  .refine(datesInOrder, datesIssue);

/** An edit names only what it changes; the dates are checked with the stored ones too. */
export const promoCodeUpdate = z.strictObject(fields).partial().refine(datesInOrder, datesIssue);

export const promoCodeView = z.object({
  _id: z.string(),
  code: z.string(),
  percentageOff: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
  /** Placed orders that used this code. */
  timesUsed: z.number().int(),
});
export type PromoCodeView = z.infer<typeof promoCodeView>;

const base = '/api/promoCodes/merchantId/:merchantId';
const tags = ['promo codes'];

export const listPromoCodes = defineRoute('GET', base, {
  tags,
  params: merchantParams,
  response: { 200: z.array(promoCodeView), ...errorAnswers(400, 401, 403, 404) },
});

export const createPromoCode = defineRoute('POST', base, {
  tags,
  params: merchantParams,
  body: promoCodeCreate,
  response: { 200: promoCodeView, ...errorAnswers(400, 401, 403, 404, 409) },
});

export const updatePromoCode = defineRoute('PUT', `${base}/_id/:id`, {
  tags,
  params: merchantRecordParams,
  body: promoCodeUpdate,
  response: { 200: promoCodeView, ...errorAnswers(400, 401, 403, 404, 409) },
});

export const deletePromoCode = defineRoute('DELETE', `${base}/_id/:id`, {
  tags,
  params: merchantRecordParams,
  response: { 200: success, ...errorAnswers(400, 401, 403, 404) },
});
