// Send order (spec §4 "Placing an order", §7 sendOrder): the only call that carries card fields.
// The server reprices the cart with the submitted choices, runs the nine place-order checks in the
// spec's order, requires a verified phone from anonymous diners and the bot check when configured,
// then hands a priced draft to the payments core, which writes the order (claiming the cart for it)
// before any charge and answers a retry of the same idempotency key with the same order.
// The merchant is read once and handed on; the cart and its lines are one read.
import {
  type CheckoutInfo,
  type CheckoutInput,
  MESSAGES,
  type PlaceOrderCheck,
  PLACE_ORDER_CHECKS,
  phoneDigits,
  formatMinutes12h,
  runPlaceOrderChecks,
} from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { AppError, type ErrorCode } from '../../lib/app-error.js';
import {
  ADDRESS_NOT_FOUND,
  checkOfferedChoices,
  computeDeliveryMiles,
  loadCart,
  type PricedCart,
} from '../cart/index.js';
import { requireCaptcha } from '../captcha/index.js';
import {
  type OrderDraft,
  JUST_ORDERED_MS,
  cartBeingPlaced,
  cartJustOrdered,
  orderPlacedSince,
} from '../orders/index.js';
import {
  type PaymentInput,
  type SendOrderResult,
  earlierAnswer,
  gatewayOf,
  placeOrderWithPayment,
  requestFingerprint,
} from '../payments/index.js';
import { isPhoneVerified } from '../verification/index.js';
import { findMerchantAndKey } from './send-order.repository.js';
import { type MerchantRow, STORE_UNAVAILABLE } from '../merchants/index.js';

export interface SendOrderRequest {
  merchantId: string;
  uid: string;
  customerId: string | null;
  remoteIp: string;
  idempotencyKey: string;
  checkout: CheckoutInput;
  recaptchaToken?: string | undefined;
  cardRecaptchaToken?: string | undefined;
  /** The total the diner was shown; a different server total stops the order (409). */
  expectedTotalCents?: number | undefined;
}

/** Which request field each failed check is about, so a form can point at it. */
const CHECK_FIELD: Record<PlaceOrderCheck, string> = {
  storeOpen: 'time',
  unavailableItems: 'orderItems',
  curbsideCar: 'carMakeModel',
  scheduledTime: 'time',
  deliveryAddress: 'deliveryAddress',
  deliveryRange: 'deliveryAddress',
  phoneAndName: 'phone',
  roomAndLastName: 'roomServiceRoom',
  deliveryMinimum: 'orderItems',
  card: 'card',
};

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The keyed fingerprint of the request as received (the card reduced to what may be kept: last
 * four, expiry, billing ZIP). Judged before anything is repriced, so a key reused with another
 * body is refused whenever it comes, also after its order completed.
 */
function fingerprintOf(ctx: AppContext, merchantUuid: string, req: SendOrderRequest): string {
  const { card, ...checkout } = req.checkout;
  return requestFingerprint(ctx.config.credentialsKey, {
    v: 'send-order-request',
    merchantId: merchantUuid,
    anonUserId: req.uid,
    customerId: req.customerId,
    checkout,
    card: card
      ? {
          last4: (card.cardNumber ?? '').replace(/\D/g, '').slice(-4),
          expiry: card.expiry ?? null,
          billingZip: card.billingZip ?? null,
        }
      : null,
    expectedTotalCents: req.expectedTotalCents ?? null,
  });
}

export async function sendOrder(ctx: AppContext, req: SendOrderRequest): Promise<SendOrderResult> {
  const found = await findMerchantAndKey(ctx.db, {
    merchantId: req.merchantId,
    anonUserId: req.uid,
    idempotencyKey: req.idempotencyKey,
  });
  if (!found) throw new AppError('not_found', 'Merchant not found');
  const { merchant } = found;
  const fingerprint = fingerprintOf(ctx, merchant.id, req);
  // A retry (the key names an order) gets the earlier answer before anything is repriced.
  if (found.keyUsed) {
    const earlier = await earlierAnswer(ctx, merchant.id, req.uid, req.idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }
  // A disabled store takes no new orders; a retry of one already placed got its answer above.
  if (merchant.disabledAt)
    throw new AppError('store_closed', STORE_UNAVAILABLE, [
      { path: ['params', 'merchantId'], message: STORE_UNAVAILABLE },
    ]);
  const { card, ...info } = req.checkout;
  // Send order prices exactly what it is sent, so it checks again what the store offers.
  await checkOfferedChoices(ctx, merchant, info, ['body', 'checkout']);

  const deliveryMiles = await computeDeliveryMiles(ctx, merchant, info);
  const state = await loadCart(ctx, merchant, req.uid, ctx.db, {
    checkout: info,
    deliveryMiles,
  });
  const { priced } = state;
  const now = ctx.clock.now();
  // Another placement of this cart is under way (another tab, a double click with a new key):
  // say so now rather than after the checks; the claim itself is taken when the order is written.
  const claim = state.cart;
  if (claim?.placingOrderId && claim.placingUntil && claim.placingUntil > now) {
    // It may be this very key's first request, which wrote its order since we asked above.
    const mine = await earlierAnswer(ctx, merchant.id, req.uid, req.idempotencyKey, fingerprint);
    if (mine) return mine;
    throw cartBeingPlaced(claim.placingOrderId);
  }
  if (priced.lines.length === 0) {
    // Emptied by an order of this cart a moment ago: the same 409 as a race the claim caught.
    const since = new Date(now.getTime() - JUST_ORDERED_MS);
    const just = await orderPlacedSince(ctx.db, merchant.id, req.uid, since);
    if (just) throw cartJustOrdered(just);
    throw new AppError('invalid_input', MESSAGES.EMPTY_CART, [
      { path: ['body', 'orderItems'], message: MESSAGES.EMPTY_CART },
    ]);
  }

  return placeCheckedOrder(ctx, {
    merchant,
    info,
    card: card ?? null,
    priced,
    cartLineIds: state.lines.map((l) => l.id),
    deliveryMiles,
    now,
    fingerprint,
    request: req,
    staff: false,
  });
}

/** What a priced order needs to be checked and placed (a diner's cart, or a phone order). */
export interface PlaceCheckedInput {
  merchant: MerchantRow;
  info: CheckoutInfo;
  card: CheckoutInput['card'] | null;
  priced: PricedCart;
  /** The cart lines priced (they leave the cart at placement); empty for a phone order. */
  cartLineIds: string[];
  deliveryMiles: number | null;
  now: Date;
  fingerprint: string;
  request: Omit<SendOrderRequest, 'checkout'>;
  /**
   * Typed by the merchant's staff (docs/decisions/phone-orders.md): the merchant's session stands
   * for the bot check, and the diner's phone is not verified by a code (the caller is on the line).
   */
  staff: boolean;
}

/**
 * The spec's nine checks, the promo code, the bot check and the phone, the total the caller was
 * shown, then the draft to the payments core: one path for every order placed, whoever types it.
 */
export async function placeCheckedOrder(
  ctx: AppContext,
  p: PlaceCheckedInput,
): Promise<SendOrderResult> {
  const { merchant, info, card, priced, fingerprint, request: req } = p;
  // Converge: the card is typed on the provider's page once the order is written.
  const cardOnHostedPage =
    info.paymentMethod === 'creditcard' && !!gatewayOf(ctx, merchant.ecommProvider)?.hosted;
  const orderAt = runChecks(p, cardOnHostedPage);
  // The bot check (a second token for card payments), then the phone of an anonymous diner.
  if (!p.staff) await checkDiner(ctx, req, info);
  const totals = priced.quote.totals;
  if (req.expectedTotalCents !== undefined && req.expectedTotalCents !== totals.totalCents) {
    throw new AppError(
      'conflict',
      `The order total is now ${money(totals.totalCents)}: please review your order and place it again`,
      [{ path: ['body', 'expectedTotalCents'], message: `Now ${totals.totalCents}` }],
    );
  }
  return placeOrderWithPayment(ctx, {
    merchantId: req.merchantId,
    merchant,
    requestFingerprint: fingerprint,
    anonUserId: req.uid,
    customerId: req.customerId,
    idempotencyKey: req.idempotencyKey,
    order: draftOf(p, orderAt),
    payment: paymentOf(info, card),
  });
}

/**
 * 1–9: the spec's checks, in its order, first failure only; then the promo code. Answers when the
 * order is for (now, or its scheduled time).
 */
function runChecks(p: PlaceCheckedInput, cardOnHostedPage: boolean) {
  const { merchant, info, card, priced, deliveryMiles, now } = p;
  const result = runPlaceOrderChecks(
    {
      orderMethod: info.orderMethod,
      time: info.time,
      customerName: info.customerName,
      phone: info.phone,
      deliveryAddress: info.deliveryAddress,
      carMakeModel: info.carMakeModel,
      carColor: info.carColor,
      roomServiceRoom: info.roomServiceRoom,
      lastName: info.lastName,
      paymentMethod: info.paymentMethod,
      card: card ?? null,
    },
    {
      now: now.getTime(),
      zone: merchant.timeZone,
      businessHours: merchant.businessHours,
      // Availability is already judged per line (hours, sold out, branch, menu changes).
      lines: priced.lines.map((l) => ({ soldOut: !l.available })),
      subtotalCents: priced.quote.totals.subtotalCents,
      minOrderForDeliveryCents: merchant.minOrderForDeliveryCents,
      delivery: priced.delivery,
      allowAmex: merchant.allowAmericanExpressCard,
      cardOnHostedPage,
    },
  );
  // A delivery address the server cannot locate has no fee and no range: it is refused where the
  // spec checks the address (check 5), before the checks that follow it.
  const unlocated =
    info.orderMethod === 'delivery' && info.deliveryAddress !== '' && deliveryMiles === null;
  const failedAfterAddress =
    result.ok ||
    PLACE_ORDER_CHECKS.indexOf(result.check) > PLACE_ORDER_CHECKS.indexOf('deliveryAddress');
  if (unlocated && failedAfterAddress) {
    throw new AppError('invalid_input', ADDRESS_NOT_FOUND, [
      { path: ['body', 'checkout', 'deliveryAddress'], message: ADDRESS_NOT_FOUND },
    ]);
  }
  if (!result.ok) {
    const code: ErrorCode = result.check === 'storeOpen' ? 'store_closed' : 'invalid_input';
    const path = ['body', 'checkout', CHECK_FIELD[result.check]];
    const issues = [{ path, message: result.message }];
    if (result.detail) issues.push({ path, message: result.detail });
    throw new AppError(code, result.message, issues);
  }
  if (info.promoCode && !priced.promo) {
    throw new AppError('invalid_input', MESSAGES.INVALID_PROMO_CODE, [
      { path: ['body', 'checkout', 'promoCode'], message: MESSAGES.INVALID_PROMO_CODE },
    ]);
  }
  return result.orderAt;
}

/** The order as the payments core writes it: the server's totals, the diner, the priced lines. */
function draftOf(p: PlaceCheckedInput, orderAt: { toJSDate(): Date }): OrderDraft {
  const { info, priced, deliveryMiles, request: req } = p;
  const totals = priced.quote.totals;
  const scheduled =
    info.time.kind === 'scheduled' && info.time.date && info.time.minuteOfDay !== null;
  return {
    orderMethod: info.orderMethod,
    dineinTableName: info.orderMethod === 'dinein' ? info.dineinTableName : null,
    amounts: {
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      tipsCents: totals.tipsCents,
      fixedTipsCents: totals.fixedTipsCents,
      discountCents: totals.discountCents,
      processingFeeCents: totals.processingFeeCents,
      serviceFeeCents: totals.serviceFeeCents,
      deliveryFeeCents: totals.deliveryFeeCents,
      roomServiceDeliveryFeeCents: totals.roomServiceDeliveryFeeCents,
      totalCents: totals.totalCents,
    },
    promoCode: priced.promo?.code ?? null,
    customer: customerOf(info, deliveryMiles),
    ...(scheduled && info.time.kind === 'scheduled'
      ? {
          schedule: {
            scheduledFor: orderAt.toJSDate(),
            scheduleDate: info.time.date!,
            scheduleTimeStr: formatMinutes12h(info.time.minuteOfDay!),
          },
        }
      : {}),
    isBranch: info.isBranch,
    loyaltyPointsEarned: req.customerId ? totals.subtotalCents - totals.discountCents : 0,
    // Only the lines priced here leave the cart at placement (one added meanwhile stays).
    cartLineIds: p.cartLineIds,
    lines: priced.lines.map((l) => ({
      itemId: l.itemId,
      categoryId: l.categoryId,
      name: l.name,
      name2: l.name2,
      sizeName: l.sizeName,
      sizeName2: l.sizeName2,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      options: l.options.map((o) => ({ name: o.name, name2: o.name2, priceCents: o.priceCents })),
      note: l.note,
      discountCents: l.discountCents,
      lineTotalCents: l.lineTotalCents,
      isFreePromo: l.isFreePromo,
      printerIds: l.printerIds,
    })),
  };
}

/** The diner's details kept on the order: only those of the order method chosen. */
function customerOf(info: CheckoutInfo, deliveryMiles: number | null): OrderDraft['customer'] {
  const delivery = info.orderMethod === 'delivery';
  return {
    customerName:
      info.orderMethod === 'roomServiceDelivery' && !info.customerName
        ? info.lastName
        : info.customerName,
    customerEmail: info.customerEmail,
    phone: phoneDigits(info.phone),
    customerAddrStr: delivery ? info.deliveryAddress : '',
    deliveryLat: delivery ? (info.deliveryLocation?.lat ?? null) : null,
    deliveryLng: delivery ? (info.deliveryLocation?.lng ?? null) : null,
    deliveryDistanceMiles: deliveryMiles,
    deliveryNote: info.deliveryNote,
    carMakeModel: info.orderMethod === 'curbside' ? info.carMakeModel : '',
    carColor: info.orderMethod === 'curbside' ? info.carColor : '',
    roomServiceRoom: info.orderMethod === 'roomServiceDelivery' ? info.roomServiceRoom : '',
    receiveOrderInfo: info.receiveOrderInfo,
  };
}

/** The payment as the payments core takes it: the card's fields as typed, or cash. */
function paymentOf(info: CheckoutInfo, card: PlaceCheckedInput['card']): PaymentInput {
  if (info.paymentMethod !== 'creditcard') return { method: 'cash' };
  return {
    method: 'creditcard',
    card: {
      number: card?.cardNumber ?? null,
      expiry: card?.expiry ?? null,
      cvv: card?.cvv ?? null,
      billingStreet: card?.billingStreet ?? null,
      billingZip: card?.billingZip ?? null,
      name: info.customerName || null,
    },
  };
}

/** A diner's order: the bot check (a second token for card payments), then a verified phone. */
async function checkDiner(
  ctx: AppContext,
  req: Omit<SendOrderRequest, 'checkout'>,
  info: CheckoutInfo,
): Promise<void> {
  await requireCaptcha(ctx, req.recaptchaToken, { action: 'place_order', remoteIp: req.remoteIp });
  if (info.paymentMethod === 'creditcard') {
    await requireCaptcha(ctx, req.cardRecaptchaToken, {
      action: 'card_payment',
      remoteIp: req.remoteIp,
      field: 'cardRecaptchaToken',
    });
  }
  const needsPhone = info.orderMethod !== 'roomServiceDelivery';
  const phone = phoneDigits(info.phone);
  if (!req.customerId && needsPhone && !(await isPhoneVerified(ctx.db, req.uid, phone))) {
    throw new AppError('forbidden', 'Please verify your phone number to continue', [
      { path: ['body', 'checkout', 'phone'], message: 'Phone not verified' },
    ]);
  }
}
