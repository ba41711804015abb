// The merchant's calls on the spec's provider paths (docs/decisions/provider-routes.md): each
// finds our charge by the gateway's transaction id (retref) among the signed-in merchant's own,
// checks that the path's provider is the store's, and then does what /api/transactions and the
// payment jobs already do — void and tip adjustment through the transactions service (same rules
// per provider, same per-order claim), capture like the reconciler's capture sweep, a return as
// a refund row. The amount is always the server's; one in the body is compared only.
import { isPlaced } from '../../../domain/orders/order-life.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { GatewayDeclined, GatewayError, type ProviderName } from '../../adapters/payments/index.js';
import {
  TRANSIT_TRANSACTION_ADJUSTMENT,
  TransitKeyError,
  generateTransitKey,
} from '../../adapters/payments/transit/index.js';
import type { TransitKeyRequest } from '../../../contract/payment-credentials.js';
import type { GatewayOrderView } from '../../../contract/provider-routes.js';
import type { TransactionView } from '../../../contract/transactions.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import { type MerchantRow, findMerchantBySlug } from '../merchants/index.js';
import {
  type OrderRow,
  claimOrderForAction,
  findOrder,
  recordCapture,
  recordOrderEvent,
  releaseOrderClaim,
} from '../orders/index.js';
import {
  LEDGER_KEYS,
  type TransactionRow,
  capturePayment,
  inquirePayment,
  refundPayment,
} from '../payments/index.js';
import {
  type PathProvider,
  requireGatewayOf,
  requireProvider,
  wrongProvider,
} from './card-check.service.js';
import {
  findChargeByRetref,
  findMerchantOrder,
  latestApprovedOperation,
  returnedCents,
} from './provider-routes.repository.js';

/** The merchant who acts (MerchantPrincipal): whose charges are in reach, and for the audit. */
export interface Acting {
  /** Merchant uuid. */
  id: string;
  /** The store's slug. */
  merchantId: string;
  sessionRef: string;
}

type KeyGenerator = (
  req: TransitKeyRequest,
  opts: { baseUrl?: string; timeoutMs?: number },
) => Promise<{ transactionKey: string }>;

/**
 * What this module uses of other modules whose public file does not offer it (the transactions
 * service; the payments module's credentials), handed in where the routes are registered
 * (src/server/routes.ts, a composition root: docs/decisions/module-boundaries.md).
 */
export interface ProviderDeps {
  getOrderTransaction(
    ctx: AppContext,
    merchantId: string,
    orderRef: string,
  ): Promise<TransactionView>;
  voidTransaction(
    ctx: AppContext,
    merchantId: string,
    transactionId: string,
    actor: { sessionRef: string },
  ): Promise<TransactionView>;
  adjustTransactionTips(
    ctx: AppContext,
    merchantId: string,
    transactionId: string,
    input: { adjustedTips?: string | number | null; amountCents?: number | undefined },
    actor: { sessionRef: string },
  ): Promise<TransactionView>;
  setPaymentProvider(
    ctx: AppContext,
    merchantUuid: string,
    input: { provider: ProviderName; credentials?: Record<string, string> | null },
  ): Promise<void>;
  /** TransIT GenerateKey (tests may hand in a stand-in); the adapter's by default. */
  generateTransitKey?: KeyGenerator;
}

/** How long a capture or return holds its order against a void or tip adjustment racing it. */
const CLAIM_MS = 2 * 60_000;

export const PROVIDER_MESSAGES = {
  captureFailed: 'Fail to capture payment',
  returnFailed: 'Fail to return payment',
  amountDiffers: (cents: number) =>
    `The amount of this order is ${cents} cents: the server uses its own amount`,
  busy: 'Another change to this order is in progress',
  notThisProvider: (provider: string) => `This payment was not made with ${provider}`,
  keyRefused: 'TransIT refused the key request',
} as const;

async function loadMerchant(ctx: AppContext, merchantId: string): Promise<MerchantRow> {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant;
}

/** The merchant's charge with this retref and its order, made with the path's provider. */
async function loadCharge(ctx: AppContext, provider: PathProvider, who: Acting, retref: string) {
  const merchant = await loadMerchant(ctx, who.merchantId);
  requireProvider(merchant, provider);
  const charge = await findChargeByRetref(ctx.db, merchant.id, retref);
  const order = charge?.orderId ? await findOrder(ctx.db, charge.orderId) : undefined;
  if (!charge || !order || order.merchantId !== merchant.id) throw notFound('Transaction');
  if (charge.provider !== provider) {
    throw new AppError('conflict', PROVIDER_MESSAGES.notThisProvider(provider), [
      { path: ['body', 'retref'], message: PROVIDER_MESSAGES.notThisProvider(provider) },
    ]);
  }
  return { merchant, charge, order };
}

function compareAmount(sent: number | undefined, serverCents: number, failure: string): void {
  if (sent === undefined || sent === serverCents) return;
  throw new AppError('conflict', failure, [
    { path: ['body', 'amount'], message: PROVIDER_MESSAGES.amountDiffers(serverCents) },
  ]);
}

function gatewayFailure(err: unknown, message: string): AppError {
  if (err instanceof GatewayDeclined) {
    return new AppError('payment_declined', message, [
      { path: ['body', 'retref'], message: err.message },
    ]);
  }
  if (err instanceof GatewayError) return new AppError('upstream_unavailable', message);
  throw err;
}

const auditActor = (merchant: MerchantRow, who: Acting): AuditActor => ({
  merchantUuid: merchant.id,
  sessionRef: who.sessionRef,
});

/** Holds the order for one action, or 409 while another holds it. */
async function claim(ctx: AppContext, order: OrderRow, action: string, failure: string) {
  const now = ctx.clock.now();
  const claimed = await claimOrderForAction(
    ctx.db,
    order.id,
    action,
    now,
    new Date(now.getTime() + CLAIM_MS),
  );
  if (!claimed) {
    throw new AppError('conflict', failure, [
      { path: ['body', 'retref'], message: PROVIDER_MESSAGES.busy },
    ]);
  }
  return claimed;
}

/**
 * Writes what the gateway did. Should that fail, the money has moved without our record: say so
 * in the log with the order (the merchant sees the gateway's portal) and answer a plain 500.
 */
async function savedAfterGateway<T>(
  ctx: AppContext,
  orderId: string,
  action: string,
  failure: string,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(write);
  } catch (err) {
    ctx.log.error({ err, orderId, action }, 'done at the gateway but not saved');
    throw new AppError('internal', failure);
  }
}

async function failedAtGateway(
  ctx: AppContext,
  who: AuditActor,
  order: OrderRow,
  action: string,
  err: unknown,
): Promise<void> {
  ctx.log.warn(
    { orderId: order.id, action, err: String(err) },
    'provider call failed at the gateway',
  );
  await ctx.db.transaction(async (tx) => {
    await releaseOrderClaim(tx, order.id, action);
    await insertAudit(
      tx,
      auditEntry(
        who,
        action,
        ctx.clock.now(),
        {
          outcome: err instanceof GatewayDeclined ? 'declined' : 'gateway_error',
          message: err instanceof Error ? err.message : String(err),
        },
        order.id,
      ),
    );
  });
}

// ---------------------------------------------------------------- look-up (cardPointe)

/** The gateway's view of one of the merchant's orders: status and amounts, no card data. */
export async function inquireOrder(
  ctx: AppContext,
  provider: PathProvider,
  merchantId: string,
  orderRef: string,
): Promise<GatewayOrderView> {
  const merchant = await loadMerchant(ctx, merchantId);
  requireProvider(merchant, provider);
  const order = await findMerchantOrder(ctx.db, merchant.id, orderRef);
  if (!order) throw notFound('Order');
  const gateway = requireGatewayOf(ctx, provider);
  if (!gateway.inquireByOrder) {
    throw new AppError('conflict', `${provider} has no look-up by order`);
  }
  try {
    const found = await inquirePayment(ctx, { merchant, gateway, orderId: order.id });
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      found: found.found,
      status: found.found ? found.status : null,
      amountCents: found.found ? found.result.amountCents : null,
      tipCents: found.found ? found.result.tipCents : null,
    };
  } catch (err) {
    if (err instanceof GatewayError) {
      throw new AppError('upstream_unavailable', 'The gateway could not be asked right now');
    }
    throw err;
  }
}

// ---------------------------------------------------------------- capture

/**
 * Captures the order's authorisation with the order's total (the reconciler's capture sweep,
 * for one order, now): only a placed order whose payment is still 'authorized'.
 */
export async function captureByRetref(
  ctx: AppContext,
  provider: PathProvider,
  who: Acting,
  input: { retref: string; amount?: number | undefined },
  deps: ProviderDeps,
): Promise<TransactionView> {
  const failure = PROVIDER_MESSAGES.captureFailed;
  const { merchant, charge, order } = await loadCharge(ctx, provider, who, input.retref);
  compareAmount(input.amount, order.totalCents, failure);
  const refuse = (why: string) =>
    new AppError('conflict', failure, [{ path: ['body', 'retref'], message: why }]);
  const check = (o: OrderRow) => {
    if (!isPlaced(o.state)) return refuse('This order is not placed');
    if (
      charge.operation !== 'auth' ||
      charge.status !== 'approved' ||
      o.paymentStatus !== 'authorized'
    )
      return refuse('This payment is not an open authorisation');
    return null;
  };
  const early = check(order);
  if (early) throw early;
  const gateway = requireGatewayOf(ctx, provider);
  const held = await claim(ctx, order, 'capture', failure);
  const late = check(held);
  if (late) {
    await releaseOrderClaim(ctx.db, held.id, 'capture');
    throw late;
  }
  const actor = auditActor(merchant, who);
  const tipCents = held.tipsCents + held.fixedTipsCents;
  try {
    // The order's one capture (the end-of-day sweep's too), its ledger row written by payments.
    await capturePayment(
      ctx,
      { merchant, gateway, orderId: held.id },
      { retref: charge.retref ?? '', amountCents: held.totalCents, tipCents },
    );
  } catch (err) {
    await failedAtGateway(ctx, actor, held, 'capture', err);
    throw gatewayFailure(err, failure);
  }
  const now = ctx.clock.now();
  await savedAfterGateway(ctx, held.id, 'capture', failure, async (tx) => {
    // The capture command (order-life.md): captured, the state as it is.
    await recordCapture(ctx, tx, { merchantUuid: merchant.id, orderId: held.id });
    await releaseOrderClaim(tx, held.id, 'capture');
    await insertAudit(
      tx,
      auditEntry(
        actor,
        'capture',
        now,
        { outcome: 'approved', amountCents: held.totalCents, provider },
        held.id,
      ),
    );
  });
  return deps.getOrderTransaction(ctx, merchant.merchantId, held.id);
}

// ---------------------------------------------------------------- void, tip adjustment

export interface ActionOutcome {
  view: TransactionView;
  charge: TransactionRow;
  /** The approved row the action wrote (its code, auth code), when found. */
  row: TransactionRow | undefined;
}

/** Voids the charge through the transactions service (its rules per provider: T4.58–T4.61). */
export async function voidByRetref(
  ctx: AppContext,
  provider: PathProvider,
  who: Acting,
  retref: string,
  deps: ProviderDeps,
): Promise<ActionOutcome> {
  const { merchant, charge, order } = await loadCharge(ctx, provider, who, retref);
  const view = await deps.voidTransaction(ctx, merchant.merchantId, charge.id, who);
  const row = await latestApprovedOperation(ctx.db, order.id, ['void']);
  return { view, charge, row };
}

/** Replaces the tips through the transactions service (same day, T4.62–T4.63). */
export async function adjustTipsByRetref(
  ctx: AppContext,
  provider: PathProvider,
  who: Acting,
  input: { retref: string; adjustedTips?: string | number | null | undefined },
  deps: ProviderDeps,
): Promise<ActionOutcome> {
  const { merchant, charge, order } = await loadCharge(ctx, provider, who, input.retref);
  const view = await deps.adjustTransactionTips(
    ctx,
    merchant.merchantId,
    charge.id,
    { adjustedTips: input.adjustedTips },
    who,
  );
  const row = await latestApprovedOperation(ctx.db, order.id, ['tip_adjust', 'capture']);
  return { view, charge, row };
}

// ---------------------------------------------------------------- return

/**
 * Returns a captured charge in full: what is left of the order's total after earlier returns
 * (once, in practice). Recorded as a 'refund' row; the order stays as it was.
 */
export async function returnByRetref(
  ctx: AppContext,
  provider: PathProvider,
  who: Acting,
  input: { retref: string; amount?: number | undefined },
  deps: ProviderDeps,
): Promise<ActionOutcome & { returnedCents: number }> {
  const failure = PROVIDER_MESSAGES.returnFailed;
  const { merchant, charge, order } = await loadCharge(ctx, provider, who, input.retref);
  const refuse = (why: string) =>
    new AppError('conflict', failure, [{ path: ['body', 'retref'], message: why }]);
  const gateway = requireGatewayOf(ctx, provider);
  if (!gateway.capabilities.refund)
    throw refuse(`Returns are not available for provider ${provider}`);
  const left = async (o: OrderRow) => {
    if (!isPlaced(o.state)) throw refuse('This order is not placed');
    if (charge.status !== 'approved' || o.paymentStatus !== 'captured')
      throw refuse('Only a captured payment can be returned; void it instead');
    const due = o.totalCents - (await returnedCents(ctx.db, o.id));
    if (due <= 0) throw refuse('This payment was already returned');
    return due;
  };
  compareAmount(input.amount, await left(order), failure);
  const held = await claim(ctx, order, 'refund', failure);
  let due: number;
  try {
    due = await left(held);
    compareAmount(input.amount, due, failure);
  } catch (err) {
    await releaseOrderClaim(ctx.db, held.id, 'refund');
    throw err;
  }
  const actor = auditActor(merchant, who);
  let saved: TransactionRow;
  try {
    // Keyed by what was returned before: a repeated return of the same remainder pays once.
    const moved = await refundPayment(
      ctx,
      { merchant, gateway, orderId: held.id },
      {
        retref: charge.retref ?? '',
        amountCents: due,
        key: LEDGER_KEYS.returnAfter(held.id, held.totalCents - due),
      },
    );
    saved = moved.row;
  } catch (err) {
    await failedAtGateway(ctx, actor, held, 'refund', err);
    throw gatewayFailure(err, failure);
  }
  const now = ctx.clock.now();
  const row = await savedAfterGateway(ctx, held.id, 'refund', failure, async (tx) => {
    await releaseOrderClaim(tx, held.id, 'refund');
    await recordOrderEvent(tx, merchant.id, held.id, 'updated');
    await insertAudit(
      tx,
      auditEntry(
        actor,
        'refund',
        now,
        { outcome: 'approved', amountCents: due, provider },
        held.id,
      ),
    );
    return saved;
  });
  const view = await deps.getOrderTransaction(ctx, merchant.merchantId, held.id);
  return { view, charge, row, returnedCents: due };
}

// ---------------------------------------------------------------- tsys2 only

/** C7.75: TransIT documents no TransactionAdjustment operation (docs/protocols/transit.md). */
export function refuseTransactionAdjustment(): never {
  throw new AppError(
    'invalid_input',
    'TSYS does not support transaction adjustment; use tip adjustment',
    [{ path: ['body'], message: TRANSIT_TRANSACTION_ADJUSTMENT.reason }],
  );
}

/**
 * C7.71 made safe: runs GenerateKey for the signed-in merchant and keeps the key with the store's
 * encrypted TransIT credentials (tsys or tsys2, whichever the store uses). The key is never
 * answered, logged or audited; the login (mid, user, password) is not kept.
 */
export async function generateKeyFor(
  ctx: AppContext,
  who: Acting,
  req: TransitKeyRequest & { provider?: 'tsys' | 'tsys2' | undefined },
  deps: ProviderDeps,
): Promise<{ success: true }> {
  const merchant = await loadMerchant(ctx, who.merchantId);
  const provider = req.provider ?? merchant.ecommProvider;
  if (provider !== 'tsys2' && provider !== 'tsys') throw wrongProvider('tsys2');
  const generate = deps.generateTransitKey ?? generateTransitKey;
  let key: { transactionKey: string };
  try {
    key = await generate(req, {
      ...(ctx.config.gateways.transitBaseUrl
        ? { baseUrl: ctx.config.gateways.transitBaseUrl }
        : {}),
      timeoutMs: ctx.config.gateways.timeoutMs,
    });
  } catch (err) {
    if (err instanceof TransitKeyError) {
      throw new AppError('invalid_input', PROVIDER_MESSAGES.keyRefused, [
        { path: ['body'], message: err.message },
      ]);
    }
    if (err instanceof GatewayError) {
      throw new AppError('upstream_unavailable', 'TransIT could not be reached, please try again');
    }
    throw err;
  }
  const credentials: Record<string, string> = {
    deviceId: req.deviceId,
    transactionKey: key.transactionKey,
    environment: req.environment,
    ...(req.developerId ? { developerId: req.developerId } : {}),
  };
  await deps.setPaymentProvider(ctx, merchant.id, { provider, credentials });
  await insertAudit(
    ctx.db,
    auditEntry(auditActor(merchant, who), 'payment_credentials', ctx.clock.now(), {
      provider,
      deviceId: req.deviceId,
      environment: req.environment,
      via: 'generateKey',
    }),
  );
  return { success: true };
}
