// What a database holds, in one line: for the operator's commands to print after a snapshot or a
// restore (src/server/cli/snapshot-command.ts), so the right backup is recognised at a glance.
import type { Database } from './client.js';

export async function databaseContents(database: Pick<Database, 'query'>): Promise<string> {
  const { rows } = await database.query(
    `select (select count(*) from merchants)::int as merchants,
            (select count(*) from orders where order_number is not null)::int as orders,
            (select max(placed_at) from orders) as last`,
  );
  const r = rows[0]!;
  const last = r.last ? new Date(r.last as string).toISOString() : 'none';
  return `${String(r.merchants)} merchants, ${String(r.orders)} orders (last placed ${last})`;
}
