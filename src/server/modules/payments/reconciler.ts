// The payment reconciler: at start and every minute, one runner at a time across instances.
// 1. Orders awaiting card payment longer than a bound are settled by their gateway's recovery
//    path (docs/decisions/payment-gateways.md "Recovery"). Look-up by our order id where the
//    vendor has one: approved → placed (or voided when the order can no longer be placed, or at
//    once when placing it throws: settleApproval, docs/decisions/payments-core.md);
//    declined, voided or not found → failed; a look-up that keeps failing past the place deadline
//    → released by order id where the vendor can (CardPointe voidByOrderId), else left and logged.
//    No look-up: a charge whose transaction id we hold is voided by it; otherwise the order fails
//    with its payment flagged 'unknown' for the merchant to check in the gateway's portal.
// 2. Failed orders whose charge is still held are voided (release sweep); cancelled orders whose
//    release was cut off are released as a cancel releases them (cancel-release.ts).
// 3. Authorisations of placed orders whose business day is over are captured (capture sweep).
// Together: no charge without a placed order, no placed card order without a charge.
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../db/client.js';
import { GatewayError, type PaymentGateway } from '../../adapters/payments/index.js';
import type { Job } from '../../jobs.js';
import { findMerchantByUuid } from '../merchants/index.js';
import { type OrderRow, failOrder, recordCapture } from '../orders/index.js';
import { type MerchantForPayment, PAYMENT_MESSAGES, gatewayOf } from './gateway.js';
import { releaseCancelledPayment } from './cancel-release.js';
import { LEDGER_CLAIM_MS, capturePayment, inquirePayment, voidByOrder } from './money.js';
import {
  type TransactionRow,
  findChargeTransaction,
  updateTransaction,
} from './payments.repository.js';
import { releaseCharge, settleApproval } from './payments.service.js';
import {
  authorizedPastBusinessDay,
  cancelledOrdersStillHeld,
  failedOrdersStillHeld,
  ordersAwaitingPayment,
  tryPaymentJobsLock,
} from './reconciler.repository.js';

export interface ReconcileOptions {
  /** An order awaiting payment is looked up once it is this old (default 2 minutes). */
  reconcileAfterMs?: number;
  /**
   * An approved order older than this is voided instead of placed (default 30 minutes): a
   * kitchen should not get an ASAP order that long after the diner gave up. Scheduled orders
   * whose time is still ahead are placed whatever their age.
   */
  placeDeadlineMs?: number;
  /** Orders handled per run and per sweep (default 100). */
  batch?: number;
  /**
   * An order paid on a hosted card page is left this long (default 20 minutes) for the diner to
   * type the card and the browser to report; only then does its provider's recovery apply.
   */
  hostedWindowMs?: number;
}

export const RECONCILE_DEFAULTS = {
  reconcileAfterMs: 2 * 60_000,
  placeDeadlineMs: 30 * 60_000,
  batch: 100,
  hostedWindowMs: 20 * 60_000,
} as const;

export interface ReconcileReport {
  placed: number;
  failed: number;
  released: number;
  captured: number;
  left: number;
}

/** Advisory lock key of the payment jobs (the migrations use 4_242_001). */
export const PAYMENT_JOBS_LOCK_KEY = 4_242_004;

const runningOnPglite = new WeakSet<Database>();

/**
 * Runs `work` only if no other runner holds the lock; answers null otherwise. On PostgreSQL the
 * lock is pg_try_advisory_xact_lock held by an open transaction on its own connection (released
 * by commit, or by the server if the process dies); `work` uses other connections. PGlite is one
 * connection in one process (the data folder lock guarantees that), so there a process-local flag
 * is the lock — holding a transaction there would block `work`'s own queries.
 */
export async function withPaymentJobsLock<T>(
  ctx: AppContext,
  work: () => Promise<T>,
): Promise<T | null> {
  if (ctx.database.kind === 'pglite') {
    if (runningOnPglite.has(ctx.database)) return null;
    runningOnPglite.add(ctx.database);
    try {
      return await work();
    } finally {
      runningOnPglite.delete(ctx.database);
    }
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await tryPaymentJobsLock(tx, PAYMENT_JOBS_LOCK_KEY))) return null;
    return work();
  });
}

const merchantOf = (ctx: AppContext, merchantUuid: string) =>
  findMerchantByUuid(ctx.db, merchantUuid);

/** Resolves orders awaiting card payment for longer than the bound. */
export async function resolveAwaitingOrders(
  ctx: AppContext,
  opts: ReconcileOptions = {},
  report: ReconcileReport = { placed: 0, failed: 0, released: 0, captured: 0, left: 0 },
): Promise<ReconcileReport> {
  const o = { ...RECONCILE_DEFAULTS, ...opts };
  const now = ctx.clock.now();
  const due = await ordersAwaitingPayment(
    ctx.db,
    new Date(now.getTime() - o.reconcileAfterMs),
    o.batch,
  );
  for (const order of due) {
    const merchant = await merchantOf(ctx, order.merchantId);
    const charge = await findChargeTransaction(ctx.db, order.id);
    const gateway = gatewayOf(ctx, order.paymentProvider ?? merchant?.ecommProvider ?? '');
    if (!merchant || !gateway || !charge) {
      // A card order always has its charge row (written with the order); a cash order is never
      // left awaiting. Either way there is no charge to find: fail it.
      if (!charge) {
        const failed = await ctx.db.transaction((tx) =>
          failOrder(ctx, tx, order.id, {
            code: 'upstream_unavailable',
            reason: PAYMENT_MESSAGES.notCompleted,
            paymentStatus: 'none',
          }),
        );
        if (failed) report.failed += 1;
      } else {
        ctx.log.warn({ orderId: order.id }, 'no gateway configured to reconcile this order');
        report.left += 1;
      }
      continue;
    }
    if (gateway.hosted && now.getTime() - order.createdAt.getTime() < o.hostedWindowMs) {
      report.left += 1;
      continue;
    }
    if (!gateway.inquireByOrder) {
      try {
        await settleWithoutLookup(ctx, merchant, order.id, charge, gateway, report);
      } catch (err) {
        ctx.log.error({ err, orderId: order.id }, 'could not reconcile order; will retry');
        report.left += 1;
      }
      continue;
    }
    try {
      const found = await inquirePayment(ctx, { merchant, gateway, orderId: order.id });
      if (found.found && (found.status === 'authorized' || found.status === 'captured')) {
        const age = now.getTime() - order.createdAt.getTime();
        const scheduledAhead = order.scheduledFor !== null && order.scheduledFor > now;
        const settled = await settleApproval(
          ctx,
          merchant,
          order.id,
          charge.id,
          gateway,
          found.result,
          {
            status: found.status,
            // A partial approval found by look-up (its void lost) never places an underpaid order.
            canPlace:
              (age <= o.placeDeadlineMs || scheduledAhead) &&
              found.result.amountCents >= charge.amountCents,
          },
        );
        if (settled.kind === 'placed') report.placed += 1;
        else if (settled.kind === 'failed') report.failed += 1;
        else report.left += 1;
        continue;
      }
      const declined = found.found && found.status === 'declined';
      const failure = declined
        ? {
            code: 'payment_declined',
            reason: PAYMENT_MESSAGES.declined(found.result.message),
          }
        : { code: 'upstream_unavailable', reason: PAYMENT_MESSAGES.notCompleted };
      const failed = await ctx.db.transaction(async (tx) => {
        await updateTransaction(tx, charge.id, {
          status: declined ? 'declined' : 'error',
          message: found.found ? `Gateway shows ${found.status}` : 'Not found at the gateway',
          updatedAt: now,
        });
        return failOrder(ctx, tx, order.id, {
          ...failure,
          paymentStatus: found.found && found.status !== 'declined' ? 'voided' : 'none',
        });
      });
      if (failed) report.failed += 1;
    } catch (err) {
      // One order's trouble must not stop the others; it is tried again next run.
      if (err instanceof GatewayError) {
        const age = now.getTime() - order.createdAt.getTime();
        if (gateway.voidByOrder && age > o.placeDeadlineMs) {
          // The look-up has failed for as long as the order could still be placed: release
          // whatever the gateway may hold under our order id and fail the order.
          if (await releaseByOrder(ctx, merchant, order.id, charge, gateway)) report.failed += 1;
          else report.left += 1;
          continue;
        }
        ctx.log.warn({ orderId: order.id, err: err.message }, 'gateway look-up failed; will retry');
      } else {
        ctx.log.error({ err, orderId: order.id }, 'could not reconcile order; will retry');
      }
      report.left += 1;
    }
  }
  return report;
}

/**
 * Recovery for a provider without a look-up by our order id. Only an approval whose placement
 * failed leaves a transaction id on the charge: it is voided by it and the order fails. Otherwise
 * nothing can tell whether money moved: the order fails with its payment 'unknown', which the
 * merchant's dashboard lists until they have checked it in the gateway's portal.
 */
async function settleWithoutLookup(
  ctx: AppContext,
  merchant: MerchantForPayment,
  orderId: string,
  charge: TransactionRow,
  gateway: PaymentGateway,
  report: ReconcileReport,
): Promise<void> {
  if (charge.retref) {
    const heldAs = charge.operation === 'sale' ? 'captured' : 'authorized';
    const r = await releaseCharge(ctx, merchant, orderId, charge, gateway, heldAs, {
      code: 'upstream_unavailable',
      reason: PAYMENT_MESSAGES.notCompleted,
    });
    if (r.kind === 'failed') report.failed += 1;
    else report.left += 1;
    return;
  }
  const now = ctx.clock.now();
  const failed = await ctx.db.transaction(async (tx) => {
    await updateTransaction(tx, charge.id, {
      status: 'unknown',
      message: 'Outcome unknown and the gateway has no look-up: check it in the gateway portal',
      updatedAt: now,
    });
    return failOrder(ctx, tx, orderId, {
      code: 'upstream_unavailable',
      reason: PAYMENT_MESSAGES.unconfirmed,
      paymentStatus: 'unknown',
    });
  });
  if (failed) {
    ctx.log.warn(
      { orderId },
      'card payment outcome unknown: order failed and flagged for the merchant',
    );
    report.failed += 1;
  }
}

/** CardPointe's last resort: void whatever the gateway holds under our order id, fail the order. */
async function releaseByOrder(
  ctx: AppContext,
  merchant: MerchantForPayment,
  orderId: string,
  charge: TransactionRow,
  gateway: PaymentGateway,
): Promise<boolean> {
  const now = ctx.clock.now();
  try {
    await voidByOrder(ctx, { merchant, gateway, orderId }, charge.amountCents);
  } catch (err) {
    ctx.log.warn(
      { orderId, err: err instanceof GatewayError ? err.message : String(err) },
      'void by order id failed; will retry',
    );
    return false;
  }
  // The release's ledger row ('void', approved) is written by voidByOrder.
  const failed = await ctx.db.transaction(async (tx) => {
    await updateTransaction(tx, charge.id, {
      status: 'error',
      message: 'Released by order id',
      updatedAt: now,
    });
    return failOrder(ctx, tx, orderId, {
      code: 'upstream_unavailable',
      reason: PAYMENT_MESSAGES.notCompleted,
      paymentStatus: 'voided',
    });
  });
  return !!failed;
}

/**
 * Finishes the release of cancelled orders whose cancel was cut off before its money moved
 * (cancel-release.ts; the ledger's keys make a release already made answer without a new call).
 */
export async function releaseCancelledCharges(
  ctx: AppContext,
  report: ReconcileReport,
  batch: number = RECONCILE_DEFAULTS.batch,
): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - LEDGER_CLAIM_MS);
  for (const order of await cancelledOrdersStillHeld(ctx.db, before, batch)) {
    try {
      const r = await releaseCancelledPayment(ctx, order);
      if (r.paymentStatus === 'voided') report.released += 1;
    } catch (err) {
      ctx.log.error({ err, orderId: order.id }, 'could not release a cancelled order; will retry');
    }
  }
}

/** Voids charges still held for failed orders (a void that did not go through earlier). */
export async function releaseHeldCharges(
  ctx: AppContext,
  report: ReconcileReport,
  batch: number = RECONCILE_DEFAULTS.batch,
): Promise<void> {
  const held = await failedOrdersStillHeld(ctx.db, batch);
  for (const order of held) {
    const merchant = await merchantOf(ctx, order.merchantId);
    const charge = await findChargeTransaction(ctx.db, order.id);
    const gateway = gatewayOf(ctx, order.paymentProvider ?? '');
    if (!merchant || !charge || !gateway) continue;
    const heldAs = order.paymentStatus === 'captured' ? 'captured' : 'authorized';
    try {
      const r = await releaseCharge(ctx, merchant, order.id, charge, gateway, heldAs, null);
      if (r.kind !== 'unreleased') report.released += 1;
    } catch (err) {
      // One merchant's trouble (credentials that cannot be read) must not stop the others.
      ctx.log.error({ err, orderId: order.id }, 'could not release a held charge; will retry');
    }
  }
}

/**
 * Captures authorisations of placed orders whose business day (merchant time) is over, with the
 * order's final total — tips adjusted that day included (docs/decisions/payments-core.md).
 */
export async function captureDueAuthorizations(
  ctx: AppContext,
  report: ReconcileReport,
  batch: number = RECONCILE_DEFAULTS.batch,
): Promise<void> {
  const now = ctx.clock.now();
  // Page by page through every due order, so orders that keep failing (a merchant whose
  // credentials cannot be read) never take the places of the others.
  let afterId: string | undefined;
  for (let page = 0; page < CAPTURE_PAGES_PER_RUN; page++) {
    const due = await authorizedPastBusinessDay(ctx.db, now, batch, afterId);
    for (const { order } of due) await captureOne(ctx, order, now, report);
    if (due.length < batch) return;
    afterId = due[due.length - 1]!.order.id;
  }
}

/** At most this many pages of due captures per run (the rest wait a minute). */
const CAPTURE_PAGES_PER_RUN = 20;

async function captureOne(
  ctx: AppContext,
  order: OrderRow,
  now: Date,
  report: ReconcileReport,
): Promise<void> {
  const merchant = await merchantOf(ctx, order.merchantId);
  const charge = await findChargeTransaction(ctx.db, order.id);
  const gateway = gatewayOf(ctx, order.paymentProvider ?? '');
  if (!merchant || !charge?.retref || !gateway) return;
  const tipCents = order.tipsCents + order.fixedTipsCents;
  try {
    // The capture's ledger row is written by capturePayment (once per order).
    await capturePayment(
      ctx,
      { merchant, gateway, orderId: order.id },
      { retref: charge.retref, amountCents: order.totalCents, tipCents },
    );
    // The capture command (order-life.md): captured, the state as it is.
    await ctx.db.transaction((tx) =>
      recordCapture(ctx, tx, { merchantUuid: order.merchantId, orderId: order.id }),
    );
    report.captured += 1;
  } catch (err) {
    // One order's trouble (a refusal, credentials that cannot be read) must not stop the
    // others' captures; it is tried again next run.
    if (err instanceof GatewayError)
      ctx.log.warn({ orderId: order.id, err: err.message }, 'capture failed; will retry');
    else ctx.log.error({ err, orderId: order.id }, 'could not capture; will retry');
  }
}

/** One run of the payment jobs; null when another runner holds the lock. */
export async function runPaymentJobs(
  ctx: AppContext,
  opts: ReconcileOptions = {},
): Promise<ReconcileReport | null> {
  return withPaymentJobsLock(ctx, async () => {
    const report = await resolveAwaitingOrders(ctx, opts);
    await releaseHeldCharges(ctx, report, opts.batch);
    await releaseCancelledCharges(ctx, report, opts.batch);
    await captureDueAuthorizations(ctx, report, opts.batch);
    return report;
  });
}

export const paymentReconcilerJob: Job = {
  name: 'payment reconciler',
  everyMs: 60_000,
  run: async (ctx) => {
    const report = await runPaymentJobs(ctx);
    if (report && report.placed + report.failed + report.released + report.captured > 0) {
      ctx.log.info(report, 'payment reconciler');
    }
  },
};
