// The merchant's orders for its data export, a page at a time in placing order (keyset on
// created_at, id: memory stays flat however many years of orders). Only the columns listed here
// leave: never a request fingerprint, idempotency key or anything of a card.
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
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

export async function exportOrdersPage(
  db: Db,
  merchantUuid: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<ExportedOrder[]> {
  return db
    .select(EXPORTED_ORDER_COLUMNS)
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        after
          ? or(
              gt(orders.createdAt, after.createdAt),
              and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
            )
          : sql`true`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit) as Promise<ExportedOrder[]>;
}
