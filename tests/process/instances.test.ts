// Several instances on one PostgreSQL server: started together, they apply the migrations
// once under the advisory lock and seed the demo once.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two app processes on one PostgreSQL server', () => {
  it('start together on an empty database, migrate once and seed once', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'inst');
    const url = scratch.url;
    const env = scratch.env;
    const a = startServer(env, await freePort());
    const b = startServer(env, await freePort());
    try {
      await Promise.all([waitReady(a), waitReady(b)]);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const migrations = await db.query(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      const { readdirSync } = await import('node:fs');
      const files = readdirSync('src/server/db/migrations').filter((f) => f.endsWith('.sql'));
      expect(migrations.rows[0].n).toBe(files.length);
      const merchants = await db.query(
        `SELECT count(*)::int AS n FROM merchants WHERE merchant_id = 'demo'`,
      );
      expect(merchants.rows[0].n).toBe(1);
      await db.end();
      // A session made through one instance is honoured by the other.
      const login = await fetch(`${a.base}/api/merchantUsers/merchantLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantUserName: 'demo', merchantPassword: 'Demo1234' }),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const auth = await fetch(`${b.base}/api/merchantUsers/isAuth`, { headers: { cookie } });
      expect(await auth.json()).toEqual({ isAuth: true, merchantId: 'demo' });
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
      await scratch.drop();
    }
  }, 180_000);
});
