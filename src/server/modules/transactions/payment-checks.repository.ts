// Queries of the card payments to check: the merchant's orders whose card outcome is unknown
// (payment_status 'unknown', set by the reconciler for a provider without a look-up by order id).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, paymentTransactions } from '../../db/schema/index.js';

/** The merchant's orders with payment_status 'unknown' and their charge, newest first. */
export async function listUnknownPayments(tx: Tx, merchantUuid: string, limit: number) {
  return tx
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      orderProvider: orders.paymentProvider,
      totalCents: orders.totalCents,
      customerName: orders.customerName,
      phone: orders.phone,
      failureReason: orders.failureReason,
      chargeProvider: paymentTransactions.provider,
      chargeAmountCents: paymentTransactions.amountCents,
      cardLast4: paymentTransactions.cardLast4,
      chargeMessage: paymentTransactions.message,
    })
    .from(orders)
    .leftJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.orderId, orders.id),
        inArray(paymentTransactions.operation, ['auth', 'sale']),
      ),
    )
    .where(and(eq(orders.merchantId, merchantUuid), eq(orders.paymentStatus, 'unknown')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export type UnknownPaymentRow = Awaited<ReturnType<typeof listUnknownPayments>>[number];
