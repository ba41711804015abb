// Orders placed straight through the payments core for API tests that need placed orders but not
// the checkout in front of them (merchant actions, reports, streams): one draft builder, one card.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/server/app-context.js';
import type { OrderDraft } from '../../src/server/modules/orders/orders.service.js';
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
