// Opens the database: embedded PGlite under the data folder by default, or a node-postgres pool
// when DATABASE_URL is set. Both are used through the same drizzle API.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { describeDatabaseError } from './connection-errors.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A statement a repository built for another to run inside its own (a placement hook's write, run
 * as a CTE of the placement's statement); services pass it on without looking inside. It comes as
 * a text with placeholders and their values, so the statement it joins can be prepared: statements
 * of equal `key` build equal text.
 */
export interface Statement {
  key: string;
  /** The SQL, its values as placeholders whose names start with `prefix`. */
  build: (tx: Tx, prefix: string) => SQL;
  /** The placeholders' values, named as `build` names them with the same prefix. */
  params: (prefix: string) => Record<string, unknown>;
}
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs a plain SQL statement (migrations, health checks, advisory locks). */
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. On a PostgreSQL server
   * the subscription lives on a dedicated connection: when that connection fails (server restart,
   * terminated backend, failed heartbeat) `onLost` is called once and the subscription is over;
   * notifications sent meanwhile are lost, so the caller must assume it missed some and subscribe
   * again (see modules/cache/menu-cache.ts). It is not called after the caller unsubscribes.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    opts?: ListenOptions,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL server only: the connection pool's use now (the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole data folder as a tar, to start other instances from (tests). */
  dumpDataDir?(): Promise<Blob>;
}

export interface ListenOptions {
  onLost?: (err: Error) => void;
}

/** The application_name of LISTEN connections, to tell them apart in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'forkful-listen';

/** How often an idle LISTEN connection is checked with `SELECT 1` (a silent drop is noticed). */
export const LISTEN_HEARTBEAT_MS = 15_000;

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
  // node-postgres emits 'error' on a client whose connection fails (PostgreSQL restarting, a
  // terminated backend) and an 'error' nobody listens to kills the process. The pool listens
  // only while a client is idle; a client checked out for a transaction (or the reconciler's
  // lock) is on its own between two queries. So every client gets its own handler for its whole
  // life: the query in flight, if any, fails with the error; the pool then drops the client.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      opts.log.warn(describeDatabaseError(err), 'PostgreSQL connection lost');
    });
  });
  // Required as well: without it the pool rethrows an idle client's error (already logged above).
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  /** Open LISTEN connections, each with the function that retires it quietly. */
  const listeners = new Map<pg.Client, () => void>();
  return {
    kind: 'pg',
    db,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    query: async (text, params) => {
      const r = await pool.query(text, params);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    listen: async (channel, onMessage, listenOpts) => {
      const client = new pg.Client({
        connectionString: opts.url,
        application_name: LISTEN_APPLICATION_NAME,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      let live = false;
      let done = false;
      const timer: { heartbeat?: NodeJS.Timeout } = {};
      const finish = () => {
        done = true;
        if (timer.heartbeat) clearInterval(timer.heartbeat);
        listeners.delete(client);
      };
      const lost = (err: Error) => {
        // Before the LISTEN is in place a failure rejects the call below instead.
        if (!live || done) return;
        finish();
        opts.log.warn({ err, channel }, 'LISTEN connection lost');
        client.end().catch(() => {});
        listenOpts?.onLost?.(err);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('LISTEN connection ended')));
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        finish();
        await client.end().catch(() => {});
        throw err;
      }
      listeners.set(client, finish);
      live = true;
      let beating = false;
      const heartbeat = setInterval(() => {
        if (beating) return;
        beating = true;
        const timeout = setTimeout(
          () => lost(new Error('LISTEN heartbeat timed out')),
          LISTEN_HEARTBEAT_MS,
        );
        timeout.unref();
        client
          .query('SELECT 1')
          .catch((err: unknown) => lost(err instanceof Error ? err : new Error(String(err))))
          .finally(() => {
            clearTimeout(timeout);
            beating = false;
          });
      }, LISTEN_HEARTBEAT_MS);
      heartbeat.unref();
      timer.heartbeat = heartbeat;
      return async () => {
        if (done) return;
        finish();
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      // Closing on purpose is not a lost connection: retire each quietly, then end it.
      const open = [...listeners];
      for (const [, finish] of open) finish();
      await Promise.all(open.map(([c]) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
