// Carts, orders with explicit states, the per-merchant number counter, idempotency keys and
// payment transactions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderMethod, PaymentMethod } from '../../../domain/settings/schemas.js';
import type { OrderState } from '../../../contract/orders.js';
import { createdAt, id, ownedBy, updatedAt } from './columns.js';
import { customers } from './customers.js';
import { categories, items } from './menu.js';
import { merchants } from './merchants.js';

/** One cart per anonymous diner id per merchant. */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    anonUserId: text('anon_user_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The diner's checkout choices (method, time, contact…); amounts are always recomputed. */
    checkoutInfo: jsonb('checkout_info').$type<Record<string, unknown>>().notNull().default({}),
    promoCode: text('promo_code'),
    /**
     * The placement claim: the order being placed from this cart, until when. Set in the
     * transaction that writes the awaiting order (before any gateway call) and cleared when that
     * order is placed or fails, so a second placement of the cart is refused meanwhile
     * (docs/decisions/storefront-checkout.md). The expiry only rescues a claim nobody cleared.
     */
    placingOrderId: uuid('placing_order_id'),
    placingUntil: timestamp('placing_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_owner_key').on(t.merchantId, t.anonUserId)],
);

/** A cart line references the menu by id; prices are never stored, always repriced. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /**
     * No foreign key, like the option value ids beside it: a size the merchant deletes leaves the
     * line holding an id the item no longer has, so the line shows as unavailable (and can be
     * removed) instead of vanishing or silently becoming the item without its size (issue 12).
     */
    sizeId: uuid('size_id'),
    optionValueIds: jsonb('option_value_ids').$type<string[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    /** The order promotion's free add-on (price 0, note "Free addon item"). */
    isFreePromo: boolean('is_free_promo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_lines_cart').on(t.cartId, t.createdAt),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * none: nothing at a gateway (cash, or not yet asked); pending: asked, answer not known yet;
 * authorized: held, to be captured; captured: charged (sale or capture); voided: released;
 * declined: refused by the gateway or by our address/CVV policy; unknown: the gateway's answer was
 * lost and the provider has no look-up by our order id — the order failed and is flagged for the
 * merchant to check in the gateway's portal (docs/decisions/payment-gateways.md "Recovery").
 */
export const PAYMENT_STATUSES = [
  'none',
  'pending',
  'authorized',
  'captured',
  'voided',
  'declined',
  'unknown',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    /** The spec's _id: random, so an order-placed page cannot be guessed. */
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The contract's states; orders_state_known below lists them for the database. */
    state: text('state').$type<OrderState>().notNull().default('awaiting_payment'),
    /** The spec's orderId and dailyOrderId: assigned when placed, gapless per merchant. */
    orderNumber: integer('order_number'),
    dailyOrderNumber: integer('daily_order_number'),
    /** The merchant-local date the daily number belongs to. */
    businessDate: date('business_date'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    anonUserId: text('anon_user_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Keyed hash (HMAC-SHA-256) of the whole send-order request, card fields included, so a retry
     * with the same key but another request is refused; the card cannot be recovered from it.
     */
    requestFingerprint: text('request_fingerprint').notNull().default(''),

    orderMethod: text('order_method').$type<OrderMethod>().notNull(),
    dineinTableName: text('dinein_table_name'),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paid: boolean('paid').notNull().default(false),
    hasVoid: boolean('has_void').notNull().default(false),
    /** The merchant's provider when the card was charged (the merchant may switch later). */
    paymentProvider: text('payment_provider'),
    /** Where the money stands at the gateway (docs/decisions/payments-core.md). */
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('none'),
    /** The spec's transactionId: our payment_transactions row of the authorisation or sale. */
    transactionId: uuid('transaction_id'),

    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    tipsCents: integer('tips_cents').notNull(),
    fixedTipsCents: integer('fixed_tips_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    processingFeeCents: integer('processing_fee_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    roomServiceDeliveryFeeCents: integer('room_service_delivery_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    promoCode: text('promo_code'),

    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    customerAddrStr: text('customer_addr_str').notNull().default(''),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    deliveryDistanceMiles: doublePrecision('delivery_distance_miles'),
    deliveryNote: text('delivery_note').notNull().default(''),
    carMakeModel: text('car_make_model').notNull().default(''),
    carColor: text('car_color').notNull().default(''),
    roomServiceRoom: text('room_service_room').notNull().default(''),
    receiveOrderInfo: boolean('receive_order_info').notNull().default(false),

    /** A scheduled order's time; null for ASAP. scheduleDate/TimeStr keep the diner's choice as shown. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    scheduleDate: text('schedule_date').notNull().default(''),
    scheduleTimeStr: text('schedule_time_str').notNull().default(''),
    isBranch: boolean('is_branch').notNull().default(false),
    hasPrintedToKitchen: boolean('has_printed_to_kitchen').notNull().default(false),
    hasBeenRead: boolean('has_been_read').notNull().default(false),
    hasSentOrderTimeSms: boolean('has_sent_order_time_sms').notNull().default(false),
    willBeReadyInMinutes: integer('will_be_ready_in_minutes'),
    /**
     * When the order will be ready: the time the merchant set the minutes plus the minutes, so the
     * diner's page can say "Ready at 12:40 PM" however late it is opened. Null until set.
     */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /**
     * A merchant action at the gateway in progress on this order (void, tip adjustment) and until
     * when its claim holds: a second one waits its turn (409) instead of racing it. A crash leaves
     * a claim that simply expires.
     */
    merchantAction: text('merchant_action'),
    merchantActionUntil: timestamp('merchant_action_until', { withTimezone: true }),
    loyaltyPointsEarned: integer('loyalty_points_earned').notNull().default(0),
    /**
     * The cart lines this order was priced from: only these leave the cart when it is placed (a
     * line added in another tab meanwhile stays). Null: the whole cart (callers without a cart).
     */
    cartLineIds: uuid('cart_line_ids').array(),
    /** Why a failed order failed: the AppError code and the message the diner was shown. */
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The order's life (docs/decisions/order-life.md, src/domain/orders/order-life.ts).
    check(
      'orders_state_known',
      sql`${t.state} in ('awaiting_payment','placed','accepted','ready','completed','failed','cancelled','voided')`,
    ),
    check(
      'orders_numbered_when_placed',
      sql`(${t.state} in ('placed','accepted','ready','completed','cancelled','voided')) = (${t.orderNumber} is not null and ${t.dailyOrderNumber} is not null)`,
    ),
    check(
      'orders_method_known',
      sql`${t.orderMethod} in ('pickup','delivery','curbside','dinein','roomServiceDelivery')`,
    ),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('creditcard','cash')`),
    check(
      'orders_payment_status_known',
      sql`${t.paymentStatus} in ('none','pending','authorized','captured','voided','declined','unknown')`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.tipsCents} >= 0 and ${t.fixedTipsCents} >= 0 and ${t.discountCents} >= 0 and ${t.processingFeeCents} >= 0 and ${t.serviceFeeCents} >= 0 and ${t.deliveryFeeCents} >= 0 and ${t.roomServiceDeliveryFeeCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    uniqueIndex('orders_number_key').on(t.merchantId, t.orderNumber),
    uniqueIndex('orders_daily_number_key').on(t.merchantId, t.businessDate, t.dailyOrderNumber),
    uniqueIndex('orders_idempotency_key').on(t.merchantId, t.anonUserId, t.idempotencyKey),
    index('orders_merchant_placed').on(t.merchantId, t.placedAt),
    // The merchant's data export reads its orders a page at a time in creation order (keyset on
    // created_at, id): without this it read every merchant's orders for each page (bench/scale).
    index('orders_merchant_created').on(t.merchantId, t.createdAt, t.id),
    // The board's Now view (issue 27): one merchant's open orders whatever day; without it the
    // planner took orders_awaiting and read every merchant's open orders (bench/scale).
    index('orders_merchant_open')
      .on(t.merchantId, t.orderNumber)
      .where(sql`${t.state} in ('placed', 'accepted', 'ready')`),
    index('orders_customer').on(t.customerId, t.placedAt),
    index('orders_awaiting').on(t.state, t.createdAt),
    index('orders_payment_status').on(t.paymentStatus, t.businessDate),
  ],
);

/** A snapshot of what was ordered, with names and prices as they were at the time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: ownedBy('order_id', () => orders.id),
    sortOrder: integer('sort_order').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    name2: text('name_2nd').notNull().default(''),
    sizeName: text('size_name').notNull().default(''),
    sizeName2: text('size_name_2nd').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    options: jsonb('options')
      .$type<{ name: string; name2: string; priceCents: number }[]>()
      .notNull()
      .default([]),
    note: text('note').notNull().default(''),
    discountCents: integer('discount_cents').notNull().default(0),
    lineTotalCents: integer('line_total_cents').notNull(),
    isFreePromo: boolean('is_free_promo').notNull().default(false),
    printerIds: jsonb('printer_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('order_lines_order').on(t.orderId, t.sortOrder)],
);

/** Per-merchant counters for orderId and dailyOrderId, updated in the placing transaction. */
export const merchantCounters = pgTable('merchant_counters', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  lastOrderNumber: integer('last_order_number').notNull().default(0),
  businessDate: date('business_date'),
  lastDailyNumber: integer('last_daily_number').notNull().default(0),
  /**
   * The merchant's last order event number (order_events.seq). Taken under this row's lock, held
   * until the change commits, so events are numbered in commit order without gaps: a stream that
   * resumes after event n misses nothing by reading the events after n.
   */
  lastEventSeq: bigint('last_event_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * What happened to a merchant's orders, in commit order (issue 12): the live streams of the
 * dashboard and of the diner's order page read from here, so a stream that reconnects replays
 * what it missed (a NOTIFY alone is lost while a listener reconnects).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** placed, updated (read, printed, ready time, tips) or voided. */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.seq] }),
    index('order_events_order').on(t.orderId, t.seq),
  ],
);

/** Idempotency keys of state-changing calls: a retry with the same key gets the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestFingerprint: text('request_fingerprint').notNull(),
    status: text('status').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('idempotency_status_known', sql`${t.status} in ('in_progress','done')`),
  ],
);

/**
 * The payments ledger (issue 26, docs/decisions/order-life.md "The payments ledger"): every call
 * made to a payment gateway, once, under its idempotency key, with its operation, amount and
 * outcome — an order's charge, void, capture, tip adjustment, refund and look-ups, and the diner's
 * zero-amount card checks (no order). Card data is limited to what may be kept: last four, brand,
 * expiry, retref and auth code — never the number or CVV.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null for a card check (a zero-amount authorisation made for no order). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    operation: text('operation').notNull(),
    /**
     * What makes the call once (e.g. `void:<order id>`): a second call under the same key finds
     * this row instead of the gateway. Null only on rows written before issue 26.
     */
    idempotencyKey: text('idempotency_key'),
    /** How many times the call was made under this key (again only after a certain no). */
    attempts: integer('attempts').notNull().default(1),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    retref: text('retref'),
    authCode: text('auth_code'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    cardExpiry: text('card_expiry'),
    avsResult: text('avs_result'),
    cvvResult: text('cvv_result'),
    responseCode: text('response_code'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payment_transactions_operation_known',
      sql`${t.operation} in ('auth','sale','capture','void','tip_adjust','refund','inquire')`,
    ),
    check(
      'payment_transactions_status_known',
      sql`${t.status} in ('pending','approved','declined','error','unknown')`,
    ),
    check(
      'payment_transactions_last4',
      sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`,
    ),
    index('payment_transactions_order').on(t.orderId, t.createdAt),
    uniqueIndex('payment_transactions_idempotency_key').on(t.idempotencyKey),
    // One authorisation or sale per order, whoever records it (the request or the reconciler).
    uniqueIndex('payment_transactions_one_charge')
      .on(t.orderId)
      .where(sql`${t.operation} in ('auth','sale')`),
  ],
);

/** The sandbox gateway's own ledger, so a look-up by order id survives a restart. */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    retref: text('retref').primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    orderRef: text('order_ref').notNull(),
    /** authorized | captured | voided | declined | refunded | verified (a $0 card check). */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    capturedCents: integer('captured_cents'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    authCode: text('auth_code'),
    responseCode: text('response_code'),
    responseText: text('response_text'),
    avsResult: text('avs_result'),
    cvvResult: text('cvv_result'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    cardExpiry: text('card_expiry'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_ledger_order').on(t.merchantId, t.orderRef)],
);
