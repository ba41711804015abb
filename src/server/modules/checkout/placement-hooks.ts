// What happens inside the placing transaction once an order has its numbers: the merchant's
// notifications go into the outbox and a signed-in diner earns loyalty points. Both only write to
// the database, so a slow SMS or mail server can never hold up or fail an order.
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { merchants, orderLines } from '../../db/schema/index.js';
import { awardLoyaltyPoints } from '../customers/customer-account.service.js';
import { enqueueOrderPlacedNotifications } from '../notifications/notifications.service.js';
import type { OrderPlacedHook, OrderRow, PlacementKnown } from '../orders/orders.service.js';

// What the placing request already read (merchant, lines) is used as is; the reconciler, placing
// later, passes nothing and these read it.
async function queueNotifications(tx: Tx, order: OrderRow, known: PlacementKnown): Promise<void> {
  const [merchant] = known.merchant
    ? [known.merchant]
    : await tx.select().from(merchants).where(eq(merchants.id, order.merchantId));
  if (!merchant) return;
  const lines =
    known.lines ??
    (await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.sortOrder)));
  await enqueueOrderPlacedNotifications(tx, {
    merchant,
    order: { ...order, dineinTableName: order.dineinTableName },
    lines,
  });
}

async function awardPoints(
  tx: Tx,
  order: OrderRow,
  ctx: AppContext,
  known: PlacementKnown,
): Promise<void> {
  if (!order.customerId) return;
  const [merchant] = known.merchant
    ? [known.merchant]
    : await tx
        .select({ name: merchants.name })
        .from(merchants)
        .where(eq(merchants.id, order.merchantId));
  await awardLoyaltyPoints(tx, {
    customerId: order.customerId,
    merchantId: order.merchantId,
    orderId: order.id,
    // Points are loyaltyPointsEarned (src/domain): food only, never tips or fees.
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    detail: `Order #${order.orderNumber ?? ''} at ${merchant?.name ?? 'the store'}`,
    at: order.placedAt ?? ctx.clock.now(),
  });
}

/** The placement hooks, in order; app.ts registers them in each app's context (ctx.hooks). */
export const placementHooks: readonly OrderPlacedHook[] = [
  (tx, order, _ctx, known) => queueNotifications(tx, order, known),
  (tx, order, ctx, known) => awardPoints(tx, order, ctx, known),
];
