// The reports' sums, in SQL: PostgreSQL turns each placed_at into the merchant's wall-clock date
// (`at time zone`, which knows the zone's DST changes), groups and sums; voided orders are left
// out. The range bounds are instants (the merchant's midnights), so the orders_merchant_placed
// index serves the read.
import { PLACED_STATES } from '../../../domain/orders/order-life.js';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';

export interface Between {
  start: Date | null;
  end: Date | null;
}

const sums = {
  subtotalCents: sql<string>`sum(${orders.subtotalCents})`,
  taxCents: sql<string>`sum(${orders.taxCents})`,
  tipsCents: sql<string>`sum(${orders.tipsCents} + ${orders.fixedTipsCents})`,
  discountCents: sql<string>`sum(${orders.discountCents})`,
  processingFeeCents: sql<string>`sum(${orders.processingFeeCents})`,
  serviceFeeCents: sql<string>`sum(${orders.serviceFeeCents})`,
  deliveryFeeCents: sql<string>`sum(${orders.deliveryFeeCents} + ${orders.roomServiceDeliveryFeeCents})`,
  totalCents: sql<string>`sum(${orders.totalCents})`,
  orders: sql<string>`count(*)`,
};

function sales(merchantUuid: string, range: Between) {
  return and(
    eq(orders.merchantId, merchantUuid),
    inArray(orders.state, [...PLACED_STATES]),
    range.start ? gte(orders.placedAt, range.start) : undefined,
    range.end ? lt(orders.placedAt, range.end) : undefined,
  );
}

/** One row per merchant-local day with orders, oldest first; sums as strings (bigint). */
export async function dailySums(db: Db, merchantUuid: string, timeZone: string, range: Between) {
  const day = sql<string>`to_char((${orders.placedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  return (
    db
      .select({ day, ...sums })
      .from(orders)
      .where(sales(merchantUuid, range))
      // By position: the zone is a bound parameter, so the same expression written again would be
      // another parameter, which PostgreSQL does not take for the same grouping.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

/** The range's sale by payment type (card, cash). */
export async function salesByPaymentType(db: Db, merchantUuid: string, range: Between) {
  return db
    .select({
      paymentMethod: orders.paymentMethod,
      orders: sums.orders,
      totalCents: sums.totalCents,
      tipsCents: sums.tipsCents,
    })
    .from(orders)
    .where(sales(merchantUuid, range))
    .groupBy(orders.paymentMethod)
    .orderBy(orders.paymentMethod);
}
