// Queries of the order state machine. Every function takes the transaction it runs in.
import { PLACED_STATES } from '../../../domain/orders/order-life.js';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
  type Table,
} from 'drizzle-orm';
import type { Statement, Tx } from '../../db/client.js';
import { MAX_PREPARED_ROWS, preparedIn, rowShape, rowsShape, shapeId } from '../../db/prepared.js';
import {
  cartLines,
  carts,
  merchantCounters,
  orderEvents,
  orderLines,
  orders,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderLineRow = typeof orderLines.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentStatus = OrderRow['paymentStatus'];

/**
 * The columns of a CTE that returns whole rows of `table`, as a nested selection: drizzle then maps
 * them as it maps the table's own (dates, JSON), so a write's returned row comes back typed.
 */
function columnsOf<W, T extends Table>(
  cte: W,
  table: T,
): { [K in keyof T['_']['columns']]: K extends keyof W ? W[K] : never } {
  const fields = cte as Record<string, unknown>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((k) => [k, fields[k]])) as {
    [K in keyof T['_']['columns']]: K extends keyof W ? W[K] : never;
  };
}

/**
 * Placement's first statement: inserts the order unless one with the same (merchant, diner,
 * idempotency key) exists and, only when it was inserted, claims the diner's cart for it unless
 * another placement holds an unexpired claim. Undefined when the key was already used (nothing is
 * written; the caller reads that order). `claimed` false means no cart or a cart held by another
 * placement: claimCart then tells which. A concurrent claimer waits for the cart row's lock and
 * PostgreSQL re-checks the condition against the committed claim, as in claimCart.
 */
export async function insertOrderClaimingCart(
  tx: Tx,
  values: NewOrderRow & { id: string },
  now: Date,
  until: Date,
): Promise<{ order: OrderRow; claimed: boolean } | undefined> {
  const row = rowShape(values);
  const name = `insert_order_claiming_cart_${row.id}`;
  const [found] = await preparedIn(tx, name, (t) =>
    insertOrderClaimingQuery(t, row.template, name),
  ).execute({ ...row.params, now, until });
  return found;
}

function insertOrderClaimingQuery(tx: Tx, template: NewOrderRow, name: string) {
  const value = (k: keyof NewOrderRow) => sql.placeholder(`v_${k}`);
  const inserted = tx.$with('inserted').as(
    tx
      .insert(orders)
      .values(template)
      .onConflictDoNothing({
        target: [orders.merchantId, orders.anonUserId, orders.idempotencyKey],
      })
      .returning(),
  );
  const claim = tx.$with('claim').as(
    tx
      .update(carts)
      .set({
        placingOrderId: sql`${value('id')}::uuid`,
        placingUntil: sql`${sql.placeholder('until')}::timestamptz`,
      })
      .where(
        and(
          eq(carts.merchantId, value('merchantId')),
          eq(carts.anonUserId, value('anonUserId')),
          or(isNull(carts.placingOrderId), lt(carts.placingUntil, sql.placeholder('now'))),
          sql`exists (select 1 from ${inserted})`,
        ),
      )
      .returning({ id: carts.id }),
  );
  return tx
    .with(inserted, claim)
    .select({
      order: columnsOf(inserted, orders),
      claimed: sql<boolean>`exists (select 1 from ${claim})`.mapWith(Boolean),
    })
    .from(inserted)
    .prepare(name);
}

/**
 * Inserts an order's lines and, when `cart` is given, counts in the same statement how many of its
 * `lineIds` are still in the diner's cart. Run after the cart's claim, as a statement of its own:
 * a claim that waited for an earlier placement's commit saw the cart row anew, but its statement's
 * snapshot still saw that placement's lines; this statement's snapshot sees them gone.
 */
export async function insertOrderLinesCountingCart(
  tx: Tx,
  lines: NewOrderLineRow[],
  cart: { merchantUuid: string; anonUserId: string; lineIds: readonly string[] } | null,
): Promise<{ lines: OrderLineRow[]; stillInCart: number | null }> {
  if (lines.length === 0) {
    const still = cart
      ? await countCartLines(tx, cart.merchantUuid, cart.anonUserId, cart.lineIds)
      : null;
    return { lines: [], stillInCart: still };
  }
  const ask = cart
    ? { merchantUuid: cart.merchantUuid, anonUserId: cart.anonUserId, lineIds: [...cart.lineIds] }
    : {};
  let rows: { line: OrderLineRow; still: number | null }[];
  if (lines.length > MAX_PREPARED_ROWS) {
    rows = await orderLinesQuery(tx, lines, !!cart, ask);
  } else {
    // Prepared per shape of the lines (how many, which fields are null) and whether to count.
    const shape = rowsShape(lines);
    const name = `insert_order_lines_${cart ? 'counting_' : ''}${shape.id}`;
    rows = await preparedIn(tx, name, (t) =>
      orderLinesQuery(t, shape.templates, !!cart, null).prepare(name),
    ).execute({ ...shape.params, ...ask });
  }
  return { lines: rows.map((r) => r.line), stillInCart: rows[0]?.still ?? null };
}

/**
 * The lines' insert, with the count of the cart's priced lines when `counting`: from `ask`'s values,
 * or from placeholders merchantUuid, anonUserId and lineIds when `ask` is null (prepared).
 */
function orderLinesQuery(
  tx: Tx,
  lines: NewOrderLineRow[],
  counting: boolean,
  ask: { merchantUuid?: string; anonUserId?: string; lineIds?: string[] } | null,
) {
  const param = (k: 'merchantUuid' | 'anonUserId' | 'lineIds') =>
    ask ? sql`${sql.param(ask[k])}` : sql`${sql.placeholder(k)}`;
  const inserted = tx.$with('inserted').as(tx.insert(orderLines).values(lines).returning());
  const still = counting
    ? sql<number>`(select count(*)::int from ${cartLines} where ${cartLines.cartId} =
        (select ${carts.id} from ${carts}
          where ${carts.merchantId} = ${param('merchantUuid')}::uuid
            and ${carts.anonUserId} = ${param('anonUserId')}::text)
        and ${cartLines.id} = any(${param('lineIds')}::uuid[]))`
    : sql<null>`null::int`;
  return tx
    .with(inserted)
    .select({ line: columnsOf(inserted, orderLines), still })
    .from(inserted)
    .orderBy(asc(inserted.sortOrder));
}

export async function findOrderByKey(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.anonUserId, anonUserId),
        eq(orders.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function findOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order's lines in the order they were sent. */
export async function listOrderLines(tx: Tx, orderId: string): Promise<OrderLineRow[]> {
  return tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.sortOrder));
}

/** The order row locked until the transaction ends (serialises concurrent transitions). */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function updateOrder(
  tx: Tx,
  orderId: string,
  set: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error(`order ${orderId} vanished`);
  return row;
}

/** One merchant's order (undefined when it is not theirs). */
export async function findMerchantOrderRow(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantUuid), eq(orders.id, orderId)));
  return row;
}

/**
 * An order command's write (docs/decisions/order-life.md): one conditional UPDATE that changes the
 * order only while it is still in `expected`, the state the command was decided on. Of two
 * commands racing on one order, PostgreSQL lets the second re-check the condition against the
 * first one's committed row, so exactly one gets the row back; the other gets undefined and
 * answers 409 with the state it found.
 */
export async function updateOrderIfIn(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  expected: readonly OrderRow['state'][],
  set: Partial<NewOrderRow>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.id, orderId),
        inArray(orders.state, [...expected]),
      ),
    )
    .returning();
  return row;
}

/**
 * unknown → `paymentStatus` in one conditional statement: of two concurrent calls only one finds
 * the order still unknown. Undefined when the order is not this merchant's or no longer unknown.
 */
export async function settleUnknownPaymentRow(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  paymentStatus: Extract<PaymentStatus, 'none' | 'voided'>,
  now: Date,
) {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.merchantId, merchantUuid),
        eq(orders.paymentStatus, 'unknown'),
      ),
    )
    .returning({ id: orders.id, paymentProvider: orders.paymentProvider });
  return row;
}

/**
 * Claims the order for one merchant action at the gateway (void, tip adjustment) until `until`:
 * one conditional update, so of two concurrent actions on one order exactly one gets the row back,
 * on any instance. A claim left by a crash stops counting at its expiry.
 */
export async function claimOrderForAction(
  db: Tx,
  orderId: string,
  action: string,
  now: Date,
  until: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ merchantAction: action, merchantActionUntil: until })
    .where(
      and(
        eq(orders.id, orderId),
        or(isNull(orders.merchantActionUntil), lte(orders.merchantActionUntil, now)),
      ),
    )
    .returning();
  return row;
}

/** Ends this action's claim (only its own: an expired one may have been taken over since). */
export async function releaseOrderClaim(db: Tx, orderId: string, action: string): Promise<void> {
  await db
    .update(orders)
    .set({ merchantAction: null, merchantActionUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.merchantAction, action)));
}

/** lockOrderAndTakeNumbers' statement, prepared (placeholders orderId and businessDate). */
function lockAndNumberQuery(tx: Tx) {
  const c = merchantCounters;
  const day = sql`${sql.placeholder('businessDate')}::date`;
  const cur = tx.$with('cur').as(
    tx
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .for('update'),
  );
  // Named apart from the order's own columns (business_date), which the select below reads too.
  const n = tx.$with('n', { one: sql<number>`1` }).as(
    sql`insert into ${c} (merchant_id, last_order_number, last_daily_number, business_date)
      select merchant_id, 1, 1, ${day} from cur where state = 'awaiting_payment'
      on conflict (merchant_id) do update set
        last_order_number = ${c}.last_order_number + 1,
        last_daily_number = case when ${c}.business_date >= ${day}
          then ${c}.last_daily_number + 1 else 1 end,
        business_date = greatest(${c}.business_date, ${day})
      returning last_order_number as taken_number, last_daily_number as taken_daily_number,
        business_date::text as taken_business_date`,
  );
  return tx
    .with(cur, n)
    .select({
      order: columnsOf(cur, orders),
      orderNumber: sql<number | null>`n.taken_number`,
      dailyOrderNumber: sql<number | null>`n.taken_daily_number`,
      businessDate: sql<string | null>`n.taken_business_date`,
    })
    .from(cur)
    .leftJoin(n, sql`true`)
    .prepare('lock_order_and_take_numbers');
}

/**
 * Placement's first statement: locks the order and, only when it still awaits payment, takes the
 * next order number and daily number from the merchant's counter row (one upsert: the merchant's
 * first order creates the row). The order is locked before the counter, as before; the counter row
 * stays locked until the placing transaction commits, so numbers are handed out in commit order
 * and a rolled-back placement gives its number back: gapless. A business date earlier than the one
 * stored (clocks of two instances a little apart at midnight) continues the stored day.
 * Undefined when there is no such order; `numbers` null when it no longer awaits payment.
 */
export async function lockOrderAndTakeNumbers(
  tx: Tx,
  orderId: string,
  businessDate: string,
): Promise<
  | {
      /** The order as locked, before any change. */
      order: OrderRow;
      numbers: { orderNumber: number; dailyOrderNumber: number; businessDate: string } | null;
    }
  | undefined
> {
  const [row] = await preparedIn(tx, 'lock_order_and_take_numbers', lockAndNumberQuery).execute({
    orderId,
    businessDate,
  });
  if (!row) return undefined;
  const { order, orderNumber, dailyOrderNumber, businessDate: date } = row;
  if (orderNumber === null || dailyOrderNumber === null || !date) return { order, numbers: null };
  return { order, numbers: { orderNumber, dailyOrderNumber, businessDate: date } };
}

const dinerCart = (merchantUuid: string, anonUserId: string) =>
  and(eq(carts.merchantId, merchantUuid), eq(carts.anonUserId, anonUserId));

const dinerCartId = (merchantUuid: string, anonUserId: string) =>
  sql`(select ${carts.id} from ${carts} where ${dinerCart(merchantUuid, anonUserId)})`;

export type CartClaim =
  | { kind: 'claimed' }
  /** The diner has no cart here (a caller placing without one): nothing to claim. */
  | { kind: 'no_cart' }
  /** Another placement holds the cart: its order id. */
  | { kind: 'held'; orderId: string };

/**
 * Claims the diner's cart for `orderId` unless another placement holds an unexpired claim. The
 * condition is on the cart row alone: a concurrent claimer waits for the row lock and PostgreSQL
 * re-checks the condition against the committed claim, so only one of them wins.
 */
export async function claimCart(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  orderId: string,
  now: Date,
  until: Date,
): Promise<CartClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [won] = await tx
      .update(carts)
      .set({ placingOrderId: orderId, placingUntil: until })
      .where(
        and(
          dinerCart(merchantUuid, anonUserId),
          or(isNull(carts.placingOrderId), lt(carts.placingUntil, now)),
        ),
      )
      .returning({ id: carts.id });
    if (won) return { kind: 'claimed' };
    const [cart] = await tx
      .select({ holder: carts.placingOrderId })
      .from(carts)
      .where(dinerCart(merchantUuid, anonUserId));
    if (!cart) return { kind: 'no_cart' };
    if (cart.holder) return { kind: 'held', orderId: cart.holder };
    // Released between the two statements: try again.
  }
  throw new Error('cart claim kept changing');
}

/**
 * How many of `lineIds` are still in the diner's cart. Asked after the claim, in a statement of
 * its own: a claim that waited for an earlier placement's commit saw the cart row anew, but its
 * statement's snapshot (and any subquery in it) still saw that placement's lines.
 */
export async function countCartLines(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  lineIds: readonly string[],
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.cartId, dinerCartId(merchantUuid, anonUserId)),
        inArray(cartLines.id, [...lineIds]),
      ),
    );
  return row?.n ?? 0;
}

/** The diner's latest other order at this merchant that was priced from any of `lineIds`. */
export async function orderThatTookLines(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  exceptId: string,
  lineIds: readonly string[],
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.anonUserId, anonUserId),
        ne(orders.id, exceptId),
        sql`${orders.cartLineIds} && ${sql.param([...lineIds])}::uuid[]`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id;
}

/** The diner's latest order at this merchant placed at or after `since` (a cart just ordered). */
export async function orderPlacedSince(
  tx: Tx,
  merchantUuid: string,
  anonUserId: string,
  since: Date,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantUuid),
        eq(orders.anonUserId, anonUserId),
        inArray(orders.state, [...PLACED_STATES]),
        gte(orders.placedAt, since),
      ),
    )
    .orderBy(desc(orders.placedAt))
    .limit(1);
  return row?.id;
}

/**
 * The placement's write, in one statement: the order takes `set` (its state, numbers and payment),
 * the lines it was priced from leave the cart (all lines when it names none), its claim on the cart
 * ends, its event is recorded and the new state is published (NOTIFY is delivered at commit, like
 * notifyOrderState). Data-modifying CTEs always run, referenced or not; they all read the order as
 * the update returns it. False when there is no such order.
 */
export async function placeOrderTakingCart(
  tx: Tx,
  which: Pick<OrderRow, 'id' | 'merchantId'>,
  set: Partial<NewOrderRow> & { state: OrderRow['state'] },
  /** More data-modifying statements to run with it (the placement hooks'). */
  writes: readonly Statement[] = [],
): Promise<boolean> {
  // Prepared per shape: of the row's change (a cash order has no transaction id) and of the
  // hooks' statements (how many messages, points or none). Built and planned once per shape, not
  // per order: it runs while the merchant's counter row is locked.
  const change = rowShape(set, 's_');
  const shape = [change.id, ...writes.map((w) => w.key)].join('|');
  const name = `place_order_${shapeId(shape)}`;
  const params: Record<string, unknown> = {
    ...change.params,
    orderId: which.id,
    merchantUuid: which.merchantId,
    channel: orderStateChannel(which.merchantId),
    payload: orderStatePayload(which.id, set.state),
  };
  writes.forEach((w, i) => Object.assign(params, w.params(`w${i}_`)));
  const rows = await preparedIn(tx, name, (t) =>
    placeQuery(
      t,
      change.template,
      writes.map((w, i) => w.build(t, `w${i}_`)),
    ).prepare(name),
  ).execute(params);
  return rows.length > 0;
}

function placeQuery(tx: Tx, set: Partial<NewOrderRow>, writes: readonly SQL[]) {
  const orderId = sql.placeholder('orderId');
  const merchantUuid = sql.placeholder('merchantUuid');
  // Only what the CTEs below read comes back: the caller knows the row it wrote.
  const placed = tx.$with('placed').as(
    tx.update(orders).set(set).where(eq(orders.id, orderId)).returning({
      id: orders.id,
      merchantId: orders.merchantId,
      anonUserId: orders.anonUserId,
      cartLineIds: orders.cartLineIds,
    }),
  );
  const released = tx.$with('released', { one: sql<number>`1` }).as(
    sql`update ${carts} set placing_order_id = null, placing_until = null from placed
      where ${carts.merchantId} = placed.merchant_id and ${carts.anonUserId} = placed.anon_user_id
        and ${carts.placingOrderId} = placed.id
      returning 1`,
  );
  const taken = tx.$with('taken', { one: sql<number>`1` }).as(
    sql`delete from ${cartLines} using placed
      where ${cartLines.cartId} = (select c.id from ${carts} c
          where c.merchant_id = placed.merchant_id and c.anon_user_id = placed.anon_user_id)
        and (placed.cart_line_ids is null or ${cartLines.id} = any(placed.cart_line_ids))
      returning 1`,
  );
  const [eventSeq, orderEvent] = orderEventWiths(tx, merchantUuid, orderId, 'placed');
  const more = writes.map((w, i) => tx.$with(`write_${i}`, { one: sql<number>`1` }).as(w));
  return tx
    .with(placed, released, taken, eventSeq, orderEvent, ...more)
    .select({
      announced: sql`pg_notify(${sql.placeholder('channel')}::text, ${sql.placeholder('payload')}::text),
        pg_notify(${ORDER_EVENTS_CHANNEL}, ${merchantUuid}::text || '/' || ${orderId}::text)`,
    })
    .from(placed);
}

/**
 * The one channel every instance's order-event hub listens on. The payload names the merchant and
 * the order ("merchant/order"), so a diner's page is woken only for its own order while every
 * dashboard of the merchant is woken for each (issue 24: one store's open order pages each read
 * their order on every placement otherwise).
 */
export const ORDER_EVENTS_CHANNEL = 'forkful_order_events';

/** The ORDER_EVENTS_CHANNEL payload: the merchant and, after a "/", the order. */
export function parseOrderEventPayload(payload: string): {
  merchantUuid: string;
  orderId?: string;
} {
  const slash = payload.indexOf('/');
  return slash < 0
    ? { merchantUuid: payload }
    : { merchantUuid: payload.slice(0, slash), orderId: payload.slice(slash + 1) };
}

export type OrderEventKind = 'placed' | 'updated' | 'voided';

/**
 * Two CTEs that record one order event: the merchant's next event number, taken from the counter
 * row (locked until commit: numbers follow commit order), and the event row.
 */
function orderEventCtes(merchantUuid: string, orderId: string, kind: OrderEventKind) {
  return sql`event_seq as (
      insert into ${merchantCounters} (merchant_id, last_event_seq) values (${merchantUuid}, 1)
      on conflict (merchant_id) do update
        set last_event_seq = ${merchantCounters.lastEventSeq} + 1
      returning last_event_seq),
    order_event as (
      insert into ${orderEvents} (merchant_id, seq, order_id, kind)
      select ${merchantUuid}, last_event_seq, ${orderId}, ${kind} from event_seq
      returning 1)`;
}

/** The same two CTEs as WITH queries of a drizzle select. */
function orderEventWiths(
  tx: Tx,
  merchantUuid: string | Placeholder,
  orderId: string | Placeholder,
  kind: OrderEventKind,
) {
  const eventSeq = tx.$with('event_seq', { lastEventSeq: sql<number>`last_event_seq` }).as(
    sql`insert into ${merchantCounters} (merchant_id, last_event_seq) values (${merchantUuid}, 1)
      on conflict (merchant_id) do update
        set last_event_seq = ${merchantCounters.lastEventSeq} + 1
      returning last_event_seq`,
  );
  const orderEvent = tx.$with('order_event', { one: sql<number>`1` }).as(
    sql`insert into ${orderEvents} (merchant_id, seq, order_id, kind)
      select ${merchantUuid}, last_event_seq, ${orderId}, ${kind} from event_seq
      returning 1`,
  );
  return [eventSeq, orderEvent] as const;
}

/** Records an order event in the caller's transaction and wakes the streams when it commits. */
export async function recordOrderEvent(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  kind: OrderEventKind,
): Promise<void> {
  await tx.execute(sql`with ${orderEventCtes(merchantUuid, orderId, kind)}
    select pg_notify(${ORDER_EVENTS_CHANNEL}, ${`${merchantUuid}/${orderId}`})`);
}

/** A merchant's events after `afterSeq`, oldest first (at most `limit`). */
export async function orderEventsAfter(
  tx: Tx,
  merchantUuid: string,
  afterSeq: number,
  limit: number,
  orderId?: string,
) {
  return tx
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.merchantId, merchantUuid),
        sql`${orderEvents.seq} > ${afterSeq}`,
        orderId ? eq(orderEvents.orderId, orderId) : undefined,
      ),
    )
    .orderBy(asc(orderEvents.seq))
    .limit(limit);
}

/** The merchant's last event number (0 before the first). */
export async function lastOrderEventSeq(tx: Tx, merchantUuid: string): Promise<number> {
  const [row] = await tx
    .select({ seq: merchantCounters.lastEventSeq })
    .from(merchantCounters)
    .where(eq(merchantCounters.merchantId, merchantUuid));
  return row?.seq ?? 0;
}

/**
 * After a failed placement: the free promo add-on leaves the cart (spec §4) and the order's
 * claim is cleared, so the diner can try again (e.g. with another card).
 */
export async function releaseCartAfterFailure(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'merchantId' | 'anonUserId'>,
): Promise<void> {
  // The free add-on goes with the failed payment (spec §4): its cart line if one was written, and
  // the checkout's choice of it, which would otherwise add it back on the next read (T4.43).
  await tx.execute(sql`with released as (
      update ${carts} set placing_order_id = null, placing_until = null,
        checkout_info = ${carts.checkoutInfo} - 'freeAddonItemName'
      where ${dinerCart(order.merchantId, order.anonUserId)} and placing_order_id = ${order.id}
      returning 1)
    delete from ${cartLines}
    where ${cartLines.cartId} = ${dinerCartId(order.merchantId, order.anonUserId)}
      and ${cartLines.isFreePromo}`);
}

/** Publishes an order's new state to every instance (LISTEN merchant_orders_<uuid hex>). */
export async function notifyOrderState(
  tx: Tx,
  merchantUuid: string,
  orderId: string,
  state: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${orderStateChannel(merchantUuid)}, ${orderStatePayload(orderId, state)})`,
  );
}

const orderStateChannel = (merchantUuid: string) =>
  `merchant_orders_${merchantUuid.replace(/-/g, '')}`;
const orderStatePayload = (orderId: string, state: string) => JSON.stringify({ orderId, state });
