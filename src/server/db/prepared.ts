// Prepared statements for the hottest reads (every request's session and merchant, the cart):
// drizzle builds their SQL once per database instead of once per request (building was about a
// tenth of the app's CPU under the place-order bench), and on a PostgreSQL server each is a named
// statement, parsed and planned once per connection. Inside a transaction the statement is built
// as usual: a prepared query belongs to the database it was prepared on, not to the transaction.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/** The prepared query `name` of this database, built by `build` the first time it is asked for. */
export function preparedOn<P>(db: Db, name: string, build: (db: Db) => P): P {
  let forDb = byDb.get(db);
  if (!forDb) {
    forDb = new Map();
    byDb.set(db, forDb);
  }
  let query = forDb.get(name) as P | undefined;
  if (query === undefined) {
    query = build(db);
    forDb.set(name, query);
  }
  return query;
}

/** The database itself when `tx` is not a transaction (so a prepared query may run on it). */
export const rootDb = (tx: Tx): Db | null => (tx instanceof PgTransaction ? null : (tx as Db));
