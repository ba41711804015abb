// The merchant's daily report and sale detail (spec §3, §2) and their CSV export. The range is the
// orders list's (merchant-local days, src/contract/merchant-orders.ts); every sum is PostgreSQL's.
import type { z } from 'zod';
import type { dateRangeQuery } from '../../../contract/merchant-orders.js';
import type { DailyReport, DailyRow } from '../../../contract/merchant-reports.js';
import { dateRange } from '../../../domain/schedule/date-ranges.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { type Between, dailySums, salesByPaymentType } from './merchant-reports.repository.js';

type Sums = Omit<DailyRow, 'day'>;
const MONEY_KEYS = [
  'subtotalCents',
  'taxCents',
  'tipsCents',
  'discountCents',
  'processingFeeCents',
  'serviceFeeCents',
  'deliveryFeeCents',
  'totalCents',
] as const;

const numbersOf = (row: Record<keyof Sums, string | number | null>): Sums => ({
  subtotalCents: Number(row.subtotalCents ?? 0),
  taxCents: Number(row.taxCents ?? 0),
  tipsCents: Number(row.tipsCents ?? 0),
  discountCents: Number(row.discountCents ?? 0),
  processingFeeCents: Number(row.processingFeeCents ?? 0),
  serviceFeeCents: Number(row.serviceFeeCents ?? 0),
  deliveryFeeCents: Number(row.deliveryFeeCents ?? 0),
  totalCents: Number(row.totalCents ?? 0),
  orders: Number(row.orders ?? 0),
});

export async function dailyReport(
  ctx: AppContext,
  merchantId: string,
  query: z.output<typeof dateRangeQuery>,
): Promise<DailyReport> {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  const range = dateRange(
    query.range,
    ctx.clock.now().getTime(),
    merchant.timeZone,
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  );
  const between: Between = {
    start: range.start ? range.start.toJSDate() : null,
    end: range.end ? range.end.toJSDate() : null,
  };
  const [days, byType] = await Promise.all([
    dailySums(ctx.db, merchant.id, merchant.timeZone, between),
    salesByPaymentType(ctx.db, merchant.id, between),
  ]);
  const rows = days.map((d) => ({ day: d.day, ...numbersOf(d) }));
  const total = rows.reduce<Sums>(
    (acc, r) => {
      const next = { ...acc, orders: acc.orders + r.orders };
      for (const k of MONEY_KEYS) next[k] = acc[k] + r[k];
      return next;
    },
    numbersOf({} as Record<keyof Sums, null>),
  );
  return {
    timeZone: merchant.timeZone,
    rows,
    total,
    byPaymentType: byType.map((t) => ({
      paymentMethod: t.paymentMethod,
      orders: Number(t.orders),
      totalCents: Number(t.totalCents ?? 0),
      tipsCents: Number(t.tipsCents ?? 0),
    })),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The daily rows as CSV (RFC 4180): a header, one line per day, then the total. */
export function dailyReportCsv(report: DailyReport): string {
  const header = [
    'Day',
    'Subtotal',
    'Tax',
    'Tips',
    'Discount',
    'Processing fee',
    'Service fee',
    'Delivery fee',
    'Total',
    'Orders',
  ];
  const line = (day: string, r: Sums) =>
    [day, ...MONEY_KEYS.map((k) => dollars(r[k])), String(r.orders)].join(',');
  return [header.join(','), ...report.rows.map((r) => line(r.day, r)), line('Total', report.total)]
    .map((l) => `${l}\r\n`)
    .join('');
}
