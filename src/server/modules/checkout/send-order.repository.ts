// Send order's first read: the merchant, and whether this diner's idempotency key already names an
// order (a retry), in one prepared statement. Almost every send order is a first request, so the
// full earlier-answer read (the order with its charge) runs only when the key is taken.
import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedOn, rootDb } from '../../db/prepared.js';
import { merchants, orders } from '../../db/schema/index.js';
import type { MerchantRow } from '../merchants/index.js';

type Ask = { merchantId: string; anonUserId: string; idempotencyKey: string };
type AskOf<V> = { [K in keyof Ask]: V };

function merchantAndKeyQuery(tx: Tx, p: AskOf<string | Placeholder>) {
  const keyOrder = tx
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchants.id),
        eq(orders.anonUserId, p.anonUserId),
        eq(orders.idempotencyKey, p.idempotencyKey),
      ),
    );
  return tx
    .select({ merchant: merchants, keyUsed: sql<boolean>`exists (${keyOrder})`.mapWith(Boolean) })
    .from(merchants)
    .where(eq(merchants.merchantId, p.merchantId));
}

const prepared = (db: Db) =>
  merchantAndKeyQuery(db, {
    merchantId: sql.placeholder('merchantId'),
    anonUserId: sql.placeholder('anonUserId'),
    idempotencyKey: sql.placeholder('idempotencyKey'),
  }).prepare('send_order_merchant_and_key');

/** The merchant by its public id and whether the diner's key already names one of its orders. */
export async function findMerchantAndKey(
  tx: Tx,
  ask: Ask,
): Promise<{ merchant: MerchantRow; keyUsed: boolean } | undefined> {
  const db = rootDb(tx);
  const [row] = db
    ? await preparedOn(db, 'send_order_merchant_and_key', prepared).execute(ask)
    : await merchantAndKeyQuery(tx, ask);
  return row;
}
