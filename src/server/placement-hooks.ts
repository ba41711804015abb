// What happens inside the placing transaction once an order has its numbers: the merchant's
// notifications go into the outbox and a signed-in diner earns loyalty points. Both only write to
// the database, so a slow SMS or mail server can never hold up or fail an order; each answers its
// statement, which placement runs inside its own write (no round trip of its own). They join
// three modules, so they live beside app.ts, which registers them (module-boundaries.md).
import type { AppContext } from './app-context.js';
import type { Statement, Tx } from './db/client.js';
import { loyaltyAwardStatement } from './modules/customers/index.js';
import { findMerchantByUuid } from './modules/merchants/index.js';
import { orderPlacedNotificationsStatement } from './modules/notifications/index.js';
import {
  type OrderPlacedHook,
  type OrderRow,
  type PlacementKnown,
  listOrderLines,
} from './modules/orders/index.js';

const only = (statement: Statement | null): Statement[] => (statement ? [statement] : []);

// What the placing request already read (merchant, lines) is used as is; the reconciler, placing
// later, passes nothing and these read it.
async function queueNotifications(
  tx: Tx,
  order: OrderRow,
  known: PlacementKnown,
): Promise<Statement[]> {
  const merchant = known.merchant ?? (await findMerchantByUuid(tx, order.merchantId));
  if (!merchant) return [];
  const lines = known.lines ?? (await listOrderLines(tx, order.id));
  return only(
    orderPlacedNotificationsStatement({
      merchant,
      order: { ...order, dineinTableName: order.dineinTableName },
      lines,
    }),
  );
}

async function awardPoints(
  tx: Tx,
  order: OrderRow,
  ctx: AppContext,
  known: PlacementKnown,
): Promise<Statement[]> {
  if (!order.customerId) return [];
  const merchant = known.merchant ?? (await findMerchantByUuid(tx, order.merchantId));
  return only(
    loyaltyAwardStatement({
      customerId: order.customerId,
      merchantId: order.merchantId,
      orderId: order.id,
      // Points are loyaltyPointsEarned (src/domain): food only, never tips or fees.
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      detail: `Order #${order.orderNumber ?? ''} at ${merchant?.name ?? 'the store'}`,
      at: order.placedAt ?? ctx.clock.now(),
    }),
  );
}

/** The placement hooks, in order; app.ts registers them in each app's context (ctx.hooks). */
export const placementHooks: readonly OrderPlacedHook[] = [
  (tx, order, _ctx, known) => queueNotifications(tx, order, known),
  (tx, order, ctx, known) => awardPoints(tx, order, ctx, known),
];
