// Send order's payment core: writes the order (awaiting payment, with the diner's idempotency
// key) before any gateway call, calls the merchant's gateway with our order id, then places or
// fails the order in one transaction. An unknown outcome leaves the order awaiting payment for the
// reconciler. Contract and states: docs/decisions/payments-core.md.
import { isNumbered } from '../../../domain/orders/order-life.js';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context.js';
import {
  type CardInput,
  GatewayDeclined,
  GatewayError,
  type GatewayEnv,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentResult,
} from '../../adapters/payments/index.js';
import { MESSAGES } from '../../../domain/messages.js';
import { type CardContext, makeCardFieldsSchema } from '../../../domain/validation/forms.js';
import {
  AppError,
  type ErrorCode,
  type FieldIssue,
  invalidInput,
  notFound,
} from '../../lib/app-error.js';
import { type MerchantRow, findMerchantBySlug, findMerchantByUuid } from '../merchants/index.js';
import {
  type OrderDraft,
  type OrderRow,
  type PaymentStatus,
  type PlacementKnown,
  checkDraft,
  createAwaitingOrder,
  failOrder,
  findOrder,
  lockOrder,
  orderRowFrom,
  placeOrder,
  recordRelease,
} from '../orders/index.js';
import { LEDGER_KEYS, authoriseCharge, voidPayment } from './money.js';
import {
  type MerchantForPayment,
  PAYMENT_MESSAGES,
  gatewayEnv,
  gatewayOf,
  requestFingerprint,
  requireGateway,
} from './gateway.js';
import {
  type TransactionRow,
  findOrderWithCharge,
  insertTransaction,
  resultFields,
  updateTransaction,
} from './payments.repository.js';

/** The card fields as the checkout sends them; missing ones answer "Missing required field". */
export interface CardFieldsInput {
  number?: string | null;
  /** MMYY (a "/" is ignored). */
  expiry?: string | null;
  cvv?: string | null;
  billingStreet?: string | null;
  billingZip?: string | null;
  name?: string | null;
}

export type PaymentInput = { method: 'cash' } | { method: 'creditcard'; card: CardFieldsInput };

export interface SendOrderInput {
  /** The spec's merchantId (the store's slug). */
  merchantId: string;
  /** The merchant's row when the caller already read it (send order does), so it is read once. */
  merchant?: MerchantRow;
  /**
   * The fingerprint of the caller's request when it makes its own (send order fingerprints the
   * request it received, so a replay can be judged before repricing); else one of the draft.
   */
  requestFingerprint?: string;
  anonUserId: string;
  customerId?: string | null;
  /** Made by the browser once per "Place the order" attempt and kept across its retries. */
  idempotencyKey: string;
  order: OrderDraft;
  payment: PaymentInput;
}

export interface SendOrderResult {
  /** The spec's _id. */
  orderId: string;
  /** placed, or awaiting_payment when the gateway's answer is not known yet (see `message`). */
  state: 'placed' | 'awaiting_payment';
  /** The spec's orderId and dailyOrderId; null until placed. */
  orderNumber: number | null;
  dailyOrderNumber: number | null;
  businessDate: string | null;
  totalCents: number;
  paymentMethod: 'cash' | 'creditcard';
  paid: boolean;
  /** The spec's transactionId (card orders). */
  transactionId: string | null;
  card: { last4: string; brand: string } | null;
  /** True when this answer is for an earlier request with the same idempotency key. */
  replayed: boolean;
  message: string | null;
  /** Set while a hosted card page (Converge) is to be completed in the browser. */
  hostedPayment: HostedPaymentStep | null;
}

/** What the browser needs to open the provider's own card page for an awaiting order. */
export interface HostedPaymentStep {
  provider: string;
  scriptUrl: string;
}

export interface SendOrderOptions {
  /** How long a retry waits for the first request of its key to finish (default 15 s). */
  replayWaitMs?: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const CARD_FIELDS = ['number', 'expiry', 'cvv', 'billingStreet', 'billingZip'] as const;

/**
 * The card schema, built once per Amex setting: building a zod object costs about as much as the
 * rest of the card check (a profile of send order). Its refinements read `now` and `zone` from
 * the context object when they run, so each parse sets them first; safeParse is synchronous, so
 * no other request can change them in between.
 */
const cardSchemas = new Map<
  boolean,
  { context: CardContext; schema: ReturnType<typeof makeCardFieldsSchema> }
>();
function cardSchemaFor(ctx: { now: Date; zone: string; allowAmex: boolean }) {
  let entry = cardSchemas.get(ctx.allowAmex);
  if (!entry) {
    const context: CardContext = { now: 0, zone: 'UTC', allowAmex: ctx.allowAmex };
    entry = { context, schema: makeCardFieldsSchema(context) };
    cardSchemas.set(ctx.allowAmex, entry);
  }
  entry.context.now = ctx.now.getTime();
  entry.context.zone = ctx.zone;
  return entry.schema;
}

function checkCard(
  card: CardFieldsInput,
  ctx: { now: Date; zone: string; allowAmex: boolean },
): CardInput {
  const missing = CARD_FIELDS.filter((f) => !card[f] || String(card[f]).trim() === '');
  if (missing.length > 0) {
    throw new AppError(
      'invalid_input',
      MESSAGES.MISSING_REQUIRED_FIELD,
      missing.map((f) => ({ path: ['payment', 'card', f], message: MESSAGES.REQUIRED })),
    );
  }
  const parsed = cardSchemaFor(ctx).safeParse({
    cardNumber: card.number,
    cvv: card.cvv,
    expiry: card.expiry,
    billingStreet: card.billingStreet,
    billingZip: card.billingZip,
  });
  if (!parsed.success) {
    const field = (key: PropertyKey | undefined) => (key === 'cardNumber' ? 'number' : String(key));
    const issues: FieldIssue[] = parsed.error.issues.map((i) => ({
      path: ['payment', 'card', field(i.path[0])],
      message: i.message,
    }));
    throw new AppError('invalid_input', MESSAGES.INVALID_CARD, issues);
  }
  return {
    number: parsed.data.cardNumber,
    expiry: parsed.data.expiry,
    cvv: parsed.data.cvv,
    billingStreet: parsed.data.billingStreet,
    billingZip: parsed.data.billingZip,
    name: card.name?.trim() || undefined,
  };
}

export function resultOf(
  order: OrderRow,
  charge: TransactionRow | undefined,
  replayed: boolean,
  hosted: HostedPaymentStep | null = null,
): SendOrderResult {
  return {
    orderId: order.id,
    state: order.state === 'awaiting_payment' ? 'awaiting_payment' : 'placed',
    orderNumber: order.orderNumber,
    dailyOrderNumber: order.dailyOrderNumber,
    businessDate: order.businessDate,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod === 'creditcard' ? 'creditcard' : 'cash',
    paid: order.paid,
    transactionId: order.transactionId,
    card:
      charge?.cardLast4 && charge.cardBrand
        ? { last4: charge.cardLast4, brand: charge.cardBrand }
        : null,
    replayed,
    message:
      order.state !== 'awaiting_payment'
        ? null
        : hosted
          ? PAYMENT_MESSAGES.hostedPage
          : PAYMENT_MESSAGES.pending,
    hostedPayment: order.state === 'awaiting_payment' ? hosted : null,
  };
}

/** A failed order answers, every time, with the error it failed with. */
export function failureOf(order: OrderRow): AppError {
  const code = (order.failureCode ?? 'payment_declined') as ErrorCode;
  return new AppError(code, order.failureReason ?? PAYMENT_MESSAGES.notCompleted);
}

/**
 * Places an order, charging the card first when it is paid by card. See the contract in
 * docs/decisions/payments-core.md. Throws AppError: invalid_input ("Missing required field",
 * "Invalid credit card information provided.", bad draft), not_found (merchant), conflict (key
 * reused for another request), payment_declined, upstream_unavailable.
 */
export async function placeOrderWithPayment(
  ctx: AppContext,
  input: SendOrderInput,
  opts: SendOrderOptions = {},
): Promise<SendOrderResult> {
  const merchant = input.merchant ?? (await findMerchantBySlug(ctx.db, input.merchantId));
  if (!merchant) throw notFound('Merchant');
  const now = ctx.clock.now();
  const { gateway, card } = checkRequest(ctx, merchant, input, now);
  const fingerprint = input.requestFingerprint ?? draftFingerprint(ctx, merchant, input, card);
  const row = orderRowFrom(input.order, {
    merchantUuid: merchant.id,
    anonUserId: input.anonUserId,
    customerId: input.customerId ?? null,
    idempotencyKey: input.idempotencyKey,
    requestFingerprint: fingerprint,
    paymentMethod: input.payment.method,
    createdAt: now,
  });
  const placed = gateway
    ? await placeCardOrder(ctx, { merchant, gateway, card, row, lines: input.order.lines, now })
    : await placeCashOrder(ctx, merchant, row, input.order.lines);
  return placed ?? replay(ctx, merchant.id, input, fingerprint, opts);
}

/**
 * The request's own checks (key, diner, draft, payment method the store takes) and, for a card
 * typed here, the card's fields; the merchant's gateway for a card order.
 */
function checkRequest(ctx: AppContext, merchant: MerchantRow, input: SendOrderInput, now: Date) {
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) {
    throw invalidInput('Invalid idempotency key', [
      { path: ['idempotencyKey'], message: 'Invalid' },
    ]);
  }
  if (!input.anonUserId || input.anonUserId.length > 100) {
    throw invalidInput('Invalid user id', [{ path: ['anonUserId'], message: 'Invalid' }]);
  }
  checkDraft(input.order);
  const method = input.payment.method;
  if (method === 'creditcard' ? !merchant.supportCreditcardPayment : !merchant.supportCashPayment) {
    throw invalidInput('This store does not take this payment method', [
      { path: ['payment', 'method'], message: 'Invalid' },
    ]);
  }
  if (input.payment.method !== 'creditcard') return { gateway: null, card: null };
  const gateway = requireGateway(ctx, merchant.ecommProvider);
  // A hosted page takes the card itself, after the order is written: no card fields here.
  const card = gateway.hosted
    ? null
    : checkCard(input.payment.card, {
        now,
        zone: merchant.timeZone,
        allowAmex: merchant.allowAmericanExpressCard,
      });
  return { gateway, card };
}

/** The fingerprint of a draft when the caller did not fingerprint its own request. */
function draftFingerprint(
  ctx: AppContext,
  merchant: MerchantRow,
  input: SendOrderInput,
  card: CardInput | null,
): string {
  const method = input.payment.method;
  return requestFingerprint(ctx.config.credentialsKey, {
    merchantId: merchant.id,
    anonUserId: input.anonUserId,
    customerId: input.customerId ?? null,
    order: input.order,
    // Only what may be kept of a card (docs/design/security.md) goes into the fingerprint, not
    // its number or CVV, even hashed: last four, expiry and billing ZIP tell two attempts apart.
    payment: card
      ? { method, last4: card.number.slice(-4), expiry: card.expiry, billingZip: card.billingZip }
      : { method },
  });
}

type NewOrderRow = ReturnType<typeof orderRowFrom>;

/** Cash: nothing to wait for, written and placed in one transaction; undefined when the key is used. */
async function placeCashOrder(
  ctx: AppContext,
  merchant: MerchantRow,
  row: NewOrderRow,
  lines: OrderDraft['lines'],
): Promise<SendOrderResult | undefined> {
  const placed = await ctx.db.transaction(async (tx) => {
    const created = await createAwaitingOrder(tx, row, lines);
    if (!created) return undefined;
    return placeOrder(
      ctx,
      tx,
      created.order.id,
      merchant.timeZone,
      { paid: false, paymentStatus: 'none', transactionId: null, paymentProvider: null },
      { merchant, lines: created.lines },
    );
  });
  return placed ? resultOf(placed, undefined, false) : undefined;
}

interface CardOrder {
  merchant: MerchantRow;
  gateway: PaymentGateway;
  /** The card typed here; null when the provider's own page takes it. */
  card: CardInput | null;
  row: NewOrderRow;
  lines: OrderDraft['lines'];
  now: Date;
}

/**
 * Card: the order is written pending with its charge's ledger row, then charged (or handed to the
 * provider's page); undefined when the key is used.
 */
async function placeCardOrder(ctx: AppContext, c: CardOrder): Promise<SendOrderResult | undefined> {
  const created = await writePendingCardOrder(ctx, c);
  if (!created) return undefined;
  const { order, charge } = created;
  if (c.gateway.hosted || !c.card) {
    // The diner pays on the provider's page next; the order waits for the confirmation
    // (hosted-payments.service.ts), or for the reconciler once the page's window is over.
    const env = gatewayEnv(ctx, c.merchant, c.gateway);
    return resultOf(order, charge, false, hostedStep(c.gateway, env));
  }
  return chargeCard(ctx, c, c.card, created);
}

/** The order, pending, and its charge's ledger row in one transaction (ids made here). */
async function writePendingCardOrder(ctx: AppContext, c: CardOrder) {
  const { merchant, gateway, now } = c;
  const operation = gateway.capabilities.flow === 'sale' ? 'sale' : 'auth';
  // The charge's id is made here so the order is written pending with it in one insert.
  const chargeId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const written = await createAwaitingOrder(
      tx,
      {
        ...c.row,
        paymentStatus: 'pending',
        paymentProvider: gateway.provider,
        transactionId: chargeId,
      },
      c.lines,
    );
    if (!written) return undefined;
    const charge = await insertTransaction(tx, {
      id: chargeId,
      merchantId: merchant.id,
      orderId: written.order.id,
      provider: gateway.provider,
      operation,
      // The charge's ledger row, claimed with the order (money.ts authoriseCharge).
      idempotencyKey: LEDGER_KEYS.charge(written.order.id),
      status: 'pending',
      amountCents: written.order.totalCents,
      tipCents: written.order.tipsCents + written.order.fixedTipsCents,
      createdAt: now,
      updatedAt: now,
    });
    return { order: written.order, lines: written.lines, charge };
  });
}

/** Authorises (or sells) the card, then places or fails the order with the gateway's answer. */
async function chargeCard(
  ctx: AppContext,
  { merchant, gateway }: CardOrder,
  card: CardInput,
  created: NonNullable<Awaited<ReturnType<typeof writePendingCardOrder>>>,
): Promise<SendOrderResult> {
  const { order, charge } = created;
  const request = {
    orderRef: order.id,
    amountCents: order.totalCents,
    tipCents: order.tipsCents + order.fixedTipsCents,
    card,
  };
  let result: PaymentResult;
  try {
    result = await authoriseCharge(ctx, { merchant, gateway, orderId: order.id }, charge, request);
  } catch (err) {
    await recordChargeFailure(ctx, order, charge, err);
    // Only reached for an unknown outcome: the order waits for the reconciler.
    return resultOf((await findOrder(ctx.db, order.id)) ?? order, charge, false);
  }
  let settled: Settlement;
  try {
    settled = await settleApproval(ctx, merchant, order.id, charge.id, gateway, result, {
      status: charge.operation === 'sale' ? 'captured' : 'authorized',
      canPlace: true,
      known: { merchant, lines: created.lines },
    });
  } catch (err) {
    await keepApprovalForReconciler(ctx, order.id, charge.id, result, err);
    return resultOf((await findOrder(ctx.db, order.id)) ?? order, charge, false);
  }
  if (settled.kind === 'placed') return resultOf(settled.order, settled.charge, false);
  const current = (await findOrder(ctx.db, order.id)) ?? order;
  if (current.state === 'failed') throw failureOf(current);
  return resultOf(current, settled.charge, false);
}

/**
 * The charge went through but neither placing the order nor failing it could be written (the
 * database is away): the order waits, and the reconciler finds the charge by order id.
 */
async function keepApprovalForReconciler(
  ctx: AppContext,
  orderId: string,
  chargeId: string,
  result: PaymentResult,
  err: unknown,
): Promise<void> {
  ctx.log.error({ err, orderId }, 'approved payment could not be recorded yet');
  // The approval's fields (its transaction id above all) are kept: a provider without a look-up
  // by order id releases the charge by that id (reconciler, settleWithoutLookup).
  await updateTransaction(ctx.db, chargeId, {
    ...resultFields(result),
    status: 'unknown',
    message: 'Approved; placement pending',
    updatedAt: ctx.clock.now(),
  }).catch(() => undefined);
}

/**
 * Records a gateway error on the pending charge. A decline or an unreachable gateway fails the
 * order (and throws the diner's error); an unknown outcome leaves it awaiting payment.
 */
async function recordChargeFailure(
  ctx: AppContext,
  order: OrderRow,
  charge: TransactionRow,
  err: unknown,
): Promise<void> {
  const now = ctx.clock.now();
  if (err instanceof GatewayDeclined || err instanceof GatewayUnavailable) {
    const declined = err instanceof GatewayDeclined;
    const failure = declined
      ? { code: 'payment_declined' as const, reason: PAYMENT_MESSAGES.declined(err.message) }
      : { code: 'upstream_unavailable' as const, reason: PAYMENT_MESSAGES.unavailable };
    const failed = await ctx.db.transaction(async (tx) => {
      await updateTransaction(tx, charge.id, {
        status: declined ? 'declined' : 'error',
        responseCode: declined ? err.responseCode : null,
        message: err.message,
        updatedAt: now,
      });
      return failOrder(ctx, tx, order.id, {
        ...failure,
        paymentStatus: declined ? 'declined' : 'none',
      });
    });
    throw failed ? failureOf(failed) : new AppError(failure.code, failure.reason);
  }
  // Timeout, garbage, or a bug of ours after sending: we cannot know whether money moved.
  ctx.log.warn(
    { orderId: order.id, err: err instanceof GatewayError ? err.message : String(err) },
    'payment outcome unknown; the reconciler will resolve the order',
  );
  await updateTransaction(ctx.db, charge.id, {
    status: 'unknown',
    message: err instanceof GatewayError ? err.message : 'Outcome unknown',
    updatedAt: now,
  });
}

export type Settlement =
  | { kind: 'placed'; order: OrderRow; charge: TransactionRow }
  | { kind: 'failed'; order: OrderRow; charge: TransactionRow }
  /** Approved but not acceptable, and the void did not go through: try again later. */
  | { kind: 'unreleased'; charge: TransactionRow }
  /** Someone else moved the order on first (e.g. the reconciler and the request raced). */
  | { kind: 'moved_on'; charge: TransactionRow };

/**
 * An approval (from the answer or from a look-up) becomes a placed order — or, when its address
 * or CVV result is refused, the order can no longer be placed, or placing it throws (a hook, the
 * database), a failed order and a voided charge, at once. Used by send order, the hosted page's
 * confirmation and the reconciler. Throws only when even failing the order cannot be written.
 */
export async function settleApproval(
  ctx: AppContext,
  merchant: MerchantForPayment & { timeZone: string },
  orderId: string,
  chargeId: string,
  gateway: PaymentGateway,
  result: PaymentResult,
  opts: {
    status: Extract<PaymentStatus, 'authorized' | 'captured'>;
    canPlace: boolean;
    /** What the placing request already read (merchant, order lines), passed to the hooks. */
    known?: PlacementKnown;
  },
): Promise<Settlement> {
  const now = ctx.clock.now();
  const verdict = gateway.acceptsVerification(result);
  if (verdict.ok && opts.canPlace) {
    let outcome: { charge: TransactionRow; placed: OrderRow | undefined };
    try {
      outcome = await ctx.db.transaction(async (tx) => {
        const charge = await updateTransaction(tx, chargeId, {
          status: 'approved',
          ...resultFields(result),
          amountCents: result.amountCents,
          updatedAt: now,
        });
        const placed = await placeOrder(
          ctx,
          tx,
          orderId,
          merchant.timeZone,
          {
            paid: true,
            paymentStatus: opts.status,
            transactionId: chargeId,
            paymentProvider: gateway.provider,
          },
          opts.known,
        );
        return { charge, placed };
      });
    } catch (err) {
      // Placing threw after the money moved (a hook, the database): retrying it later would keep
      // the card held for as long as it keeps throwing, so the order fails and the card is
      // released now (docs/decisions/payments-core.md). The diner is told so and may order again.
      ctx.log.error({ err, orderId }, 'an approved order could not be placed; releasing the card');
      return failAndRelease(ctx, merchant, orderId, chargeId, gateway, result, opts.status);
    }
    if (outcome.placed) return { kind: 'placed', order: outcome.placed, charge: outcome.charge };
    const current = await findOrder(ctx.db, orderId);
    if (current && isNumbered(current.state)) {
      return { kind: 'placed', order: current, charge: outcome.charge };
    }
    // The order was failed meanwhile: the money must not stay taken.
    return releaseCharge(ctx, merchant, orderId, outcome.charge, gateway, opts.status, null);
  }
  const charge = await updateTransaction(ctx.db, chargeId, {
    status: 'approved',
    ...resultFields(result),
    amountCents: result.amountCents,
    updatedAt: now,
  });
  const reason = !verdict.ok
    ? { code: 'payment_declined' as const, reason: PAYMENT_MESSAGES[verdict.reason] }
    : { code: 'upstream_unavailable' as const, reason: PAYMENT_MESSAGES.tooLate };
  return releaseCharge(ctx, merchant, orderId, charge, gateway, opts.status, reason);
}

/**
 * An approval whose order could not be placed: the order fails first (still holding the charge,
 * so the release sweep retries a void that does not go through), then the charge is voided. The
 * order is failed before the void so it can never be placed after its card was released.
 */
async function failAndRelease(
  ctx: AppContext,
  merchant: MerchantForPayment,
  orderId: string,
  chargeId: string,
  gateway: PaymentGateway,
  result: PaymentResult,
  heldAs: Extract<PaymentStatus, 'authorized' | 'captured'>,
): Promise<Settlement> {
  const now = ctx.clock.now();
  const { charge, failed } = await ctx.db.transaction(async (tx) => {
    const charge = await updateTransaction(tx, chargeId, {
      status: 'approved',
      ...resultFields(result),
      amountCents: result.amountCents,
      message: 'Approved; the order could not be placed',
      updatedAt: now,
    });
    const failed = await failOrder(ctx, tx, orderId, {
      code: 'payment_declined',
      reason: PAYMENT_MESSAGES.placementFailed,
      paymentStatus: heldAs,
    });
    return { charge, failed };
  });
  if (!failed) {
    // Someone else moved the order on meanwhile (the reconciler placed it): keep what they did.
    const current = await findOrder(ctx.db, orderId);
    if (current && isNumbered(current.state)) {
      return { kind: 'placed', order: current, charge };
    }
    if (current?.state !== 'failed') return { kind: 'moved_on', charge };
  }
  return releaseCharge(ctx, merchant, orderId, charge, gateway, heldAs, null);
}

/**
 * Voids an approved charge and, when `failure` is given, fails the order with it. When the void
 * does not go through, a failed order keeps paymentStatus authorized/captured so the reconciler's
 * release sweep retries; an awaiting order stays awaiting for the reconciler.
 */
export async function releaseCharge(
  ctx: AppContext,
  merchant: MerchantForPayment,
  orderId: string,
  charge: TransactionRow,
  gateway: PaymentGateway,
  heldAs: Extract<PaymentStatus, 'authorized' | 'captured'>,
  failure: { code: ErrorCode; reason: string } | null,
): Promise<Settlement> {
  let voided: PaymentResult | null = null;
  try {
    const moved = await voidPayment(
      ctx,
      { merchant, gateway, orderId },
      { retref: charge.retref ?? '', orderRef: orderId, amountCents: charge.amountCents },
    );
    voided = moved.result;
  } catch (err) {
    const voidError = err instanceof GatewayError ? err.message : 'void failed';
    ctx.log.warn({ orderId, err: voidError }, 'could not void an approved charge; will retry');
  }
  // The void's ledger row is written by voidPayment, whatever its outcome.
  const order = await ctx.db.transaction(async (tx) => {
    if (failure) {
      const failed = await failOrder(ctx, tx, orderId, {
        ...failure,
        paymentStatus: voided ? 'voided' : heldAs,
      });
      if (failed) return failed;
    }
    // The recordRelease command (order-life.md), only while the order is failed.
    const current = await lockOrder(tx, orderId);
    if (current?.state === 'failed') {
      return (await recordRelease(ctx, tx, current, voided ? 'voided' : heldAs)) ?? current;
    }
    return current;
  });
  if (order?.state === 'failed') return { kind: 'failed', order, charge };
  if (!voided) return { kind: 'unreleased', charge };
  return { kind: 'moved_on', charge };
}

function hostedStep(gateway: PaymentGateway, env: GatewayEnv): HostedPaymentStep | null {
  return gateway.hosted
    ? { provider: gateway.provider, scriptUrl: gateway.hosted.scriptUrl(env) }
    : null;
}

/** The hosted page step of an awaiting card order whose provider pays on its own page. */
export async function hostedStepOf(
  ctx: AppContext,
  order: OrderRow,
): Promise<HostedPaymentStep | null> {
  const gateway = order.paymentProvider ? gatewayOf(ctx, order.paymentProvider) : undefined;
  if (!gateway?.hosted) return null;
  const merchant = await findMerchantByUuid(ctx.db, order.merchantId);
  return merchant ? hostedStep(gateway, gatewayEnv(ctx, merchant, gateway)) : null;
}

/** The 409 of a key reused for another request, whenever the reuse comes. */
const keyReused = () =>
  new AppError(
    'conflict',
    'This order was already sent with different details. Please review your order and place it again.',
  );

/**
 * A retry of a key already used: the same request gets the first request's answer (never a
 * second charge); another request with that key is refused (409), before or after completion.
 */
async function replay(
  ctx: AppContext,
  merchantUuid: string,
  input: Pick<SendOrderInput, 'anonUserId' | 'idempotencyKey'>,
  fingerprint: string,
  opts: SendOrderOptions,
): Promise<SendOrderResult> {
  const waitUntil = Date.now() + (opts.replayWaitMs ?? 15_000);
  for (;;) {
    // The order and its charge in one statement, so one snapshot: a placed order is never seen
    // beside its charge as it was before the answer (paid without the card's summary).
    const found = await findOrderWithCharge(ctx.db, {
      merchantUuid,
      anonUserId: input.anonUserId,
      idempotencyKey: input.idempotencyKey,
    });
    if (!found) throw new Error('idempotency key row vanished');
    const { order, charge } = found;
    if (order.requestFingerprint !== fingerprint) throw keyReused();
    if (order.state === 'failed') throw failureOf(order);
    const hosted = order.state === 'awaiting_payment' ? await hostedStepOf(ctx, order) : null;
    if (hosted) return resultOf(order, charge, true, hosted);
    // The first request of this key is still talking to the gateway: wait for its answer.
    const stillTalking =
      order.state === 'awaiting_payment' &&
      (charge?.status === 'pending' || charge?.status === 'approved');
    if (!stillTalking || Date.now() >= waitUntil) return resultOf(order, charge, true);
    await sleep(50);
  }
}

/**
 * The answer already given to this idempotency key, if any (waiting briefly while its first
 * request is still with the gateway); 409 when the key was used for another request. Send order
 * asks this before repricing: after a placement the ordered lines have left the cart, so a retry
 * could not be priced again, yet must get the same order back.
 */
export async function earlierAnswer(
  ctx: AppContext,
  merchantUuid: string,
  anonUserId: string,
  idempotencyKey: string,
  fingerprint: string,
  opts: SendOrderOptions = {},
): Promise<SendOrderResult | null> {
  const first = await findOrderWithCharge(ctx.db, { merchantUuid, anonUserId, idempotencyKey });
  if (!first) return null;
  return replay(ctx, merchantUuid, { anonUserId, idempotencyKey }, fingerprint, opts);
}
