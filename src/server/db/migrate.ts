// Applies the committed SQL migrations at start. A session-level advisory lock makes instances
// that start together apply them one at a time; the others then find nothing left to do.
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths.js';
import type { Database } from './client.js';

export const MIGRATION_LOCK_KEY = 4_242_001;

export async function runMigrations(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations on PostgreSQL needs the database URL');
  // One dedicated connection, so the lock and the migration share a session.
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-migration fails the query in flight (and so the start, with its
  // message); without a listener the 'error' event would kill the process before that.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
