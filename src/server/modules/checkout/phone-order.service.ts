// Phone orders typed by staff (C7.94, docs/decisions/phone-orders.md). The lines come in the
// request instead of a diner's cart, are checked and priced by the cart's own rules (priceChoices
// runs the same priceCart), and the order goes through the same checks, draft and payments core
// as send order (placeCheckedOrder): one pricing path, one numbering, the same events and prints.
import { checkoutInfoSchema } from '../../../domain/index.js';
import type { PhoneOrderCheckout } from '../../../contract/phone-orders.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { checkOfferedChoices, priceChoices } from '../cart/index.js';
import { STORE_UNAVAILABLE, findMerchantBySlug } from '../merchants/index.js';
import { type SendOrderResult, earlierAnswer, requestFingerprint } from '../payments/index.js';
import { placeCheckedOrder } from './send-order.service.js';

/**
 * The diner id phone orders are written under. Diner ids are 22 characters of [A-Za-z0-9_-]
 * (diners/anon-id.ts), so no browser cookie can ever name this one: no diner route reads these
 * orders, and no cart can be claimed by them. Idempotency keys are per merchant under it.
 */
export const PHONE_ORDER_USER = 'staff:phone-order';

export interface PhoneOrderRequest {
  merchantId: string;
  remoteIp: string;
  body: {
    idempotencyKey: string;
    orderItems: {
      itemId: string;
      sizeId?: string | null | undefined;
      options: Record<string, string[]>;
      quantity: number;
      note: string;
    }[];
    checkout: PhoneOrderCheckout;
    expectedTotalCents?: number | undefined;
  };
}

export async function placePhoneOrder(
  ctx: AppContext,
  req: PhoneOrderRequest,
): Promise<SendOrderResult> {
  const merchant = await findMerchantBySlug(ctx.db, req.merchantId);
  if (!merchant) throw notFound('Merchant');
  const { idempotencyKey, orderItems, checkout, expectedTotalCents } = req.body;
  const fingerprint = requestFingerprint(ctx.config.credentialsKey, {
    v: 'phone-order-request',
    merchantId: merchant.id,
    orderItems,
    checkout,
    expectedTotalCents: expectedTotalCents ?? null,
  });
  // A retry of the same attempt (the dialog's key) answers the order it placed; the same key with
  // another body is refused by earlierAnswer (409), as for a diner.
  const earlier = await earlierAnswer(
    ctx,
    merchant.id,
    PHONE_ORDER_USER,
    idempotencyKey,
    fingerprint,
  );
  if (earlier) return earlier;
  if (merchant.disabledAt)
    throw new AppError('store_closed', STORE_UNAVAILABLE, [
      { path: ['params', 'merchantId'], message: STORE_UNAVAILABLE },
    ]);

  // The diner's choices as a diner's checkout holds them: no tip is asked on the phone (the
  // store's fixed gratuity still applies), no promo code, no add-on.
  const info = checkoutInfoSchema.parse({
    orderMethod: checkout.orderMethod,
    paymentMethod: checkout.paymentMethod,
    time: checkout.time,
    customerName: checkout.customerName,
    phone: checkout.phone,
    tip: { kind: 'custom', cents: 0 },
  });
  await checkOfferedChoices(ctx, merchant, info, ['body', 'checkout']);
  const { priced } = await priceChoices(ctx, merchant, orderItems, info, ['body', 'orderItems']);
  return placeCheckedOrder(ctx, {
    merchant,
    info,
    card: null,
    priced,
    // Nothing leaves a cart: the lines were never in one.
    cartLineIds: [],
    deliveryMiles: null,
    now: ctx.clock.now(),
    fingerprint,
    request: {
      merchantId: req.merchantId,
      uid: PHONE_ORDER_USER,
      customerId: null,
      remoteIp: req.remoteIp,
      idempotencyKey,
      expectedTotalCents,
    },
    staff: true,
  });
}
