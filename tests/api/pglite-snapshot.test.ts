// The embedded mode's backup (issue 31): `npm run snapshot -- create` writes the PGlite data
// folder's snapshot; `restore` puts it back (the folder it replaces kept aside) and the order
// placed before the snapshot is read again, after it had been lost. Both refuse while a running
// process holds the folder, and with DATABASE_URL (the server mode has pg_dump).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { runSnapshotCommand } from '../../src/server/cli/snapshot-command.js';
import { openDatabase } from '../../src/server/db/client.js';
import { embeddedDataFolder, openConfiguredDatabase } from '../../src/server/db/open-configured.js';
import { orders } from '../../src/server/db/schema/index.js';
import { createMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { testConfig } from '../support/test-app.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const log = pino({ level: 'silent' });

async function run(argv: string[], env: Record<string, string>) {
  let out = '';
  let err = '';
  const code = await runSnapshotCommand(argv, {
    env,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}

describe('PGlite snapshot and restore', () => {
  it('restores the data folder from a snapshot, and the order placed before it reads again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-snapshot-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    const folder = embeddedDataFolder({ dataDir });

    // An embedded database with a merchant and a placed order, as a server leaves it when stopped.
    const database = await openConfiguredDatabase({ dataDir, databaseUrl: undefined }, log);
    const t = await buildApp({
      config: testConfig(env),
      database,
      logger: log,
      serveWeb: false,
    });
    const m = await createMerchant(t.ctx.db);
    const placed = await placeTestOrder(t.ctx, m.merchantId);
    expect(placed.state).toBe('placed');
    await t.app.close();

    // While a running process holds the folder, nothing is read or moved.
    writeFileSync(join(folder, '.lock'), String(process.ppid));
    const held = await run(['create', '--out', join(dataDir, 'x.tar.gz')], env);
    expect(held.code).toBe(1);
    expect(held.err).toContain(`in use by another running process (pid ${process.ppid})`);
    await database.close();
    writeFileSync(join(folder, '.lock'), String(process.ppid));
    const heldRestore = await run(['restore', '--from', join(dataDir, 'x.tar.gz')], env);
    expect(heldRestore.code).toBe(1);
    rmSync(join(folder, '.lock'));

    const file = join(dataDir, 'backups', 'nightly.tar.gz');
    const created = await run(['create', '--out', file], env);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/1 merchants, 1 orders \(last placed 20/);
    expect(existsSync(file)).toBe(true);

    // The order is lost after the snapshot (a bad day)…
    const later = await openDatabase({ kind: 'pglite', dataDir: folder, log });
    await later.db.delete(orders).where(eq(orders.id, placed.orderId));
    await later.close();

    // …and the restore brings it back, keeping the folder it replaces.
    const restored = await run(['restore', '--from', file], env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('1 merchants, 1 orders');
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pgdata.before-restore-'))).toHaveLength(
      1,
    );
    const back = await openDatabase({ kind: 'pglite', dataDir: folder, log });
    try {
      const [row] = await back.db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(row).toMatchObject({
        state: 'placed',
        orderNumber: placed.orderNumber,
        merchantId: m.id,
      });
    } finally {
      await back.close();
    }
    // Four PGlite starts (the first with every migration) and a dump: slow on a busy machine.
  }, 600_000);

  it('refuses the server mode and input it cannot use, touching nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-snapshot-bad-'));
    dirs.push(dataDir);
    const pg = await run(['create', '--out', join(dataDir, 's.tar.gz')], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      SESSION_SECRET: 'x'.repeat(32),
      CREDENTIALS_KEY: 'a'.repeat(64),
    });
    expect(pg.code).toBe(1);
    expect(pg.err).toContain('deploy/backup/forkful-backup.sh');
    expect((await run(['create'], { DATA_DIR: dataDir })).err).toContain('--out: is required');
    expect((await run(['copy'], { DATA_DIR: dataDir })).code).toBe(2);
    const notSnapshot = join(dataDir, 'notes.txt');
    writeFileSync(notSnapshot, 'hello');
    const bad = await run(['restore', '--from', notSnapshot], { DATA_DIR: dataDir });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('is not a snapshot');
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
  });
});
