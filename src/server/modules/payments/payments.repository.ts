// Queries of payment_transactions: one row per call made to a gateway for an order. Card data
// is limited to last four, brand, expiry, retref and auth code.
import { type Placeholder, and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedIn, preparedOn, rootDb, rowShape } from '../../db/prepared.js';
import { orders, paymentTransactions } from '../../db/schema/index.js';
import type { PaymentResult } from '../../adapters/payments/index.js';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransactionRow = typeof paymentTransactions.$inferInsert;
export type TransactionStatus = 'pending' | 'approved' | 'declined' | 'error' | 'unknown';

// ---------------------------------------------------------------- the ledger (issue 26)

/** Writes the ledger row of a call under its key; undefined when the key already has one. */
export async function claimLedgerRow(
  tx: Tx,
  values: NewTransactionRow & { idempotencyKey: string },
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .insert(paymentTransactions)
    .values(values)
    .onConflictDoNothing({ target: paymentTransactions.idempotencyKey })
    .returning();
  return row;
}

export async function findLedgerRow(tx: Tx, key: string): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.idempotencyKey, key));
  return row;
}

/**
 * Takes the row of a call that may be made again (it ended in `from`, or it is pending since
 * before `staleBefore`: its caller died mid-call) for one more attempt, in one conditional
 * statement: of two callers only one gets it.
 */
export async function reclaimLedgerRow(
  tx: Tx,
  id: string,
  from: readonly TransactionStatus[],
  staleBefore: Date,
  now: Date,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .update(paymentTransactions)
    .set({
      status: 'pending',
      attempts: sql`${paymentTransactions.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentTransactions.id, id),
        or(
          inArray(paymentTransactions.status, [...from]),
          and(
            eq(paymentTransactions.status, 'pending'),
            lt(paymentTransactions.updatedAt, staleBefore),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

// Both are on every card order's path: prepared, one statement per shape of the row (rowShape).

export async function insertTransaction(
  tx: Tx,
  values: NewTransactionRow,
): Promise<TransactionRow> {
  const row = rowShape(values);
  const name = `insert_payment_transaction_${row.id}`;
  const [saved] = await preparedIn(tx, name, (t) =>
    t.insert(paymentTransactions).values(row.template).returning().prepare(name),
  ).execute(row.params);
  return saved!;
}

export async function updateTransaction(
  tx: Tx,
  id: string,
  set: Partial<NewTransactionRow>,
): Promise<TransactionRow> {
  const row = rowShape(set);
  const name = `update_payment_transaction_${row.id}`;
  const [saved] = await preparedIn(tx, name, (t) =>
    t
      .update(paymentTransactions)
      .set(row.template)
      .where(eq(paymentTransactions.id, sql.placeholder('id')))
      .returning()
      .prepare(name),
  ).execute({ ...row.params, id });
  if (!saved) throw new Error(`payment transaction ${id} vanished`);
  return saved;
}

/** The fields of a gateway result that may be kept. */
export function resultFields(result: PaymentResult): Partial<NewTransactionRow> {
  return {
    retref: result.retref,
    authCode: result.authCode,
    cardLast4: result.cardLast4,
    cardBrand: result.cardType,
    cardExpiry: result.cardExpiry,
    avsResult: result.avsResult,
    cvvResult: result.cvvResult,
    responseCode: result.responseCode,
    message: result.message,
  };
}

/** The order's authorisation or sale (at most one, by a unique index). */
export async function findChargeTransaction(
  tx: Tx,
  orderId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        inArray(paymentTransactions.operation, ['auth', 'sale']),
      ),
    );
  return row;
}

/**
 * The order of a diner's idempotency key with its authorisation or sale, in one statement (one
 * snapshot: the pair is always as some commit left it).
 */
type OrderKey = { merchantUuid: string; anonUserId: string; idempotencyKey: string };
type KeyOf<V> = { [K in keyof OrderKey]: V };

function orderWithChargeQuery(tx: Tx, key: KeyOf<string | Placeholder>) {
  return tx
    .select({ order: orders, charge: paymentTransactions })
    .from(orders)
    .leftJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.orderId, orders.id),
        inArray(paymentTransactions.operation, ['auth', 'sale']),
      ),
    )
    .where(
      and(
        eq(orders.merchantId, key.merchantUuid),
        eq(orders.anonUserId, key.anonUserId),
        eq(orders.idempotencyKey, key.idempotencyKey),
      ),
    );
}

const preparedOrderWithCharge = (db: Db) =>
  orderWithChargeQuery(db, {
    merchantUuid: sql.placeholder('merchantUuid'),
    anonUserId: sql.placeholder('anonUserId'),
    idempotencyKey: sql.placeholder('idempotencyKey'),
  }).prepare('order_with_charge');

/** The order of an idempotency key with its charge (every send order asks, first thing). */
export async function findOrderWithCharge(
  tx: Tx,
  key: OrderKey,
): Promise<{ order: typeof orders.$inferSelect; charge: TransactionRow | undefined } | undefined> {
  const db = rootDb(tx);
  const [row] = db
    ? await preparedOn(db, 'order_with_charge', preparedOrderWithCharge).execute(key)
    : await orderWithChargeQuery(tx, key);
  return row ? { order: row.order, charge: row.charge ?? undefined } : undefined;
}

export async function findMerchantTransaction(
  tx: Tx,
  merchantUuid: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.merchantId, merchantUuid)));
  return row;
}

export async function listOrderTransactions(tx: Tx, orderId: string): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId))
    .orderBy(asc(paymentTransactions.createdAt));
}

/** What was refunded of an order's charge so far (approved refunds). */
export async function refundedCents(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentTransactions.amountCents}), 0)` })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.status, 'approved'),
        eq(paymentTransactions.operation, 'refund'),
      ),
    );
  return Number(row?.total ?? 0);
}
