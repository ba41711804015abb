// The order state machine (docs/decisions/payments-core.md):
//
//   (new) ──create──▶ awaiting_payment ──place──▶ placed ──void──▶ voided
//                            │
//                            └──fail──▶ failed
//
// A cash order is created and placed in one transaction. Creating claims the diner's cart for the
// order (one cart, one order: a second placement of it is refused until this one ends). Placing
// assigns the merchant-facing numbers from the counter row, removes the lines that were ordered,
// clears the claim, runs the order-placed hooks (ctx.hooks) and publishes the new state, all in the
// placing transaction; failing removes the free promo item from the cart and clears the claim.
// Every transition checks the state it starts from, under a row lock.
import { randomUUID } from 'node:crypto';
import type { AppContext, PlacementKnown } from '../../app-context.js';
import type { Statement, Tx } from '../../db/client.js';
import type { OrderTotals } from '../../../domain/pricing/totals.js';
import { inZone } from '../../../domain/hours/weekly-hours.js';
import type { OrderMethod, PaymentMethod } from '../../../domain/settings/schemas.js';
import { MAX_QUANTITY } from '../../../domain/pricing/line.js';
import { decide } from '../../../domain/orders/order-life.js';
import { AppError, invalidInput } from '../../lib/app-error.js';
import {
  type CartClaim,
  type NewOrderLineRow,
  type NewOrderRow,
  type OrderLineRow,
  type OrderRow,
  type PaymentStatus,
  claimCart,
  insertOrderLinesCountingCart,
  insertOrderClaimingCart,
  lockOrder,
  lockOrderAndTakeNumbers,
  orderThatTookLines,
  placeOrderTakingCart,
  releaseCartAfterFailure,
  updateOrder,
} from './orders.repository.js';

export type { OrderLineRow, OrderRow } from './orders.repository.js';

// The placement hook's types live in app-context.ts, which imports nothing from modules/.
export type { OrderPlacedHook, PlacementKnown } from '../../app-context.js';

// Post-placement hooks are ctx.hooks.orderPlaced, registered in app.ts (e.g. the merchant's
// new-order SMS and email). A hook that throws rolls the placement back, so hooks must only
// write to the database — never call outside services.

/** One ordered line as it was when the diner ordered: names and prices are copied, not linked. */
export interface OrderLineSnapshot {
  itemId?: string | null;
  categoryId?: string | null;
  name: string;
  name2?: string;
  sizeName?: string;
  sizeName2?: string;
  unitPriceCents: number;
  quantity: number;
  options?: { name: string; name2: string; priceCents: number }[];
  note?: string;
  discountCents?: number;
  lineTotalCents: number;
  isFreePromo?: boolean;
  printerIds?: string[];
}

/** Everything send order knows about the order, already validated and priced. */
export interface OrderDraft {
  orderMethod: OrderMethod;
  dineinTableName?: string | null;
  /** As src/domain/pricing computes them (the shown fees line is not stored). */
  amounts: Omit<OrderTotals, 'feesShownCents'>;
  promoCode?: string | null;
  customer: {
    customerName: string;
    customerEmail?: string;
    phone?: string;
    customerAddrStr?: string;
    deliveryLat?: number | null;
    deliveryLng?: number | null;
    deliveryDistanceMiles?: number | null;
    deliveryNote?: string;
    carMakeModel?: string;
    carColor?: string;
    roomServiceRoom?: string;
    receiveOrderInfo?: boolean;
  };
  schedule?: { scheduledFor: Date | null; scheduleDate: string; scheduleTimeStr: string };
  isBranch?: boolean;
  loyaltyPointsEarned?: number;
  lines: OrderLineSnapshot[];
  /**
   * The cart lines the order was priced from: only these leave the cart at placement. Absent:
   * the whole cart (a caller that placed without reading the cart).
   */
  cartLineIds?: string[];
}

const AMOUNT_KEYS = [
  'subtotalCents',
  'taxCents',
  'tipsCents',
  'fixedTipsCents',
  'discountCents',
  'processingFeeCents',
  'serviceFeeCents',
  'deliveryFeeCents',
  'roomServiceDeliveryFeeCents',
  'totalCents',
] as const;

/**
 * The draft must be internally consistent before anything is charged: whole non-negative cents,
 * total = subtotal + tax + tips + fixed tips + processing + service + delivery + room service −
 * discount (spec §9, K9.11), at least one line with a quantity of 1..99.
 */
export function checkDraft(draft: OrderDraft): void {
  const a = draft.amounts;
  for (const key of AMOUNT_KEYS) {
    if (!Number.isSafeInteger(a[key]) || a[key] < 0) {
      throw invalidInput(`Invalid order amount ${key}`, [
        { path: ['order', 'amounts', key], message: 'Invalid' },
      ]);
    }
  }
  const sum =
    a.subtotalCents +
    a.taxCents +
    a.tipsCents +
    a.fixedTipsCents +
    a.processingFeeCents +
    a.serviceFeeCents +
    a.deliveryFeeCents +
    a.roomServiceDeliveryFeeCents -
    a.discountCents;
  if (sum !== a.totalCents) {
    throw invalidInput('Order total does not add up', [
      { path: ['order', 'amounts', 'totalCents'], message: 'Invalid' },
    ]);
  }
  if (draft.lines.length === 0) {
    throw invalidInput('An order needs at least one line', [
      { path: ['order', 'lines'], message: 'Required' },
    ]);
  }
  draft.lines.forEach((l, i) => {
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1 || l.quantity > MAX_QUANTITY) {
      throw invalidInput('Invalid quantity', [
        { path: ['order', 'lines', i, 'quantity'], message: 'Invalid' },
      ]);
    }
    if (
      !Number.isSafeInteger(l.unitPriceCents) ||
      l.unitPriceCents < 0 ||
      !Number.isSafeInteger(l.lineTotalCents) ||
      l.lineTotalCents < 0
    ) {
      throw invalidInput('Invalid line price', [
        { path: ['order', 'lines', i], message: 'Invalid' },
      ]);
    }
  });
}

export interface OrderIdentity {
  merchantUuid: string;
  anonUserId: string;
  customerId: string | null;
  idempotencyKey: string;
  requestFingerprint: string;
  paymentMethod: PaymentMethod;
  createdAt: Date;
}

export function orderRowFrom(
  draft: OrderDraft,
  who: OrderIdentity,
): NewOrderRow & { createdAt: Date } {
  const c = draft.customer;
  return {
    merchantId: who.merchantUuid,
    state: 'awaiting_payment',
    anonUserId: who.anonUserId,
    customerId: who.customerId,
    idempotencyKey: who.idempotencyKey,
    requestFingerprint: who.requestFingerprint,
    orderMethod: draft.orderMethod,
    dineinTableName: draft.dineinTableName ?? null,
    paymentMethod: who.paymentMethod,
    subtotalCents: draft.amounts.subtotalCents,
    taxCents: draft.amounts.taxCents,
    tipsCents: draft.amounts.tipsCents,
    fixedTipsCents: draft.amounts.fixedTipsCents,
    discountCents: draft.amounts.discountCents,
    processingFeeCents: draft.amounts.processingFeeCents,
    serviceFeeCents: draft.amounts.serviceFeeCents,
    deliveryFeeCents: draft.amounts.deliveryFeeCents,
    roomServiceDeliveryFeeCents: draft.amounts.roomServiceDeliveryFeeCents,
    totalCents: draft.amounts.totalCents,
    promoCode: draft.promoCode ?? null,
    customerName: c.customerName,
    customerEmail: c.customerEmail ?? '',
    phone: c.phone ?? '',
    customerAddrStr: c.customerAddrStr ?? '',
    deliveryLat: c.deliveryLat ?? null,
    deliveryLng: c.deliveryLng ?? null,
    deliveryDistanceMiles: c.deliveryDistanceMiles ?? null,
    deliveryNote: c.deliveryNote ?? '',
    carMakeModel: c.carMakeModel ?? '',
    carColor: c.carColor ?? '',
    roomServiceRoom: c.roomServiceRoom ?? '',
    receiveOrderInfo: c.receiveOrderInfo ?? false,
    scheduledFor: draft.schedule?.scheduledFor ?? null,
    scheduleDate: draft.schedule?.scheduleDate ?? '',
    scheduleTimeStr: draft.schedule?.scheduleTimeStr ?? '',
    isBranch: draft.isBranch ?? false,
    loyaltyPointsEarned: draft.loyaltyPointsEarned ?? 0,
    cartLineIds: draft.cartLineIds ?? null,
    createdAt: who.createdAt,
    updatedAt: who.createdAt,
  };
}

function lineRowsFrom(orderId: string, lines: OrderLineSnapshot[]): NewOrderLineRow[] {
  return lines.map((l, i) => ({
    orderId,
    sortOrder: i,
    itemId: l.itemId ?? null,
    categoryId: l.categoryId ?? null,
    name: l.name,
    name2: l.name2 ?? '',
    sizeName: l.sizeName ?? '',
    sizeName2: l.sizeName2 ?? '',
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
    options: l.options ?? [],
    note: l.note ?? '',
    discountCents: l.discountCents ?? 0,
    lineTotalCents: l.lineTotalCents,
    isFreePromo: l.isFreePromo ?? false,
    printerIds: l.printerIds ?? [],
  }));
}

/**
 * How long a placement claim holds the cart when nobody clears it (a process that died between
 * writing the order and its outcome). Normally the claim ends with the order: placed or failed,
 * by the request or by the reconciler. An awaiting order older than the reconciler's place
 * deadline (30 minutes) is never placed, so a second order of the cart after this cannot double it.
 */
export const CART_CLAIM_MS = 30 * 60_000;

/** The 409 of a second placement of a cart that is being placed (names the order in progress). */
export function cartBeingPlaced(orderId: string): AppError {
  return new AppError(
    'conflict',
    `This cart is already being ordered (order ${orderId}). Please wait for that order to finish before placing it again.`,
    [{ path: ['orderInProgress'], message: orderId }],
  );
}

/**
 * How long after an order took the cart a placement of the emptied cart is answered as a second
 * placement of that order (a double click or a second tab arriving late) rather than "empty".
 */
export const JUST_ORDERED_MS = 2 * 60_000;

/** The 409 of a placement that arrives just after another order of the cart took its lines. */
export function cartJustOrdered(orderId: string): AppError {
  return new AppError(
    'conflict',
    `This cart was just ordered (order ${orderId}), so it is empty now.`,
    [{ path: ['orderPlaced'], message: orderId }],
  );
}

/** The cart lost lines it was priced with (removed meanwhile): the diner reviews it again. */
export function cartChanged(): AppError {
  return new AppError(
    'conflict',
    'Your cart changed while the order was being placed. Please review it and place the order again.',
    [{ path: ['body', 'orderItems'], message: 'changed' }],
  );
}

/**
 * Writes the order in awaiting_payment with its lines, once per idempotency key, and claims the
 * diner's cart for it. Returns the new order and its lines, or undefined when the key was used
 * before (nothing is written then). Throws conflict (409) when another placement holds the cart;
 * the caller's transaction then rolls back.
 */
export async function createAwaitingOrder(
  tx: Tx,
  row: NewOrderRow & { createdAt: Date },
  lines: OrderLineSnapshot[],
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  const id = row.id ?? randomUUID();
  const claimFrom = row.createdAt;
  const claimUntil = new Date(claimFrom.getTime() + CART_CLAIM_MS);
  const first = await insertOrderClaimingCart(tx, { ...row, id }, claimFrom, claimUntil);
  if (!first) return undefined;
  const { order } = first;
  // Not claimed by the first statement: no cart, or another placement holds it (which one).
  const claim: CartClaim = first.claimed
    ? { kind: 'claimed' }
    : await claimCart(tx, order.merchantId, order.anonUserId, order.id, claimFrom, claimUntil);
  if (claim.kind === 'held') throw cartBeingPlaced(claim.orderId);
  // The lines were priced before the claim: an order placed in between (its claim released when
  // it committed) has taken them, and this one must not order them a second time.
  const priced = order.cartLineIds;
  const check = claim.kind === 'claimed' && priced && priced.length > 0 ? priced : null;
  const written = await insertOrderLinesCountingCart(
    tx,
    lineRowsFrom(order.id, lines),
    check ? { merchantUuid: order.merchantId, anonUserId: order.anonUserId, lineIds: check } : null,
  );
  if (check && (written.stillInCart ?? 0) < check.length) {
    const other = await orderThatTookLines(tx, order.merchantId, order.anonUserId, order.id, check);
    throw other ? cartBeingPlaced(other) : cartChanged();
  }
  return { order, lines: written.lines };
}

/** The merchant-local calendar date of an instant ("2026-03-08"). */
export function businessDateOf(now: Date, timeZone: string): string {
  return inZone(now.getTime(), timeZone).toISODate() ?? now.toISOString().slice(0, 10);
}

export interface PaymentOutcome {
  paid: boolean;
  paymentStatus: PaymentStatus;
  transactionId: string | null;
  paymentProvider: string | null;
}

/**
 * awaiting_payment → placed, in the caller's transaction. Returns undefined (and changes
 * nothing) when the order is no longer awaiting payment.
 */
export async function placeOrder(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  timeZone: string,
  payment: PaymentOutcome,
  known: PlacementKnown = {},
): Promise<OrderRow | undefined> {
  const taken = await lockOrderAndTakeNumbers(
    tx,
    orderId,
    businessDateOf(ctx.clock.now(), timeZone),
  );
  // The `place` command of the order's table (order-life.md), with its own write: the numbers
  // are taken under the same lock and the cart leaves with the same statement.
  if (!taken || !taken.numbers || !mayRun('place', taken.order)) return undefined;
  const { numbers } = taken;
  // Read after the counter row is ours: placing times then follow the numbers (commit order).
  const now = ctx.clock.now();
  const set = {
    state: 'placed' as const,
    orderNumber: numbers.orderNumber,
    dailyOrderNumber: numbers.dailyOrderNumber,
    businessDate: numbers.businessDate,
    placedAt: now,
    updatedAt: now,
    ...payment,
  };
  // The hooks see the order as the write below leaves it, and their writes ride on that write.
  const placing: OrderRow = { ...taken.order, ...set };
  const writes: Statement[] = [];
  for (const hook of ctx.hooks.orderPlaced)
    writes.push(...((await hook(tx, placing, ctx, known)) ?? []));
  // The 'placed' announcement rides on the same statement; NOTIFY is only delivered at commit,
  // so a failure after it (rolling the transaction back) still announces nothing.
  if (!(await placeOrderTakingCart(tx, placing, set, writes))) {
    throw new Error(`order ${orderId} vanished`);
  }
  return placing;
}

/** Whether the order's table allows a send-order command on the order as locked. */
function mayRun(command: 'place' | 'fail', order: OrderRow): boolean {
  return decide(command, { state: order.state, paymentMethod: order.paymentMethod, sameDay: true })
    .ok;
}

/** awaiting_payment → failed; the free promo add-on leaves the cart (spec §4), the claim ends. */
export async function failOrder(
  ctx: AppContext,
  tx: Tx,
  orderId: string,
  failure: { code: string; reason: string; paymentStatus: PaymentStatus },
): Promise<OrderRow | undefined> {
  // The `fail` command of the order's table, decided on the locked row.
  const current = await lockOrder(tx, orderId);
  if (!current || !mayRun('fail', current)) return undefined;
  const now = ctx.clock.now();
  const failed = await updateOrder(tx, orderId, {
    state: 'failed',
    failureCode: failure.code,
    failureReason: failure.reason,
    paymentStatus: failure.paymentStatus,
    updatedAt: now,
  });
  await releaseCartAfterFailure(tx, failed);
  return failed;
}
