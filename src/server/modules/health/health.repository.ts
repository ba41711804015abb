// The readiness check's one statement: the database answers a trivial query.
import type { Database } from '../../db/client.js';

/** Resolves when the database answers `select 1`; rejects with the driver's error otherwise. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.query('select 1');
}
