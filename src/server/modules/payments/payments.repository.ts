// Queries of payment_transactions: one row per call made to a gateway for an order. Card data
// is limited to last four, brand, expiry, retref and auth code.
import { type Placeholder, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedIn, preparedOn, rootDb, rowShape } from '../../db/prepared.js';
import { orders, paymentTransactions } from '../../db/schema/index.js';
import type { PaymentResult } from '../../adapters/payments/index.js';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransactionRow = typeof paymentTransactions.$inferInsert;
export type TransactionStatus = 'pending' | 'approved' | 'declined' | 'error' | 'unknown';

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
