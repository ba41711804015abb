// The merchant's orders for its data export, a page at a time in placing order (keyset on
// created_at, id: memory stays flat however many years of orders). Only the columns listed here
// leave: never a request fingerprint, idempotency key or anything of a card.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';

export const EXPORTED_ORDER_COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  dailyOrderNumber: orders.dailyOrderNumber,
  businessDate: orders.businessDate,
  state: orders.state,
  createdAt: orders.createdAt,
  placedAt: orders.placedAt,
  orderMethod: orders.orderMethod,
  dineinTableName: orders.dineinTableName,
  paymentMethod: orders.paymentMethod,
  paymentProvider: orders.paymentProvider,
  paymentStatus: orders.paymentStatus,
  paid: orders.paid,
  hasVoid: orders.hasVoid,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  tipsCents: orders.tipsCents,
  fixedTipsCents: orders.fixedTipsCents,
  discountCents: orders.discountCents,
  processingFeeCents: orders.processingFeeCents,
  serviceFeeCents: orders.serviceFeeCents,
  deliveryFeeCents: orders.deliveryFeeCents,
  roomServiceDeliveryFeeCents: orders.roomServiceDeliveryFeeCents,
  totalCents: orders.totalCents,
  promoCode: orders.promoCode,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  phone: orders.phone,
  customerAddrStr: orders.customerAddrStr,
  deliveryNote: orders.deliveryNote,
  scheduledFor: orders.scheduledFor,
};

export type ExportedOrder = {
  [K in keyof typeof EXPORTED_ORDER_COLUMNS]:
    (typeof EXPORTED_ORDER_COLUMNS)[K]['_']['data'] | null;
};

/**
 * The page after the order `after` (null: the first). The cursor is the row comparison
 * (created_at, id) > that order's own (created_at, id), read by PostgreSQL: a JS Date holds
 * milliseconds and created_at microseconds, so a cursor carried through JS would send the
 * page's last order again at the top of the next. The comparison is the index's
 * (orders_merchant_created) condition, so each page reads only its own rows.
 */
export async function exportOrdersPage(
  db: Db,
  merchantUuid: string,
  after: { id: string } | null,
  limit: number,
): Promise<ExportedOrder[]> {
  return db
    .select(EXPORTED_ORDER_COLUMNS)
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        after
          ? sql`(${orders.createdAt}, ${orders.id}) > (select o.created_at, o.id from ${orders} o where o.id = ${after.id})`
          : sql`true`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit) as Promise<ExportedOrder[]>;
}
