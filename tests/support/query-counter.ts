// Counts the statements the app sends to a PostgreSQL server (node-postgres): every pool query
// and every query on a checked-out client, BEGIN and COMMIT included, each once. For tests that
// keep a hot path lean; PGlite is not counted.
import pg from 'pg';

type Query = typeof pg.Client.prototype.query;

/** Starts counting; the returned function stops and gives the count and the statements. */
export function countQueries(): () => { count: number; statements: string[] } {
  const original: Query = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    statements.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as Query;
  return () => {
    pg.Client.prototype.query = original;
    return { count: statements.length, statements };
  };
}
