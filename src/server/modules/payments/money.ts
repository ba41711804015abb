// Payments' one interface (issue 26, docs/decisions/order-life.md "The payments ledger"): every
// call to a payment gateway is made here, and only here — authorise, capture, void, refund,
// adjust tip, the look-ups of the recovery — each written once. Each call is recorded once in the
// ledger (payment_transactions) under its idempotency key with its operation, amount and outcome:
// the row is claimed before the call, so a second call under the same key (a double click, a
// retry, another instance) finds the row instead of the gateway — money moves at most once per key.
// A call that certainly moved no money (declined, gateway unreachable) may be made again under its
// key; one whose outcome is unknown may be made again only where repeating it is harmless (void,
// capture, tip adjustment replace; a refund would pay twice, so it is not repeated).
// Calls are made outside any database transaction: the ledger is written on its own statements.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import {
  type AuthorizeRequest,
  GatewayDeclined,
  GatewayError,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type InquiryResult,
  type PaymentGateway,
  type PaymentResult,
  maskCardNumber,
} from '../../adapters/payments/index.js';
import { type MerchantForPayment, gatewayEnv } from './gateway.js';
import {
  type NewTransactionRow,
  type TransactionRow,
  type TransactionStatus,
  claimLedgerRow,
  findLedgerRow,
  reclaimLedgerRow,
  updateTransaction,
} from './payments.repository.js';

/** Whose money, through which gateway, for which order (null: a card check). */
export interface MoneyCall {
  merchant: MerchantForPayment;
  gateway: PaymentGateway;
  orderId: string | null;
}

/** A pending call older than this was left by a caller that died mid-call: it may be made again. */
export const LEDGER_CLAIM_MS = 2 * 60_000;

/** The answer of a call: the gateway's result and the ledger row that records it. */
export interface Moved {
  result: PaymentResult;
  row: TransactionRow;
  /** The call had been made before under this key: its recorded answer, no new gateway call. */
  replayed: boolean;
}

/** The idempotency keys of the calls made once per order. */
export const LEDGER_KEYS = {
  charge: (orderId: string) => `charge:${orderId}`,
  void: (orderId: string) => `void:${orderId}`,
  capture: (orderId: string) => `capture:${orderId}`,
  voidByOrder: (orderId: string) => `void-by-order:${orderId}`,
  /** A cancel's refund: once per order. */
  cancelRefund: (orderId: string) => `refund:${orderId}:cancel`,
  /** A merchant's return of what is left after `returnedCents` were returned. */
  returnAfter: (orderId: string, returnedCents: number) =>
    `refund:${orderId}:after:${returnedCents}`,
  /** A tip adjustment of the charge as it stands (its row's version): once per change. */
  tip: (orderId: string, chargeVersion: Date, amountCents: number) =>
    `tip:${orderId}:${chargeVersion.getTime()}:${amountCents}`,
} as const;

/** The gateway's result as the ledger row keeps it (no card number, its last four masked). */
function resultOfRow(row: TransactionRow): PaymentResult {
  return {
    approved: true,
    amountCents: row.amountCents,
    tipCents: row.tipCents,
    cardNumber: row.cardLast4 ? maskCardNumber(row.cardLast4) : '',
    cardLast4: row.cardLast4 ?? '',
    cardExpiry: row.cardExpiry ?? '',
    cardType: row.cardBrand ?? '',
    authCode: row.authCode ?? '',
    retref: row.retref ?? '',
    avsResult: row.avsResult,
    cvvResult: row.cvvResult,
    responseCode: row.responseCode ?? '',
    message: row.message ?? '',
  };
}

/** A call's answer that carries no card result (a release by order id, a look-up that found none). */
function emptyResult(amountCents: number, message: string): PaymentResult {
  return {
    approved: true,
    amountCents,
    tipCents: 0,
    cardNumber: '',
    cardLast4: '',
    cardExpiry: '',
    cardType: '',
    authCode: '',
    retref: '',
    avsResult: null,
    cvvResult: null,
    responseCode: '',
    message,
  };
}

/** The ledger's outcome of a gateway error. */
function outcomeOf(err: unknown): TransactionStatus {
  if (err instanceof GatewayDeclined) return 'declined';
  if (err instanceof GatewayUnavailable) return 'error';
  return 'unknown';
}

interface Entry {
  operation: 'auth' | 'sale' | 'capture' | 'void' | 'tip_adjust' | 'refund' | 'inquire';
  key: string;
  amountCents: number;
  tipCents?: number;
  /** The transaction the call acts on (kept on the row). */
  retref?: string | null;
  /** Made again after an unknown outcome (harmless for this operation). */
  againAfterUnknown: boolean;
}

/** Claims the key's row: a fresh row, or the row of an earlier attempt that may be made again. */
async function claim(
  ctx: AppContext,
  call: MoneyCall,
  entry: Entry,
): Promise<{ row: TransactionRow; done: false } | { row: TransactionRow; done: true }> {
  const now = ctx.clock.now();
  const values: NewTransactionRow & { idempotencyKey: string } = {
    merchantId: call.merchant.id,
    orderId: call.orderId,
    provider: call.gateway.provider,
    operation: entry.operation,
    status: 'pending',
    amountCents: entry.amountCents,
    tipCents: entry.tipCents ?? 0,
    retref: entry.retref ?? null,
    idempotencyKey: entry.key,
    createdAt: now,
    updatedAt: now,
  };
  const fresh = await claimLedgerRow(ctx.db, values);
  if (fresh) return { row: fresh, done: false };
  const earlier = await findLedgerRow(ctx.db, entry.key);
  if (!earlier) throw new GatewayUnknownOutcome('The payment ledger lost a row');
  if (earlier.status === 'approved') return { row: earlier, done: true };
  const again: TransactionStatus[] = ['declined', 'error'];
  if (entry.againAfterUnknown) again.push('unknown');
  const staleBefore = new Date(now.getTime() - LEDGER_CLAIM_MS);
  const taken = entry.againAfterUnknown
    ? await reclaimLedgerRow(ctx.db, earlier.id, again, staleBefore, now)
    : await reclaimLedgerRow(ctx.db, earlier.id, again, new Date(0), now);
  if (taken) {
    // The attempt's amount is the one asked now (a retry may carry the order's later total).
    const row =
      taken.amountCents === entry.amountCents && taken.tipCents === (entry.tipCents ?? 0)
        ? taken
        : await updateTransaction(ctx.db, taken.id, {
            amountCents: entry.amountCents,
            tipCents: entry.tipCents ?? 0,
            updatedAt: now,
          });
    return { row, done: false };
  }
  throw new GatewayUnknownOutcome(
    earlier.status === 'pending'
      ? 'This payment call is already in progress'
      : 'The outcome of this payment call is unknown',
  );
}

/** Makes one gateway call under the ledger: claimed, made, its outcome recorded. */
async function ledgered(
  ctx: AppContext,
  call: MoneyCall,
  entry: Entry,
  make: (env: ReturnType<typeof gatewayEnv>) => Promise<PaymentResult>,
  keep: (result: PaymentResult) => Partial<NewTransactionRow> = (result) => ({
    authCode: result.authCode,
    responseCode: result.responseCode,
    message: result.message,
  }),
): Promise<Moved> {
  const claimed = await claim(ctx, call, entry);
  if (claimed.done) return { result: resultOfRow(claimed.row), row: claimed.row, replayed: true };
  let result: PaymentResult;
  try {
    result = await make(gatewayEnv(ctx, call.merchant, call.gateway));
  } catch (err) {
    await updateTransaction(ctx.db, claimed.row.id, {
      status: outcomeOf(err),
      responseCode: err instanceof GatewayDeclined ? err.responseCode : null,
      message: err instanceof GatewayError ? err.message : 'Gateway call failed',
      updatedAt: ctx.clock.now(),
    }).catch((e: unknown) => ctx.log.error({ err: e, key: entry.key }, 'ledger row not updated'));
    throw err;
  }
  const row = await updateTransaction(ctx.db, claimed.row.id, {
    status: 'approved',
    ...keep(result),
    updatedAt: ctx.clock.now(),
  });
  return { result, row, replayed: false };
}

/**
 * Send order's charge: authorise (or sale) the order's amount. Its ledger row, `charge`, was
 * written pending with the order (one transaction, keyed `charge:<order id>`), so this call is
 * already claimed; its outcome is recorded with the order's placing or failing (one transaction,
 * payments.service.ts), so an order is never placed without its charge recorded.
 */
export function authoriseCharge(
  ctx: AppContext,
  call: MoneyCall,
  charge: TransactionRow,
  req: AuthorizeRequest,
): Promise<PaymentResult> {
  const env = gatewayEnv(ctx, call.merchant, call.gateway);
  return charge.operation === 'sale'
    ? call.gateway.sale(env, req)
    : call.gateway.authorize(env, req);
}

/**
 * A diner's card check: an authorisation of 0 for no order, recorded in the ledger under a key
 * of its own. The orderRef is the gateway's reference for it (a fresh uuid).
 */
export function authoriseCardCheck(
  ctx: AppContext,
  call: Omit<MoneyCall, 'orderId'>,
  req: AuthorizeRequest,
): Promise<Moved> {
  return ledgered(
    ctx,
    { ...call, orderId: null },
    {
      operation: 'auth',
      key: `card-check:${req.orderRef}`,
      amountCents: 0,
      againAfterUnknown: false,
    },
    (env) => call.gateway.authorize(env, req),
    (result) => ({
      retref: result.retref,
      authCode: result.authCode,
      cardLast4: result.cardLast4 || null,
      cardBrand: result.cardType,
      cardExpiry: result.cardExpiry,
      avsResult: result.avsResult,
      cvvResult: result.cvvResult,
      responseCode: result.responseCode,
      message: result.message,
    }),
  );
}

/** Captures an authorisation with its final amount: once per order (`capture:<order id>`). */
export function capturePayment(
  ctx: AppContext,
  call: MoneyCall & { orderId: string },
  req: { retref: string; amountCents: number; tipCents: number },
): Promise<Moved> {
  return ledgered(
    ctx,
    call,
    {
      operation: 'capture',
      key: LEDGER_KEYS.capture(call.orderId),
      amountCents: req.amountCents,
      tipCents: req.tipCents,
      retref: req.retref,
      againAfterUnknown: true,
    },
    (env) => call.gateway.capture(env, req),
    (result) => ({
      amountCents: result.amountCents,
      authCode: result.authCode,
      responseCode: result.responseCode,
      message: result.message,
    }),
  );
}

/**
 * Voids a charge. `key` defaults to the order's one void (`void:<order id>`): a merchant's void,
 * a cancel's release and the release of a charge whose order failed are the same money movement,
 * made once. A card check's void has its own key.
 */
export function voidPayment(
  ctx: AppContext,
  call: MoneyCall,
  req: { retref: string; orderRef: string; amountCents: number; key?: string },
): Promise<Moved> {
  const key = req.key ?? LEDGER_KEYS.void(call.orderId ?? req.orderRef);
  return ledgered(
    ctx,
    call,
    {
      operation: 'void',
      key,
      amountCents: req.amountCents,
      retref: req.retref,
      againAfterUnknown: true,
    },
    (env) => call.gateway.void(env, { retref: req.retref, orderRef: req.orderRef }),
  );
}

/** Releases whatever the gateway holds under our order id (CardPointe's voidByOrderId). */
export async function voidByOrder(
  ctx: AppContext,
  call: MoneyCall & { orderId: string },
  amountCents: number,
): Promise<void> {
  const release = call.gateway.voidByOrder?.bind(call.gateway);
  if (!release) throw new GatewayUnavailable('This gateway cannot release by order id');
  await ledgered(
    ctx,
    call,
    {
      operation: 'void',
      key: LEDGER_KEYS.voidByOrder(call.orderId),
      amountCents,
      againAfterUnknown: true,
    },
    async (env) => {
      await release(env, { orderRef: call.orderId });
      return emptyResult(amountCents, 'Released by order id');
    },
  );
}

/** Refunds (part of) a captured charge under `key`; never repeated after an unknown outcome. */
export function refundPayment(
  ctx: AppContext,
  call: MoneyCall & { orderId: string },
  req: { retref: string; amountCents: number; cardLast4?: string | undefined; key: string },
): Promise<Moved> {
  return ledgered(
    ctx,
    call,
    {
      operation: 'refund',
      key: req.key,
      amountCents: req.amountCents,
      retref: req.retref,
      againAfterUnknown: false,
    },
    (env) =>
      call.gateway.refund(env, {
        retref: req.retref,
        amountCents: req.amountCents,
        ...(req.cardLast4 ? { cardLast4: req.cardLast4 } : {}),
      }),
    (result) => ({
      retref: result.retref || req.retref,
      authCode: result.authCode,
      responseCode: result.responseCode,
      message: result.message,
    }),
  );
}

/**
 * Replaces the tip of an open charge: the gateway's tip adjustment, or, for a provider that
 * adjusts by capturing (TipAdjustMode 'capture'), the capture of the new total — the order's one
 * capture. `chargeVersion` is the charge row's updatedAt, so each change is its own call.
 */
export function adjustTip(
  ctx: AppContext,
  call: MoneyCall & { orderId: string },
  req: { retref: string; amountCents: number; tipCents: number; chargeVersion: Date },
): Promise<Moved> {
  const { chargeVersion, ...ask } = req;
  if (call.gateway.capabilities.tipAdjust === 'capture') return capturePayment(ctx, call, ask);
  return ledgered(
    ctx,
    call,
    {
      operation: 'tip_adjust',
      key: LEDGER_KEYS.tip(call.orderId, chargeVersion, req.amountCents),
      amountCents: req.amountCents,
      tipCents: req.tipCents,
      retref: req.retref,
      againAfterUnknown: true,
    },
    (env) => call.gateway.tipAdjust(env, ask),
  );
}

/**
 * Asks the gateway what it holds under our order id (the recovery's look-up; moves no money).
 * Each look-up is a call of its own in the ledger, its answer in the row's message.
 */
export async function inquirePayment(
  ctx: AppContext,
  call: MoneyCall & { orderId: string },
): Promise<InquiryResult> {
  const inquire = call.gateway.inquireByOrder?.bind(call.gateway);
  if (!inquire) throw new GatewayUnavailable('This gateway has no look-up by order id');
  let found: InquiryResult = { found: false };
  await ledgered(
    ctx,
    call,
    {
      operation: 'inquire',
      key: `inquire:${call.orderId}:${randomUUID()}`,
      amountCents: 0,
      againAfterUnknown: false,
    },
    async (env) => {
      found = await inquire(env, { orderRef: call.orderId });
      return found.found
        ? { ...found.result, message: `Gateway shows ${found.status}` }
        : emptyResult(0, 'Not found at the gateway');
    },
    (result) => ({ message: result.message, responseCode: result.responseCode || null }),
  );
  return found;
}
