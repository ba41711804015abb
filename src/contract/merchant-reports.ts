// The merchant's reports (spec §3 daily report, §2 sale detail), for the signed-in merchant of
// :merchantId: one row per merchant-local day of the range and the sale detail by payment type,
// computed in SQL in the merchant's time zone, voided orders left out; and the same rows as CSV.
import { z } from 'zod';
import { DATE_RANGE_KINDS } from '../domain/schedule/date-ranges.js';
import { jsonQueryParam, merchantIdParam } from './common.js';
import { errorAnswers } from './errors.js';
import { dateRangeQuery } from './merchant-orders.js';
import { defineRoute } from './route.js';

/** The money columns of a daily row and of the range's total, in cents. */
const sums = {
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** Tips with the fixed gratuity. */
  tipsCents: z.number().int(),
  discountCents: z.number().int(),
  processingFeeCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  /** Delivery with the room-service delivery fee. */
  deliveryFeeCents: z.number().int(),
  totalCents: z.number().int(),
  orders: z.number().int(),
};

export const dailyRow = z.object({ day: z.iso.date(), ...sums });
export type DailyRow = z.infer<typeof dailyRow>;

export const saleByPaymentType = z.object({
  paymentMethod: z.string(),
  orders: z.number().int(),
  totalCents: z.number().int(),
  tipsCents: z.number().int(),
});

export const dailyReport = z.object({
  timeZone: z.string(),
  /** Days with orders only, oldest first. */
  rows: z.array(dailyRow),
  total: z.object(sums),
  byPaymentType: z.array(saleByPaymentType),
});
export type DailyReport = z.infer<typeof dailyReport>;

/**
 * The report's range, as the spec writes it (`dateRangeObj`, JSON, checklist C7.101) or as our
 * dashboard sends it (`range`, `from`, `to`), not both. `queryObj` is taken as the spec names it,
 * but the daily rows apply no filter: an empty object only, any key in it refused naming it.
 */
export const dailyReportQuery = z
  .strictObject({
    range: z.enum(DATE_RANGE_KINDS).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    dateRangeObj: jsonQueryParam(dateRangeQuery).optional(),
    queryObj: jsonQueryParam(z.strictObject({})).optional(),
  })
  .transform((q, ctx) => {
    const ours = q.range !== undefined || q.from !== undefined || q.to !== undefined;
    if (q.dateRangeObj !== undefined) {
      if (ours) {
        ctx.addIssue({
          code: 'custom',
          message: 'Give the range in dateRangeObj or as range, from and to, not both',
          path: ['dateRangeObj'],
        });
        return z.NEVER;
      }
      return q.dateRangeObj;
    }
    const own = dateRangeQuery.safeParse({ range: q.range, from: q.from, to: q.to });
    if (own.success) return own.data;
    for (const issue of own.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

const base = '/api/orders7/merchantId/:merchantId';
export const getDailyReport = defineRoute('GET', `${base}/orders/daily`, {
  tags: ['merchant reports'],
  params: z.object({ merchantId: merchantIdParam }),
  querystring: dailyReportQuery,
  response: { 200: dailyReport, ...errorAnswers(400, 401, 403, 404) },
});

/** The daily rows as a CSV file (text/csv; the answer is the file, not JSON). */
export const getDailyReportCsv = defineRoute('GET', `${base}/orders/daily/csv`, {
  tags: ['merchant reports'],
  params: z.object({ merchantId: merchantIdParam }),
  querystring: dailyReportQuery,
  // The CSV text itself: sent as text/csv, not serialised as JSON.
  response: { 200: z.string(), ...errorAnswers(400, 401, 403, 404) },
});
