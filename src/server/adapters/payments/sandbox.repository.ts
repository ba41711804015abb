// The sandbox gateway's own ledger (what a real provider keeps on its side), in our database so
// a look-up by our order id still answers after our process crashed and restarted.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedIn, rowShape } from '../../db/prepared.js';
import { sandboxLedger } from '../../db/schema/index.js';

export type LedgerRow = typeof sandboxLedger.$inferSelect;
export type LedgerInsert = typeof sandboxLedger.$inferInsert;

export async function findLedgerRow(
  db: Db,
  merchantId: string,
  retref: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxLedger)
    .where(and(eq(sandboxLedger.retref, retref), eq(sandboxLedger.merchantId, merchantId)));
  return row;
}

/** Prepared, one statement per shape of the row (every sandbox charge writes one). */
export async function insertLedgerRow(db: Db, values: LedgerInsert): Promise<LedgerRow> {
  const row = rowShape(values);
  const name = `insert_sandbox_ledger_${row.id}`;
  const [saved] = await preparedIn(db, name, (t) =>
    t.insert(sandboxLedger).values(row.template).returning().prepare(name),
  ).execute(row.params);
  return saved!;
}

/** Updates the row only while its status is one of `from`; undefined when it is not. */
export async function moveLedgerRow(
  db: Db,
  merchantId: string,
  retref: string,
  from: string[],
  set: Partial<LedgerInsert>,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .update(sandboxLedger)
    .set(set)
    .where(
      and(
        eq(sandboxLedger.retref, retref),
        eq(sandboxLedger.merchantId, merchantId),
        inArray(sandboxLedger.status, from),
      ),
    )
    .returning();
  return row;
}

/** Every ledger row of one of our orders, newest first. */
export async function ledgerRowsOfOrder(
  db: Db,
  merchantId: string,
  orderRef: string,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(sandboxLedger)
    .where(and(eq(sandboxLedger.merchantId, merchantId), eq(sandboxLedger.orderRef, orderRef)))
    .orderBy(desc(sandboxLedger.createdAt));
}
