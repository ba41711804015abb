// Production is safe by default (issue 9, "safe production"): started with NODE_ENV=production
// and only the required settings, the real server process seeds no merchant (so the published
// demo/Demo1234 sign-in is refused), serves no API docs and no dev outbox. SEED_DEMO=true seeds
// the demo stores with generated passwords printed once; a restart neither prints nor changes
// them; a database an older version seeded with the published passwords is warned about. On the
// PostgreSQL server (its own scratch database) when TEST_DATABASE_URL is set, else (the empty
// start only) on the embedded PGlite in a temporary data folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { seedDemoData } from '../../src/server/db/seed/seed.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitReady,
} from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/** A production deployment's required settings, on a database of its own. */
async function productionDeployment(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `forkful-${prefix}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Empty = unset, whatever the test runner's own environment holds.
    SEED_DEMO: '',
    API_DOCS: '',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
  let countMerchants: () => Promise<number>;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'prod');
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
    countMerchants = async () => {
      const db = await openDatabase({
        kind: 'pg',
        url: scratch.url,
        log: pino({ level: 'silent' }),
      });
      try {
        const { rows } = await db.query('SELECT count(*)::int AS n FROM merchants');
        return rows[0]!.n as number;
      } finally {
        await db.close();
      }
    };
  } else {
    // Read while the server is stopped: PGlite admits one process per folder.
    countMerchants = async () => {
      const db = await openDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'pgdata'),
        log: pino({ level: 'silent' }),
      });
      try {
        const { rows } = await db.query('SELECT count(*)::int AS n FROM merchants');
        return rows[0]!.n as number;
      } finally {
        await db.close();
      }
    };
  }
  return { env, port, countMerchants };
}

async function start(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const p = startServer(env, port);
  cleanups.push(() => stopServer(p));
  await waitReady(p, 240_000);
  // The banner is written just after the port opens.
  for (let i = 0; i < 50 && !p.output().includes('Forkful is running'); i++)
    await new Promise((r) => setTimeout(r, 100));
  return p;
}

const status = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
};

describe('production start', () => {
  it('seeds no merchant, refuses demo/Demo1234, serves no API docs and no dev outbox', async () => {
    const { env, port, countMerchants } = await productionDeployment('prod-empty');
    const app = await start(env, port);

    expect((await merchantSignIn(app.base, 'demo', 'Demo1234')).status).toBe(401);
    expect((await merchantSignIn(app.base, 'sunrise', 'Sunrise123')).status).toBe(401);
    expect(
      (await status(`${app.base}/api/businessInfos/merchantId/demo/businessInfo`)).status,
    ).toBe(404);
    expect((await status(`${app.base}/api/docs`)).status).toBe(404);
    expect((await status(`${app.base}/api/docs/json`)).status).toBe(404);
    expect((await status(`${app.base}/api/dev/outbox`)).status).toBe(404);
    // Without a web build this is a 404; with one, the web app's shell, never the outbox page.
    expect((await status(`${app.base}/dev/outbox`)).text).not.toContain('<title>Outbox');
    expect(app.output()).not.toContain('Demo1234');
    expect(app.output()).not.toContain('sign-in');
    expect(app.output()).not.toContain('/api/docs');

    expect(await stopServer(app)).toBe(0);
    expect(await countMerchants()).toBe(0);
  }, 300_000);

  // Seeding the full demo menu on PGlite takes minutes on a loaded machine: PostgreSQL only.
  it.skipIf(!serverUrl)(
    'SEED_DEMO=true: generated passwords printed once and kept across a restart; API_DOCS=true',
    async () => {
      const { env, port } = await productionDeployment('prod-seed');
      const seededEnv = { ...env, SEED_DEMO: 'true', API_DOCS: 'true' };
      const first = await start(seededEnv, port);

      const printed = Object.fromEntries(
        [...first.output().matchAll(/sign-in: id "([^"]+)", password "([^"]+)"/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      );
      expect(Object.keys(printed).sort()).toEqual(['demo', 'sunrise']);
      expect(printed.demo).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(printed.demo).not.toBe(printed.sunrise);
      expect((await merchantSignIn(first.base, 'demo', 'Demo1234')).status).toBe(401);
      expect((await merchantSignIn(first.base, 'sunrise', 'Sunrise123')).status).toBe(401);
      expect((await merchantSignIn(first.base, 'demo', printed.demo!)).status).toBe(200);
      expect((await merchantSignIn(first.base, 'sunrise', printed.sunrise!)).status).toBe(200);
      const docs = await status(`${first.base}/api/docs/json`);
      expect(docs.status).toBe(200);
      expect(docs.text).toContain('/api/merchantUsers/merchantLogin');
      expect((await status(`${first.base}/api/dev/outbox`)).status).toBe(404);
      expect(await stopServer(first)).toBe(0);

      const again = await start(seededEnv, port);
      expect(again.output()).toContain('Forkful is running');
      expect(again.output()).not.toContain('password');
      expect((await merchantSignIn(again.base, 'demo', printed.demo!)).status).toBe(200);
    },
    600_000,
  );

  it.skipIf(!serverUrl)(
    'warns about demo merchants an older version seeded with the published passwords',
    async () => {
      const { env, port } = await productionDeployment('prod-upgrade');
      const database = await openDatabase({
        kind: 'pg',
        url: env.DATABASE_URL!,
        log: pino({ level: 'silent' }),
      });
      try {
        await runMigrations(database, env.DATABASE_URL);
        await seedDemoData(database.db, { images: false, passwords: 'published' });
      } finally {
        await database.close();
      }
      const app = await start(env, port);
      for (const id of ['demo', 'sunrise'])
        expect(app.output()).toContain(
          `merchant ${id} still has the published demo password; reset it: npm run merchant -- reset-password --id ${id}`,
        );
      expect(app.output()).not.toContain('Demo1234');
    },
    300_000,
  );
});
