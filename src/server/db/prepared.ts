// Prepared statements for the hottest reads (every request's session and merchant, the cart):
// drizzle builds their SQL once per database instead of once per request (building was about a
// tenth of the app's CPU under the place-order bench), and on a PostgreSQL server each is a named
// statement, parsed and planned once per connection. Inside a transaction the statement is built
// as usual: a prepared query belongs to the database it was prepared on, not to the transaction.
import { createHash } from 'node:crypto';
import { isSQLWrapper, sql } from 'drizzle-orm';
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

const byDialect = new WeakMap<object, Map<string, object>>();

/**
 * The query `name`, built by `build` once per database (the first time it is asked for, on
 * whichever connection asks) and run on `tx`'s own connection: inside a transaction too, which
 * preparedOn cannot do. On a PostgreSQL server it is a named statement, parsed and planned once per
 * connection; drizzle builds its SQL once instead of once per request.
 *
 * drizzle binds a prepared query to the session it was prepared on (its `client`); this gives each
 * caller a view of the query whose `client` is the caller's session's, the one drizzle would have
 * used had it built the query on `tx` (drizzle-orm 0.45: node-postgres and PGlite prepared queries
 * run `this.client.query(…)`). `tests/api/prepared-in-transaction.test.ts` checks that a query run
 * this way inside a transaction is rolled back with it and sees what the transaction wrote.
 */
export function preparedIn<P extends object>(tx: Tx, name: string, build: (tx: Tx) => P): P {
  const internals = tx as unknown as { dialect: object; session: { client: unknown } };
  let forDb = byDialect.get(internals.dialect);
  if (!forDb) {
    forDb = new Map();
    byDialect.set(internals.dialect, forDb);
  }
  let query = forDb.get(name) as P | undefined;
  if (query === undefined) {
    query = build(tx);
    forDb.set(name, query);
  }
  return Object.assign(Object.create(query) as P, { client: internals.session.client });
}

/**
 * What a prepared insert or update needs of one row: its shape (the columns given and which of them
 * are null; a prepared statement is one text, so each shape is its own statement), the row to build
 * with (placeholders for the values, a literal null where null: drizzle encodes a placeholder's
 * value, and a date's encoder refuses null) and the values to run it with. A column left out takes
 * its default, as in a plain insert.
 */
export function rowShape<R extends object>(row: R, prefix = 'v') {
  const values = row as Record<string, unknown>;
  const keys: string[] = [];
  const nulls = new Set<string>();
  const params: Record<string, unknown> = {};
  for (const k of Object.keys(values).sort()) {
    const v = values[k];
    if (v === undefined) continue;
    // A value written as SQL would be sent as a parameter here: such a row is built as usual.
    if (isSQLWrapper(v)) throw new Error('rowShape: a value is SQL');
    keys.push(k);
    if (v === null) nulls.add(k);
    else params[`${prefix}_${k}`] = v;
  }
  return {
    /** A short name for the shape, to suffix the statement's name with. */
    id: shapeId(keys.map((k) => (nulls.has(k) ? `${k}=null` : k)).join()),
    /** The row to build the statement with (asked for once per shape: when it is prepared). */
    get template(): R {
      return Object.fromEntries(
        keys.map((k) => [k, nulls.has(k) ? null : sql.placeholder(`${prefix}_${k}`)]),
      ) as unknown as R;
    },
    params,
  };
}

// Shapes repeat (a handful per statement): their names are kept rather than hashed each time.
const shapeIds = new Map<string, string>();
/** A short, stable name for a statement's shape (a string listing what makes its text). */
export function shapeId(shape: string): string {
  let id = shapeIds.get(shape);
  if (id === undefined) {
    id = createHash('sha1').update(shape).digest('hex').slice(0, 12);
    if (shapeIds.size < 10_000) shapeIds.set(shape, id);
  }
  return id;
}

/** rowShape for several rows of one insert: row i's placeholders are prefixed `<prefix><i>`. */
export function rowsShape<R extends object>(rows: readonly R[], prefix = 'v') {
  const shapes = rows.map((r, i) => rowShape(r, `${prefix}${i}`));
  return {
    id: shapeId(shapes.map((s) => s.id).join()),
    get templates() {
      return shapes.map((s) => s.template);
    },
    params: Object.assign({}, ...shapes.map((s) => s.params)) as Record<string, unknown>,
  };
}

/** Inserts of more rows than this are built as usual: each count is a statement of its own. */
export const MAX_PREPARED_ROWS = 10;
