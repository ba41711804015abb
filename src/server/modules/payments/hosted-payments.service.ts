// The hosted card page (Converge): send order has written the order awaiting payment with a
// pending charge; here the diner's browser gets a token for exactly that order's total, and then
// reports how the page ended. Only the gateway's own answer places an order: an "approved" from
// the browser is looked up server-to-server (hosted.confirm) before anything counts as paid.
// docs/decisions/gateway-converge.md.
import type { AppContext } from '../../app-context.js';
import {
  GatewayDeclined,
  GatewayError,
  GatewayUnavailable,
  type PaymentGateway,
} from '../../adapters/payments/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { type OrderRow, failOrder, findOrder } from '../orders/index.js';
import { PAYMENT_MESSAGES, gatewayEnv, gatewayOf } from './gateway.js';
import { voidPayment } from './money.js';
import { findChargeTransaction, updateTransaction } from './payments.repository.js';
import {
  type SendOrderResult,
  failureOf,
  hostedStepOf,
  resultOf,
  settleApproval,
} from './payments.service.js';

interface Ask {
  /** The store's slug. */
  merchantId: string;
  /** The diner's cookie id: only the diner who placed the order may pay it. */
  anonUserId: string;
  orderId: string;
}

/** The diner's order on a hosted page, with its merchant and gateway. */
async function hostedOrder(ctx: AppContext, ask: Ask) {
  const merchant = await findMerchantBySlug(ctx.db, ask.merchantId);
  const order = merchant ? await findOrder(ctx.db, ask.orderId) : undefined;
  if (
    !merchant ||
    !order ||
    order.merchantId !== merchant.id ||
    order.anonUserId !== ask.anonUserId
  )
    throw notFound('Order');
  const gateway = order.paymentProvider ? gatewayOf(ctx, order.paymentProvider) : undefined;
  if (!gateway?.hosted || order.paymentMethod !== 'creditcard')
    throw new AppError('conflict', 'This order is not paid on a hosted payment page');
  return {
    merchant,
    order,
    gateway: gateway as PaymentGateway & Required<Pick<PaymentGateway, 'hosted'>>,
  };
}

/** spec: GET /api/elavons/amount/{amount}/tokenSession — the amount is checked, never taken. */
export async function openHostedSession(
  ctx: AppContext,
  ask: Ask & { amountCents: number },
): Promise<{ token: string }> {
  const { merchant, order, gateway } = await hostedOrder(ctx, ask);
  if (order.state !== 'awaiting_payment')
    throw new AppError('conflict', 'This order is no longer waiting for its payment');
  if (ask.amountCents !== order.totalCents) {
    throw new AppError('conflict', 'The amount does not match the order total', [
      { path: ['params', 'amount'], message: `The order total is ${order.totalCents} cents` },
    ]);
  }
  try {
    return await gateway.hosted.createSession(gatewayEnv(ctx, merchant, gateway), {
      orderRef: order.id,
      amountCents: order.totalCents,
    });
  } catch (err) {
    // A token moves no money: whatever went wrong, the diner may simply try again.
    ctx.log.warn(
      { orderId: order.id, err: err instanceof GatewayError ? err.message : String(err) },
      'hosted payment session could not be opened',
    );
    throw new AppError('upstream_unavailable', PAYMENT_MESSAGES.unavailable);
  }
}

/** How the page ended, as the browser says; the gateway has the last word on an approval. */
export async function finishHostedPayment(
  ctx: AppContext,
  ask: Ask & {
    outcome:
      | { kind: 'approved'; transactionId: string }
      | { kind: 'declined'; transactionId?: string | undefined }
      | { kind: 'cancelled' };
  },
): Promise<SendOrderResult> {
  const { merchant, order, gateway } = await hostedOrder(ctx, ask);
  if (ask.outcome.kind === 'approved')
    await releaseSecondApproval(ctx, { merchant, gateway, order }, ask.outcome.transactionId);
  const done = await settledAnswer(ctx, order);
  if (done) return done;
  const charge = await findChargeTransaction(ctx.db, order.id);
  if (!charge) throw notFound('Order');

  if (ask.outcome.kind !== 'approved') {
    // Nothing approved on the page: fail the order so the cart is free to order again. A page
    // that did approve but was reported otherwise leaves an auth-only hold the gateway expires;
    // the merchant's portal shows it under our order id.
    const declined = ask.outcome.kind === 'declined';
    await fail(ctx, order.id, charge.id, {
      code: 'payment_declined',
      reason: declined ? PAYMENT_MESSAGES.declined('declined') : PAYMENT_MESSAGES.hostedCancelled,
      paymentStatus: declined ? 'declined' : 'none',
      message: declined ? 'Declined on the hosted page' : 'Hosted page closed without paying',
    });
    return (await settledAnswer(ctx, order))!;
  }

  let result;
  try {
    result = await gateway.hosted.confirm(gatewayEnv(ctx, merchant, gateway), {
      orderRef: order.id,
      transactionId: ask.outcome.transactionId,
      amountCents: order.totalCents,
    });
  } catch (err) {
    if (err instanceof GatewayDeclined) {
      await fail(ctx, order.id, charge.id, {
        code: 'payment_declined',
        reason: PAYMENT_MESSAGES.declined(err.message),
        paymentStatus: 'declined',
        message: err.message,
      });
      return (await settledAnswer(ctx, order))!;
    }
    // Unreachable or unknown: the order keeps waiting; the diner may report again, and the
    // reconciler ends it after the page's window.
    ctx.log.warn(
      { orderId: order.id, err: err instanceof GatewayError ? err.message : String(err) },
      'hosted payment could not be confirmed yet',
    );
    if (err instanceof GatewayUnavailable || err instanceof GatewayError)
      throw new AppError('upstream_unavailable', PAYMENT_MESSAGES.unavailable);
    throw err;
  }
  await settleApproval(ctx, merchant, order.id, charge.id, gateway, result, {
    status: 'authorized',
    canPlace: true,
  });
  return (await settledAnswer(ctx, order))!;
}

/**
 * A second approval for an order that is no longer waiting for one: the diner paid on two pages
 * (two tabs, or the page opened again after the first approval), or paid after the order failed.
 * The order keeps its recorded charge; the other approval is an authorisation nobody will
 * capture, holding the diner's money until the card's issuer lets it go. It is voided once
 * (`void-extra:<order>:<transaction>`), after the gateway confirms it is this order's and
 * approved; a transaction it does not confirm is left alone (not ours to void, or not held).
 */
async function releaseSecondApproval(
  ctx: AppContext,
  hosted: Awaited<ReturnType<typeof hostedOrder>>,
  transactionId: string,
): Promise<void> {
  const { merchant, gateway } = hosted;
  const order = (await findOrder(ctx.db, hosted.order.id)) ?? hosted.order;
  if (order.state === 'awaiting_payment') return;
  const charge = await findChargeTransaction(ctx.db, order.id);
  if (charge?.retref === transactionId.trim()) return;
  try {
    await gateway.hosted.confirm(gatewayEnv(ctx, merchant, gateway), {
      orderRef: order.id,
      transactionId,
      amountCents: order.totalCents,
    });
  } catch {
    return;
  }
  try {
    await voidPayment(
      ctx,
      { merchant, gateway, orderId: order.id },
      {
        retref: transactionId.trim(),
        orderRef: order.id,
        amountCents: order.totalCents,
        key: `void-extra:${order.id}:${transactionId.trim()}`,
      },
    );
  } catch (err) {
    // Recorded in the ledger as failed or unknown; the diner's answer is the order's own.
    ctx.log.warn(
      { orderId: order.id, err: err instanceof GatewayError ? err.message : String(err) },
      'a second hosted approval could not be voided',
    );
  }
}

/** The answer of an order no longer awaiting payment (placed: its result; failed: its error). */
async function settledAnswer(ctx: AppContext, order: OrderRow): Promise<SendOrderResult | null> {
  const current = (await findOrder(ctx.db, order.id)) ?? order;
  if (current.state === 'failed') throw failureOf(current);
  if (current.state === 'awaiting_payment') {
    const charge = await findChargeTransaction(ctx.db, current.id);
    return charge?.status === 'pending'
      ? null
      : resultOf(current, charge, false, await hostedStepOf(ctx, current));
  }
  return resultOf(current, (await findChargeTransaction(ctx.db, current.id)) ?? undefined, false);
}

async function fail(
  ctx: AppContext,
  orderId: string,
  chargeId: string,
  f: {
    code: 'payment_declined';
    reason: string;
    paymentStatus: 'declined' | 'none';
    message: string;
  },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const failed = await failOrder(ctx, tx, orderId, {
      code: f.code,
      reason: f.reason,
      paymentStatus: f.paymentStatus,
    });
    if (failed)
      await updateTransaction(tx, chargeId, {
        status: f.paymentStatus === 'declined' ? 'declined' : 'error',
        message: f.message,
        updatedAt: now,
      });
  });
}
