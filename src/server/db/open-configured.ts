// The database the configuration names, opened the same way by the server and by the commands
// (src/server/cli): the PostgreSQL server in DATABASE_URL, else the embedded PGlite in
// DATA_DIR/pgdata, which only one process may hold at a time (data-dir-lock.ts).
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { type Database, openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

export function embeddedDataFolder(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'pgdata');
}

/** Opens the configured database and brings its schema up to date. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: Logger,
): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'pg', url: config.databaseUrl, log })
    : await openDatabase({ kind: 'pglite', dataDir: embeddedDataFolder(config), log });
  try {
    await runMigrations(database, config.databaseUrl);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
