// The order's commands (issue 26, docs/decisions/order-life.md): every merchant write to an
// order after placing goes through one of these. Each runs in the caller's transaction: the
// command is decided on the order as read (src/domain/orders/order-life.ts), written with one
// conditional UPDATE that holds only while the order is still in that state, recorded as an order
// event (the live stream and the diner's page read those) and, for the merchant's commands,
// audited. A command that loses a race, or comes in a state the table refuses, is a 409 naming
// the state the order is in.
import { isSameLocalDay } from '../../../domain/schedule/date-ranges.js';
import {
  type MoneyMove,
  type OrderCommand,
  decide,
  isNumbered,
  stateRefusal,
} from '../../../domain/orders/order-life.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import {
  type NewOrderRow,
  type OrderRow,
  type PaymentStatus,
  findMerchantOrderRow,
  lockOrder,
  notifyOrderState,
  recordOrderEvent,
  settleUnknownPaymentRow,
  updateOrderIfIn,
} from './orders.repository.js';

/** Which order, of which merchant (its time zone tells the day of sale). */
export interface OrderTarget {
  merchantUuid: string;
  timeZone: string;
  orderId: string;
}

/** A system command's order (no day-of-sale rule to check, so no time zone needed). */
export type SystemTarget = Omit<OrderTarget, 'timeZone'> & { timeZone?: string };

export interface CommandDone {
  before: OrderRow;
  after: OrderRow;
  /** The money step the table asks of this command (the caller hands it to payments). */
  money: MoneyMove;
}

/** The 409 of a refused or lost command: names the order's current state. */
export function orderStateConflict(command: OrderCommand, state: OrderRow['state']): AppError {
  const message = stateRefusal(command, state);
  return new AppError('conflict', message, [{ path: ['params', 'id'], message }]);
}

function refusalOf(
  command: OrderCommand,
  why: 'state' | 'not_same_day' | 'not_card',
  state: OrderRow['state'],
) {
  if (why === 'state') return orderStateConflict(command, state);
  const message =
    why === 'not_same_day'
      ? `Only same-day orders allow ${command}`
      : `Only card orders allow ${command}`;
  return new AppError('conflict', message, [{ path: ['params', 'id'], message }]);
}

interface RunOptions {
  /** The order's other columns this command sets, from the order as read. */
  set?: (order: OrderRow) => Partial<NewOrderRow>;
  /** The merchant who acted: an audit row is written with `audit`'s action and detail. */
  actor?: AuditActor;
  audit?: (order: OrderRow) => { action: string; detail: Record<string, unknown> };
  /**
   * The day-of-sale rule as the caller decided it before the money moved: a record of a gateway
   * call already made (void, tip adjustment) is not refused because midnight passed meanwhile.
   * By default it is the order's placing day in the target's time zone (false without one).
   */
  sameDay?: boolean;
}

/** Decides, writes (conditionally), records the event and the audit row of one command. */
export async function runOrderCommand(
  ctx: AppContext,
  tx: Tx,
  command: OrderCommand,
  target: OrderTarget | SystemTarget,
  opts: RunOptions = {},
): Promise<CommandDone> {
  const run = await decideAndWrite(ctx, tx, command, target, opts);
  if ('refusal' in run) throw run.refusal;
  return run;
}

/**
 * The record of money a gateway call has already moved (its ledger row holds the call): the
 * command as runOrderCommand runs it, but a refusal or a lost race answers undefined instead of a
 * 409 — the caller keeps its answer, the order keeps the state the winner left it in.
 */
export async function tryOrderCommand(
  ctx: AppContext,
  tx: Tx,
  command: OrderCommand,
  target: OrderTarget | SystemTarget,
  opts: RunOptions = {},
): Promise<CommandDone | undefined> {
  const run = await decideAndWrite(ctx, tx, command, target, opts);
  return 'refusal' in run ? undefined : run;
}

async function decideAndWrite(
  ctx: AppContext,
  tx: Tx,
  command: OrderCommand,
  target: OrderTarget | SystemTarget,
  opts: RunOptions,
): Promise<CommandDone | { refusal: AppError }> {
  const now = ctx.clock.now();
  // Locked, so the command is decided on the state it writes over: a record of money already
  // moved (a void the gateway approved) waits for a concurrent accept instead of losing to it
  // and leaving the order open with its money released.
  const locked = await lockOrder(tx, target.orderId);
  const order = locked?.merchantId === target.merchantUuid ? locked : undefined;
  if (!order) throw notFound('Order');
  const sameDay =
    opts.sameDay ??
    (order.placedAt !== null &&
      target.timeZone !== undefined &&
      isSameLocalDay(order.placedAt.getTime(), now.getTime(), target.timeZone));
  const d = decide(command, { state: order.state, paymentMethod: order.paymentMethod, sameDay });
  if (!d.ok) return { refusal: refusalOf(command, d.why, d.state) };
  const after = await updateOrderIfIn(tx, order.merchantId, order.id, [order.state], {
    ...opts.set?.(order),
    state: d.to,
    updatedAt: now,
  });
  if (!after) {
    const current = await findMerchantOrderRow(tx, target.merchantUuid, target.orderId);
    return { refusal: orderStateConflict(command, current?.state ?? order.state) };
  }
  // An order never placed (failed) is on no merchant's board and no diner's live page: no event.
  if (isNumbered(d.to))
    await recordOrderEvent(
      tx,
      order.merchantId,
      order.id,
      d.to === 'voided' ? 'voided' : 'updated',
    );
  if (d.to !== order.state) await notifyOrderState(tx, order.merchantId, order.id, d.to);
  if (opts.actor) {
    const { action, detail } = opts.audit?.(order) ?? {
      action: command,
      detail: { state: { before: order.state, after: d.to } },
    };
    await insertAudit(tx, auditEntry(opts.actor, action, now, detail, order.id));
  }
  return { before: order, after, money: d.money };
}

/** When an order set to be ready in `minutes` from `now` will be ready (null: not set). */
export function readyAtFrom(now: Date, minutes: number | null | undefined): Date | null {
  return minutes === null || minutes === undefined
    ? null
    : new Date(now.getTime() + minutes * 60_000);
}

/** The merchant takes the order, ready in `minutes` (placed → accepted). */
export function acceptOrder(
  ctx: AppContext,
  tx: Tx,
  target: OrderTarget,
  minutes: number,
  actor: AuditActor,
  opts: { textQueued?: boolean } = {},
): Promise<CommandDone> {
  const now = ctx.clock.now();
  return runOrderCommand(ctx, tx, 'accept', target, {
    actor,
    set: () => ({
      willBeReadyInMinutes: minutes,
      readyAt: readyAtFrom(now, minutes),
      ...(opts.textQueued ? { hasSentOrderTimeSms: true } : {}),
    }),
    audit: (o) => ({
      action: 'accept',
      detail: {
        state: { before: o.state, after: 'accepted' },
        changed: { willBeReadyInMinutes: { before: o.willBeReadyInMinutes, after: minutes } },
      },
    }),
  });
}

export function markOrderReady(ctx: AppContext, tx: Tx, target: OrderTarget, actor: AuditActor) {
  return runOrderCommand(ctx, tx, 'markReady', target, { actor });
}

export function completeOrder(ctx: AppContext, tx: Tx, target: OrderTarget, actor: AuditActor) {
  return runOrderCommand(ctx, tx, 'complete', target, { actor });
}

/**
 * Stops the order before completion. The state changes first, so of a cancel racing an accept,
 * a completion or a void only one wins; the winner alone hands `money` ('release' for a card
 * order) to payments after this transaction (order-life.md "What cancel does").
 */
export function cancelOrder(ctx: AppContext, tx: Tx, target: OrderTarget, actor: AuditActor) {
  return runOrderCommand(ctx, tx, 'cancel', target, { actor });
}

/** The dashboard's fields an update may set (PUT …/order/_id/:id). */
export interface DashboardFields {
  hasBeenRead?: boolean;
  hasPrintedToKitchen?: boolean;
  willBeReadyInMinutes?: number | null;
  hasSentOrderTimeSms?: boolean;
}

/**
 * The dashboard's flags and ready minutes, as one command: setting the minutes of a placed order
 * accepts it; otherwise the state stays. Undefined when nothing changes (no event, no audit row).
 * `action` is the audit row's action (the spec's ready_time / order_update).
 */
export async function updateDashboardFields(
  ctx: AppContext,
  tx: Tx,
  target: OrderTarget,
  fields: DashboardFields,
  actor: AuditActor,
  opts: {
    /** Write (and audit) even when no field changes (the ready-time text's resend). */
    always?: boolean;
    audit?: (order: OrderRow) => { action: string; detail: Record<string, unknown> };
  } = {},
): Promise<CommandDone | undefined> {
  const order = await findMerchantOrderRow(tx, target.merchantUuid, target.orderId);
  if (!order) throw notFound('Order');
  const changed = Object.fromEntries(
    (Object.entries(fields) as [keyof DashboardFields, unknown][])
      .filter(([k, v]) => v !== undefined && order[k] !== v)
      .map(([k, v]) => [k, { before: order[k], after: v }]),
  );
  const { hasSentOrderTimeSms: _sent, ...audited } = changed;
  if (Object.keys(changed).length === 0 && !opts.always) return undefined;
  const minutesChange =
    'willBeReadyInMinutes' in changed ||
    (opts.always === true && fields.willBeReadyInMinutes !== undefined);
  const command: OrderCommand = minutesChange
    ? order.state === 'placed'
      ? 'accept'
      : 'setReadyMinutes'
    : fields.hasPrintedToKitchen !== undefined && !('hasBeenRead' in changed)
      ? 'markPrinted'
      : 'markRead';
  const now = ctx.clock.now();
  return runOrderCommand(ctx, tx, command, target, {
    actor,
    set: () => ({
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...(minutesChange ? { readyAt: readyAtFrom(now, fields.willBeReadyInMinutes) } : {}),
    }),
    audit:
      opts.audit ??
      (() => ({
        action: minutesChange ? 'ready_time' : 'order_update',
        detail: { changed: audited },
      })),
  });
}

/**
 * The merchant's check of a card payment whose outcome was unknown (payment checks): unknown →
 * `paymentStatus`, in one conditional statement, so of two concurrent checks only one finds it
 * still unknown. Undefined when the order is not this merchant's or no longer unknown. The state
 * does not change (such an order failed); the caller writes the audit row with its charge note.
 */
export function settlePaymentCheck(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  paymentStatus: 'none' | 'voided',
  now: Date,
) {
  return settleUnknownPaymentRow(tx, merchantUuid, orderId, paymentStatus, now);
}

/**
 * Printing's command (issue 29): every print job of the order has printed, so
 * `hasPrintedToKitchen` turns true — the same markPrinted command the dashboard's flag uses,
 * run by the system (no actor, no audit row). The order is locked first and `allPrinted` asked
 * under the lock, so printers confirming at once set it (and record its event) once. Undefined
 * when it was already set or not every job has printed.
 */
export async function markPrintedToKitchen(
  ctx: AppContext,
  tx: Tx,
  target: OrderTarget,
  allPrinted: () => Promise<boolean>,
): Promise<CommandDone | undefined> {
  const order = await lockOrder(tx, target.orderId);
  if (!order || order.merchantId !== target.merchantUuid || order.hasPrintedToKitchen)
    return undefined;
  if (!(await allPrinted())) return undefined;
  return runOrderCommand(ctx, tx, 'markPrinted', target, {
    set: () => ({ hasPrintedToKitchen: true }),
  });
}

/**
 * The same-day void of a paid card order (hasVoid, T4.58), recorded after payments voided the
 * charge (`void:<order>`, once whoever asks): placed … completed → voided, on the day of sale as
 * the caller decided it before the gateway call. Undefined when the order moved on meanwhile (a
 * cancel won): the ledger keeps the void; the caller writes the merchant's audit row with the
 * gateway's outcome.
 */
export function recordOrderVoid(
  ctx: AppContext,
  tx: Tx,
  target: SystemTarget,
): Promise<CommandDone | undefined> {
  return tryOrderCommand(ctx, tx, 'void', target, {
    sameDay: true,
    set: (o) => ({ hasVoid: true, paymentStatus: o.paymentStatus === 'none' ? 'none' : 'voided' }),
  });
}

/**
 * A tip adjustment the gateway approved (T4.58–T4.62): the order's tips and total, and captured
 * when the provider adjusts by capturing. On the day of sale as decided before the gateway call;
 * undefined when the order moved on meanwhile.
 */
export function recordTipAdjusted(
  ctx: AppContext,
  tx: Tx,
  target: SystemTarget,
  tip: { tipsCents: number; totalCents: number; captured: boolean },
): Promise<CommandDone | undefined> {
  return tryOrderCommand(ctx, tx, 'adjustTip', target, {
    sameDay: true,
    set: () => ({
      tipsCents: tip.tipsCents,
      totalCents: tip.totalCents,
      ...(tip.captured ? { paymentStatus: 'captured' as const } : {}),
    }),
  });
}

/**
 * The order's authorised charge was captured (the end-of-day sweep, the provider path's capture;
 * payments' `capture:<order>` made the call once): payment status captured, the order's state
 * unchanged. Undefined when the order is no longer placed (a cancel or a void won the race).
 */
export function recordCapture(
  ctx: AppContext,
  tx: Tx,
  target: SystemTarget,
): Promise<CommandDone | undefined> {
  return tryOrderCommand(ctx, tx, 'capture', target, {
    set: () => ({ paymentStatus: 'captured' }),
  });
}

/**
 * What payments did with the money a fail or a cancel let go (order-life.md "What cancel does"):
 * released (`voided`: by a void or a refund, the ledger tells which), still held (a failed order's
 * `authorized`/`captured`, for the release sweep to try again) or to be checked by the merchant in
 * the gateway's portal (`unknown`, listed under "card payments to check"). The recordRelease
 * command: one conditional write, only while the order is failed or cancelled, with its order
 * event for a cancelled one. The money itself moves at most once whoever records it: payments'
 * ledger key (`void:<order id>`, …) sees to that. Undefined when the order is in neither end.
 */
export async function recordRelease(
  ctx: AppContext,
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'merchantId'>,
  paymentStatus: Extract<PaymentStatus, 'voided' | 'unknown' | 'authorized' | 'captured'>,
): Promise<OrderRow | undefined> {
  // Locked first: of two records of one release (a cancel's and the merchant's void that raced
  // it) the second reads what the first wrote, and a release already recorded as made (voided)
  // is not turned back into "to check" by a caller that only saw the ledger's row in progress.
  await lockOrder(tx, order.id);
  const done = await tryOrderCommand(
    ctx,
    tx,
    'recordRelease',
    { merchantUuid: order.merchantId, orderId: order.id },
    {
      set: (o) => ({
        paymentStatus:
          o.paymentStatus === 'voided' && paymentStatus === 'unknown' ? 'voided' : paymentStatus,
      }),
    },
  );
  return done?.after;
}

/** A cancelled card order's release (order-life.md "What cancel does"): recordRelease. */
export function recordCancelRelease(
  ctx: AppContext,
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'merchantId'>,
  paymentStatus: 'voided' | 'unknown',
): Promise<OrderRow | undefined> {
  return recordRelease(ctx, tx, order, paymentStatus);
}
