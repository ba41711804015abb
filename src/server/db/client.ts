// Opens the database: embedded PGlite under the data folder by default, or a node-postgres pool
// when DATABASE_URL is set. Both are used through the same drizzle API.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs a plain SQL statement (migrations, health checks, advisory locks). */
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tar, to start other instances from (tests). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'pg'; url: string; log: Logger; poolMax?: number }
  /** dataDir undefined = in memory; loadDataDir = start from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; log: Logger };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.kind === 'pg' ? openPg(opts) : openPglite(opts);
}

async function openPglite(opts: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  const release = opts.dataDir ? acquireDataDirLock(opts.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(
      opts.dataDir,
      opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
    );
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    query: async (text, params) => {
      const r = await client.query<Record<string, unknown>>(text, params);
      return { rows: r.rows };
    },
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => unlisten();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      // A clean close checkpoints PGlite; a killed process can leave the folder unusable.
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPg(opts: Extract<DatabaseOptions, { kind: 'pg' }>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
  // Without this handler an idle client's error (e.g. PostgreSQL restarting) crashes the process.
  pool.on('error', (err) => opts.log.warn({ err }, 'idle PostgreSQL client error'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    kind: 'pg',
    db,
    query: async (text, params) => {
      const r = await pool.query(text, params);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    listen: async (channel, onMessage) => {
      const client = new pg.Client({ connectionString: opts.url });
      client.on('error', (err) => opts.log.warn({ err, channel }, 'LISTEN connection error'));
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
