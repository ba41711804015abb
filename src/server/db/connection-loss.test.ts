// A connection lost while it is in use (issue 9: the process died on PostgreSQL restart under
// load). node-postgres emits 'error' on a client whose backend is terminated between two queries;
// with nobody listening that event was an uncaught exception. Here the backend of a client checked
// out for a transaction, and the one holding the payment jobs' lock, are terminated for real: the
// work fails with an error recognised as "database unavailable", nothing is thrown at the process,
// and the pool answers the next query on a new connection.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onPostgresServer, testDatabaseUrl } from '../../../tests/support/test-db.js';
import type { AppContext } from '../app-context.js';
import { PAYMENT_JOBS_LOCK_KEY, withPaymentJobsLock } from '../modules/payments/reconciler.js';
import { type Database, openDatabase } from './client.js';
import { isDatabaseUnavailable } from './connection-errors.js';

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string) => Object.assign(new Error('server says'), { code });
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['admin shutdown', pgError('57P01')],
    ['starting up', pgError('57P03')],
    ['connection exception class', pgError('08006')],
    ['cut', new Error('Connection terminated unexpectedly')],
    ['dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped by drizzle', new Error('Failed query: select 1', { cause: pgError('57P01') })],
    ['one of several addresses', new AggregateError([pgError('ECONNREFUSED')], 'connect')],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
  ])('leaves %s alone', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe.skipIf(!onPostgresServer())('a connection lost while in use (PostgreSQL server)', () => {
  let database: Database;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    const url = (await testDatabaseUrl())!;
    database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'silent' }), poolMax: 3 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await database.close();
    await admin.end();
  });
  beforeEach(() => {
    uncaught.length = 0;
    process.on('uncaughtException', onUncaught);
  });
  afterEach(() => {
    process.off('uncaughtException', onUncaught);
  });

  /** Terminates a backend and waits until it is gone (its FATAL message has been sent). */
  async function terminate(pid: number): Promise<void> {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 100; i++) {
      const r = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      if (r.rowCount === 0) break;
      await sleep(20);
    }
    // Let the client read the FATAL message and emit its 'error'.
    await sleep(100);
  }

  it('a transaction whose connection is terminated between two queries fails; the process lives on', async () => {
    const work = database.db.transaction(async (tx) => {
      const r = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      // Idle in transaction: no query is in flight when the 57P01 arrives, so the driver emits
      // it as an 'error' event on this checked-out client.
      await terminate(r.rows[0]!.pid);
      await tx.execute(sql`select 1`);
    });
    await expect(work).rejects.toSatisfy(isDatabaseUnavailable);
    expect(uncaught).toEqual([]);
    // The pool dropped the dead client and serves on a new connection.
    expect((await database.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('the payment jobs lock whose connection is terminated mid-run fails the run; the lock is free again', async () => {
    const ctx = { database, db: database.db } as unknown as AppContext;
    const run = withPaymentJobsLock(ctx, async () => {
      const holder = await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
        [PAYMENT_JOBS_LOCK_KEY],
      );
      await terminate(holder.rows[0]!.pid);
      return 'worked';
    });
    await expect(run).rejects.toSatisfy(isDatabaseUnavailable);
    expect(uncaught).toEqual([]);
    expect(await withPaymentJobsLock(ctx, async () => 'next run')).toBe('next run');
  });
});
