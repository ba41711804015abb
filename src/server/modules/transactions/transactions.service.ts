// The merchant's transaction calls (spec §7 "Transactions"): read an order's transaction, void
// it, adjust its tips. The spec's rules (§4, §6) are re-checked here on the server (P6.14):
// void only same-day (merchant time) paid card orders, providers cardPointe, tsys, tsys2 (and our
// sandbox); tip adjustment same-day, providers cardPointe and tsys2 (and the sandbox).
import { isPlaced } from '../../../domain/orders/order-life.js';
import type { AppContext } from '../../app-context.js';
import {
  GatewayDeclined,
  GatewayError,
  type PaymentGateway,
  maskCardNumber,
} from '../../adapters/payments/index.js';
import type { TransactionView } from '../../../contract/transactions.js';
import { MESSAGES } from '../../../domain/messages.js';
import { adjustTips, adjustedTipsSchema } from '../../../domain/merchant-rules/orders.js';
import { isOrderUnpaid } from '../../../domain/place-order/methods.js';
import { isSameLocalDay } from '../../../domain/schedule/date-ranges.js';
import type { OrderMethod } from '../../../domain/settings/schemas.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import {
  type OrderRow,
  claimOrderForAction,
  findOrder,
  recordOrderVoid,
  recordRelease,
  recordTipAdjusted,
  releaseOrderClaim,
} from '../orders/index.js';
import {
  type TransactionRow,
  findChargeTransaction,
  adjustTip,
  findMerchantTransaction,
  gatewayOf,
  updateTransaction,
  voidPayment,
} from '../payments/index.js';
import { findOrderByRef } from './transactions.repository.js';

/** Providers whose card orders the merchant may void (spec §4), plus the sandbox for the demo. */
export const VOID_PROVIDERS: readonly string[] = ['cardPointe', 'tsys', 'tsys2', 'sandbox'];
/** Providers whose card orders take a tip adjustment (spec §4), plus the sandbox. */
export const TIP_ADJUST_PROVIDERS: readonly string[] = ['cardPointe', 'tsys2', 'sandbox'];

/**
 * How long a void or tip adjustment holds its order (orders.merchant_action_until): longer than
 * any gateway call takes, so a second action waits for the first instead of racing it; a crash
 * mid-call leaves a claim that expires by itself.
 */
export const MERCHANT_ACTION_CLAIM_MS = 2 * 60_000;

/** The merchant who acts, for the audit. */
export interface Actor {
  sessionRef: string;
}

type Verdict = { ok: true } | { ok: false; why: string };

interface Rules {
  void: Verdict;
  tips: Verdict;
}

/** Which merchant actions the order allows now, and why not (same reasons as the spec). */
export function merchantActions(
  order: OrderRow,
  charge: TransactionRow,
  gateway: PaymentGateway | undefined,
  timeZone: string,
  now: Date,
): Rules {
  const common = ((): Verdict => {
    if (order.state === 'voided' || order.hasVoid)
      return { ok: false, why: 'This order is already voided' };
    if (order.state === 'cancelled') return { ok: false, why: 'This order is cancelled' };
    if (!isPlaced(order.state)) return { ok: false, why: 'This order was not placed' };
    if (
      order.paymentMethod !== 'creditcard' ||
      isOrderUnpaid({ paid: order.paid, orderMethod: order.orderMethod as OrderMethod }) ||
      charge.status !== 'approved'
    )
      return { ok: false, why: 'This order is not paid by card' };
    if (!order.placedAt || !isSameLocalDay(order.placedAt.getTime(), now.getTime(), timeZone))
      return { ok: false, why: 'Only same-day orders can be changed' };
    if (!gateway) return { ok: false, why: 'No payment gateway is configured' };
    return { ok: true };
  })();
  const provider = charge.provider;
  const voidVerdict = ((): Verdict => {
    if (!VOID_PROVIDERS.includes(provider) || !gateway?.capabilities.void)
      return { ok: false, why: `Void is not available for provider ${provider}` };
    if (!common.ok) return common;
    if (order.paymentStatus !== 'authorized' && order.paymentStatus !== 'captured')
      return { ok: false, why: 'The payment cannot be voided any more' };
    return { ok: true };
  })();
  const tipsVerdict = ((): Verdict => {
    const mode = gateway?.capabilities.tipAdjust ?? 'none';
    if (!TIP_ADJUST_PROVIDERS.includes(provider) || mode === 'none')
      return { ok: false, why: `Tip adjustment is not available for provider ${provider}` };
    if (!common.ok) return common;
    const open =
      mode === 'capture'
        ? order.paymentStatus === 'authorized'
        : order.paymentStatus === 'authorized' || order.paymentStatus === 'captured';
    if (!open) return { ok: false, why: 'The payment can no longer be adjusted' };
    return { ok: true };
  })();
  return { void: voidVerdict, tips: tipsVerdict };
}

function viewOf(order: OrderRow, charge: TransactionRow, rules: Rules): TransactionView {
  return {
    _id: charge.id,
    transactionId: charge.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    provider: charge.provider,
    operation: charge.operation,
    status: charge.status,
    amountCents: charge.amountCents,
    tipCents: charge.tipCents,
    retref: charge.retref,
    authCode: charge.authCode,
    cardNumber: charge.cardLast4
      ? maskCardNumber(charge.cardLast4, charge.cardBrand === 'AMEX' ? 15 : 16)
      : null,
    cardType: charge.cardBrand,
    paid: order.paid,
    hasVoid: order.hasVoid,
    canVoid: rules.void.ok,
    canAdjustTips: rules.tips.ok,
    createdAt: charge.createdAt.toISOString(),
  };
}

async function loadMerchant(ctx: AppContext, merchantId: string) {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant;
}

type Merchant = Awaited<ReturnType<typeof loadMerchant>>;

async function loadByTransaction(ctx: AppContext, merchant: Merchant, transactionId: string) {
  const found = await findMerchantTransaction(ctx.db, merchant.id, transactionId);
  const order = found?.orderId ? await findOrder(ctx.db, found.orderId) : undefined;
  // The id may name any of the order's rows (a void, a capture): act on the order's charge.
  const charge = order ? await findChargeTransaction(ctx.db, order.id) : undefined;
  if (!order || !charge || order.merchantId !== merchant.id) throw notFound('Transaction');
  return { order, charge };
}

/**
 * The merchant, order, charge and gateway of a transaction the merchant may act on now (void or
 * tips), or a conflict with the spec's failure message and the rule that refused it.
 */
async function loadForAction(
  ctx: AppContext,
  merchantId: string,
  transactionId: string,
  action: keyof Rules,
  failure: string,
) {
  const merchant = await loadMerchant(ctx, merchantId);
  const found = await loadByTransaction(ctx, merchant, transactionId);
  const refuse = (why: string) =>
    new AppError('conflict', failure, [{ path: ['transactionId'], message: why }]);
  const check = (order: OrderRow) => {
    const gateway = gatewayOf(ctx, found.charge.provider);
    const verdict = merchantActions(order, found.charge, gateway, merchant.timeZone, now)[action];
    if (!verdict.ok) throw refuse(verdict.why);
    if (!gateway) throw refuse('Unavailable');
    return gateway;
  };
  const now = ctx.clock.now();
  check(found.order);
  // One gateway action per order at a time (a void racing a tip adjustment): the claim is
  // committed before the gateway call; the rules are judged again on the claimed row.
  const order = await claimOrderForAction(
    ctx.db,
    found.order.id,
    action,
    now,
    new Date(now.getTime() + MERCHANT_ACTION_CLAIM_MS),
  );
  if (!order) throw refuse('Another change to this order is in progress');
  try {
    const gateway = check(order);
    return { merchant, order, charge: found.charge, gateway };
  } catch (err) {
    await releaseOrderClaim(ctx.db, order.id, action);
    throw err;
  }
}

function describe(ctx: AppContext, merchant: Merchant, order: OrderRow, charge: TransactionRow) {
  const gateway = gatewayOf(ctx, charge.provider);
  return viewOf(
    order,
    charge,
    merchantActions(order, charge, gateway, merchant.timeZone, ctx.clock.now()),
  );
}

/** GET .../orderId/{orderId}: the order's card transaction; orderId is the _id or the number. */
export async function getOrderTransaction(
  ctx: AppContext,
  merchantId: string,
  orderRef: string,
): Promise<TransactionView> {
  const merchant = await loadMerchant(ctx, merchantId);
  const order = await findOrderByRef(ctx.db, merchant.id, orderRef);
  const charge = order ? await findChargeTransaction(ctx.db, order.id) : undefined;
  if (!order || !charge) throw notFound('Transaction');
  return describe(ctx, merchant, order, charge);
}

function gatewayFailure(err: unknown, message: string): AppError {
  if (err instanceof GatewayDeclined) {
    return new AppError('payment_declined', message, [
      { path: ['transactionId'], message: err.message },
    ]);
  }
  if (err instanceof GatewayError) return new AppError('upstream_unavailable', message);
  throw err;
}

/** PUT .../transactionId/{id}/void: voids the payment and sets hasVoid (T4.58, C7.107). */
export async function voidTransaction(
  ctx: AppContext,
  merchantId: string,
  transactionId: string,
  actor: Actor,
): Promise<TransactionView> {
  const { merchant, order, charge, gateway } = await loadForAction(
    ctx,
    merchantId,
    transactionId,
    'void',
    MESSAGES.VOID_FAILED,
  );
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  try {
    // The void's ledger row (approved, or its failure) is written by payments' voidPayment.
    await voidPayment(
      ctx,
      { merchant, gateway, orderId: order.id },
      { retref: charge.retref ?? '', orderRef: order.id, amountCents: charge.amountCents },
    );
  } catch (err) {
    ctx.log.warn({ orderId: order.id, err: String(err) }, 'void failed at the gateway');
    await actionFailed(ctx, who, order, 'void', err);
    throw gatewayFailure(err, MESSAGES.VOID_FAILED);
  }
  const now = ctx.clock.now();
  const voided = await ctx.db.transaction(async (tx) => {
    // The void command (order-life.md), on the day of sale as decided before the gateway call.
    // A cancel that won the state meanwhile: this void released its money (recordRelease).
    const row =
      (await recordOrderVoid(ctx, tx, { merchantUuid: merchant.id, orderId: order.id }))?.after ??
      (await recordRelease(ctx, tx, order, 'voided')) ??
      order;
    await releaseOrderClaim(tx, order.id, 'void');
    await insertAudit(
      tx,
      auditEntry(
        who,
        'void',
        now,
        { outcome: 'approved', amountCents: charge.amountCents, provider: charge.provider },
        order.id,
      ),
    );
    return row;
  });
  return describe(ctx, merchant, voided, charge);
}

/** A gateway refusal or failure: the claim ends and the attempt is recorded. */
async function actionFailed(
  ctx: AppContext,
  who: AuditActor,
  order: OrderRow,
  action: 'void' | 'tips',
  err: unknown,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await releaseOrderClaim(tx, order.id, action);
    await insertAudit(
      tx,
      auditEntry(
        who,
        action === 'void' ? 'void' : 'tip_adjust',
        now,
        {
          outcome: err instanceof GatewayDeclined ? 'declined' : 'gateway_error',
          message: err instanceof Error ? err.message : String(err),
        },
        order.id,
      ),
    );
  });
}

export interface AdjustInput {
  /** The new tip in dollars ("5", "5.25"): "Adjusted Tips can not be empty". */
  adjustedTips?: string | number | null;
  /** The spec's "amount": when sent, it must equal the server's new total (compared only). */
  amountCents?: number | undefined;
}

/**
 * PUT .../transactionId/{id}: replaces the order's tips. The server computes the new amount
 * (total − old tips + new tips); the gateway adjusts the tip (or captures the new total,
 * depending on the provider), then the order and the transaction are updated together.
 */
export async function adjustTransactionTips(
  ctx: AppContext,
  merchantId: string,
  transactionId: string,
  input: AdjustInput,
  actor: Actor,
): Promise<TransactionView> {
  const tips = adjustedTipsSchema.safeParse(input.adjustedTips);
  if (!tips.success) {
    const message = tips.error.issues[0]?.message ?? MESSAGES.INVALID;
    throw new AppError('invalid_input', message, [{ path: ['body', 'adjustedTips'], message }]);
  }
  const { merchant, order, charge, gateway } = await loadForAction(
    ctx,
    merchantId,
    transactionId,
    'tips',
    MESSAGES.ADJUST_TIPS_FAILED,
  );
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  const adjusted = adjustTips(order.totalCents, order.tipsCents, tips.data);
  if (!adjusted.ok) {
    await releaseOrderClaim(ctx.db, order.id, 'tips');
    throw new AppError('invalid_input', adjusted.message, [
      { path: ['body', 'adjustedTips'], message: adjusted.message },
    ]);
  }
  if (input.amountCents !== undefined && input.amountCents !== adjusted.newTotalCents) {
    await releaseOrderClaim(ctx.db, order.id, 'tips');
    throw new AppError('conflict', MESSAGES.UPDATE_TRANSACTION_FAILED, [
      {
        path: ['body', 'amountCents'],
        message: `The amount with these tips is ${adjusted.newTotalCents} cents`,
      },
    ]);
  }
  const tipCents = tips.data + order.fixedTipsCents;
  const mode = gateway.capabilities.tipAdjust;
  try {
    // Its ledger row ('tip_adjust', or the order's one 'capture') is written by adjustTip.
    await adjustTip(
      ctx,
      { merchant, gateway, orderId: order.id },
      {
        retref: charge.retref ?? '',
        amountCents: adjusted.newTotalCents,
        tipCents,
        chargeVersion: charge.updatedAt,
      },
    );
  } catch (err) {
    ctx.log.warn({ orderId: order.id, err: String(err) }, 'tip adjustment failed at the gateway');
    await actionFailed(ctx, who, order, 'tips', err);
    throw gatewayFailure(err, MESSAGES.ADJUST_TIPS_FAILED);
  }
  const now = ctx.clock.now();
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      const updatedCharge = await updateTransaction(tx, charge.id, {
        amountCents: adjusted.newTotalCents,
        tipCents,
        updatedAt: now,
      });
      // The adjustTip command (order-life.md); undefined when a cancel or a void won meanwhile.
      const recorded = await recordTipAdjusted(
        ctx,
        tx,
        { merchantUuid: merchant.id, orderId: order.id },
        { tipsCents: tips.data, totalCents: adjusted.newTotalCents, captured: mode === 'capture' },
      );
      const updatedOrder = recorded?.after ?? (await findOrder(tx, order.id)) ?? order;
      await releaseOrderClaim(tx, order.id, 'tips');
      await insertAudit(
        tx,
        auditEntry(
          who,
          'tip_adjust',
          now,
          {
            outcome: 'approved',
            tipsCents: { before: order.tipsCents, after: tips.data },
            totalCents: { before: order.totalCents, after: adjusted.newTotalCents },
            provider: charge.provider,
          },
          order.id,
        ),
      );
      return { updatedCharge, updatedOrder };
    });
    return describe(ctx, merchant, saved.updatedOrder, saved.updatedCharge);
  } catch (err) {
    ctx.log.error(
      { err, orderId: order.id, newTotalCents: adjusted.newTotalCents },
      'tips adjusted at the gateway but not saved',
    );
    throw new AppError('internal', MESSAGES.UPDATE_TRANSACTION_FAILED);
  }
}
