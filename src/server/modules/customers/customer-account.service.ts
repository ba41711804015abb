// A signed-in diner's order history, order amount and loyalty points (spec §2 User dashboard
// modal; §7 getOrderHistory, getOrderAmount), and the award send order makes inside its
// transaction. Points: loyaltyPointsEarned of src/domain (100 × food dollars = subtotal − discount
// in cents; docs/decisions/domain-rules.md); a voided order's points stop counting.
import type {
  LoyaltyPoints,
  OrderAmountTotal,
  OrderHistoryPage,
} from '../../../contract/customers.js';
import { loyaltyPointsEarned } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import type { Statement, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  findHistoryCursor,
  insertLoyaltyEntry,
  insertLoyaltyEntryStatement,
  listLoyaltyHistory,
  listOrderHistory,
  sumLoyaltyPoints,
  sumPlacedOrders,
} from './customers.repository.js';

/** Rows per history page; older orders come with `before`. */
export const ORDER_HISTORY_PAGE = 100;
/** Newest ledger rows shown in the Loyalty Level table. */
export const LOYALTY_HISTORY_LIMIT = 100;

export async function getOrderHistory(
  ctx: AppContext,
  customerId: string,
  before: string | undefined,
): Promise<OrderHistoryPage> {
  let cursor;
  if (before) {
    cursor = await findHistoryCursor(ctx.db, customerId, before);
    // Someone else's order or one that was never placed: the same answer as a wrong id.
    if (!cursor) throw new AppError('not_found', 'Order not found');
  }
  const rows = await listOrderHistory(ctx.db, customerId, ORDER_HISTORY_PAGE + 1, cursor);
  const page = rows.slice(0, ORDER_HISTORY_PAGE);
  return {
    orderHistory: page.map((r) => ({
      _id: r.id,
      merchant_info: {
        name: r.merchantName,
        logoUrl: r.merchantLogoUrl,
        merchantId: r.merchantSlug,
      },
      orderSaveDate: r.placedAt!.toISOString(), // the query keeps placed orders only
      totalCents: r.totalCents,
      orderMethod: r.orderMethod,
      orderId: r.orderNumber,
      hasVoid: r.hasVoid || r.state === 'voided',
    })),
    nextBefore: rows.length > ORDER_HISTORY_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The spec's orderAmount.total: cents of the diner's placed orders that were not voided. */
export async function getOrderAmount(
  ctx: AppContext,
  customerId: string,
): Promise<OrderAmountTotal> {
  const { totalCents, count } = await sumPlacedOrders(ctx.db, customerId);
  return { total: totalCents, count };
}

export async function getLoyaltyPoints(
  ctx: AppContext,
  customerId: string,
): Promise<LoyaltyPoints> {
  const [pointsAvailable, rows] = await Promise.all([
    sumLoyaltyPoints(ctx.db, customerId),
    listLoyaltyHistory(ctx.db, customerId, LOYALTY_HISTORY_LIMIT),
  ]);
  return {
    pointsAvailable,
    history: rows.map((r) => ({
      points: r.points,
      detail: r.detail,
      date: r.createdAt.toISOString(),
    })),
  };
}

export interface LoyaltyAward {
  customerId: string;
  merchantId: string;
  orderId: string;
  /** The order's food amounts: points are earned on the subtotal after discounts. */
  subtotalCents: number;
  discountCents: number;
  /** What the Loyalty Level table shows, e.g. "Order #12 at Sunrise Diner". */
  detail: string;
  /** When the points were earned (send order passes its clock's now); default: the database's. */
  at?: Date;
}

/**
 * Credits a signed-in diner for a placed order, inside the caller's transaction (send order).
 * Idempotent per order through the ledger's unique order id: a retry awards nothing more.
 * Returns the points this call recorded (0 when already awarded or the food amount is 0).
 */
export async function awardLoyaltyPoints(tx: Tx, award: LoyaltyAward): Promise<number> {
  const points = loyaltyPointsEarned(award);
  if (points === 0) return 0;
  const written = await insertLoyaltyEntry(tx, ledgerEntryOf(award, points));
  return written ? points : 0;
}

/**
 * The statement that awardLoyaltyPoints runs, for placement to run inside its own write (no round
 * trip of its own); null when the order earns no points.
 */
export function loyaltyAwardStatement(award: LoyaltyAward): Statement | null {
  const points = loyaltyPointsEarned(award);
  return points === 0 ? null : insertLoyaltyEntryStatement(ledgerEntryOf(award, points));
}

const ledgerEntryOf = (award: LoyaltyAward, points: number) => ({
  customerId: award.customerId,
  merchantId: award.merchantId,
  orderId: award.orderId,
  points,
  detail: award.detail.slice(0, 200),
  ...(award.at ? { createdAt: award.at } : {}),
});
