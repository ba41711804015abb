// Orders placed straight through the payments core for API tests that need placed orders but not
// the checkout in front of them (merchant actions, reports, streams): one draft builder, one card;
// and a card order stranded awaiting payment, for the reconciler's tests.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/server/app-context.js';
import { findMerchantByUuid } from '../../src/server/modules/merchants/merchants.repository.js';
import type { OrderRow } from '../../src/server/modules/orders/orders.repository.js';
import {
  type OrderDraft,
  createAwaitingOrder,
  orderRowFrom,
} from '../../src/server/modules/orders/orders.service.js';
import { gatewayEnv, gatewayOf } from '../../src/server/modules/payments/gateway.js';
import {
  insertTransaction,
  resultFields,
  updateTransaction,
} from '../../src/server/modules/payments/payments.repository.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';

type Amounts = OrderDraft['amounts'];

/** A one-line order; the total is the sum of the amounts given (the rest are 0). */
export function orderDraft(
  o: Partial<Omit<Amounts, 'totalCents'>> & {
    orderMethod?: OrderDraft['orderMethod'];
    phone?: string;
    itemName?: string;
  } = {},
): OrderDraft {
  const { orderMethod = 'pickup', phone = '5551234567', itemName = 'Omelette', ...given } = o;
  const parts: Omit<Amounts, 'totalCents'> = {
    subtotalCents: 1000,
    taxCents: 0,
    tipsCents: 0,
    fixedTipsCents: 0,
    discountCents: 0,
    processingFeeCents: 0,
    serviceFeeCents: 0,
    deliveryFeeCents: 0,
    roomServiceDeliveryFeeCents: 0,
    ...given,
  };
  const totalCents =
    parts.subtotalCents +
    parts.taxCents +
    parts.tipsCents +
    parts.fixedTipsCents -
    parts.discountCents +
    parts.processingFeeCents +
    parts.serviceFeeCents +
    parts.deliveryFeeCents +
    parts.roomServiceDeliveryFeeCents;
  return {
    orderMethod,
    amounts: { ...parts, totalCents },
    customer: { customerName: 'Ada Diner', phone },
    lines: [
      {
        name: itemName,
        unitPriceCents: parts.subtotalCents,
        quantity: 1,
        lineTotalCents: parts.subtotalCents,
      },
    ],
  };
}

/** A card the sandbox gateway approves. */
export const APPROVED_CARD = {
  number: '5454545454545454',
  expiry: '1230',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '60601',
} as const;

/** Places `order` for the merchant, paid by the approved card or in cash, with a fresh key. */
export function placeTestOrder(
  ctx: AppContext,
  merchantId: string,
  order: OrderDraft = orderDraft(),
  pay: 'card' | 'cash' = 'cash',
  anonUserId = 'anon-test',
) {
  return placeOrderWithPayment(ctx, {
    merchantId,
    anonUserId,
    idempotencyKey: randomUUID(),
    order,
    payment:
      pay === 'card' ? { method: 'creditcard', card: { ...APPROVED_CARD } } : { method: 'cash' },
  });
}

/**
 * A card order left as the old code left it when a placement hook refused it after the card was
 * approved (issue 24: the outbox refusing the diner's e-mail): written awaiting payment, the card
 * authorised at the merchant's gateway, the charge row holding the approval ("Approved; placement
 * pending"), no order number. Written directly, `ageMs` ago (default 3 minutes: due for the
 * reconciler, still within the place deadline).
 */
export async function strandedCardOrder(
  ctx: AppContext,
  merchantUuid: string,
  opts: { customerEmail?: string; ageMs?: number } = {},
): Promise<OrderRow> {
  const merchant = (await findMerchantByUuid(ctx.db, merchantUuid))!;
  const gateway = gatewayOf(ctx, merchant.ecommProvider)!;
  const draft = orderDraft();
  draft.customer.customerEmail = opts.customerEmail ?? '';
  const createdAt = new Date(ctx.clock.now().getTime() - (opts.ageMs ?? 3 * 60_000));
  const chargeId = randomUUID();
  const order = await ctx.db.transaction(async (tx) => {
    const written = await createAwaitingOrder(
      tx,
      {
        ...orderRowFrom(draft, {
          merchantUuid,
          anonUserId: `anon-${randomUUID()}`,
          customerId: null,
          idempotencyKey: randomUUID(),
          requestFingerprint: 'stranded',
          paymentMethod: 'creditcard',
          createdAt,
        }),
        paymentStatus: 'pending',
        paymentProvider: gateway.provider,
        transactionId: chargeId,
      },
      draft.lines,
    );
    await insertTransaction(tx, {
      id: chargeId,
      merchantId: merchantUuid,
      orderId: written!.order.id,
      provider: gateway.provider,
      operation: 'auth',
      status: 'pending',
      amountCents: written!.order.totalCents,
      tipCents: 0,
      createdAt,
      updatedAt: createdAt,
    });
    return written!.order;
  });
  const result = await gateway.authorize(gatewayEnv(ctx, merchant, gateway), {
    orderRef: order.id,
    amountCents: order.totalCents,
    tipCents: 0,
    card: { ...APPROVED_CARD },
  });
  await updateTransaction(ctx.db, chargeId, {
    ...resultFields(result),
    status: 'unknown',
    message: 'Approved; placement pending',
    updatedAt: createdAt,
  });
  return order;
}
