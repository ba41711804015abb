// The operator's merchant command (issue 9, safe production): `npm run merchant -- create …`
// and `reset-password …` as real processes, on the PostgreSQL server (a scratch database, beside
// a running production server) and on the embedded PGlite in a temporary data folder (which the
// running server holds, so the command must say to stop it first).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { checkPassword } from '../../src/server/lib/passwords.js';
import { findMerchantCredentials } from '../../src/server/modules/merchants/merchants.repository.js';
import { createArgs, printedPassword, runMerchantCommand } from '../support/merchant-command.js';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `forkful-${prefix}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The settings a production deployment (and so its command) runs with. */
function productionEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: '',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
}

describe('merchant command input', () => {
  it('names every bad field and exits non-zero before opening any database', async () => {
    const dataDir = join(tempDir('cli-bad'), 'never-created');
    const r = await runMerchantCommand(
      createArgs('noodles', {
        phone: '555-0142',
        email: 'owner at cornernoodle',
        'time-zone': 'Mars/Olympus',
      }),
      { DATA_DIR: dataDir },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Cannot create the merchant');
    expect(r.stderr).toMatch(/--phone: must be a 10-digit US phone number/);
    expect(r.stderr).toMatch(/--email: must be an email address/);
    expect(r.stderr).toMatch(/--time-zone: must be an IANA time zone/);
    expect(r.stderr).not.toMatch(/--id|--address|--name/);
    expect(existsSync(dataDir)).toBe(false);

    const idAndMissing = await runMerchantCommand(
      ['create', '--id', 'Corner Noodle', '--name', 'Corner Noodle House'],
      { DATA_DIR: dataDir },
    );
    expect(idAndMissing.code).toBe(1);
    expect(idAndMissing.stderr).toMatch(/--id: must be 2–64 lower-case letters/);
    for (const flag of ['--address', '--time-zone', '--phone', '--email'])
      expect(idAndMissing.stderr).toContain(`${flag}: is required`);

    // disable/enable check the id with the same rule, before any database is opened.
    const badDisable = await runMerchantCommand(['disable', '--id', 'Corner Noodle'], {
      DATA_DIR: dataDir,
    });
    expect(badDisable.code).toBe(1);
    expect(badDisable.stderr).toMatch(
      /Cannot disable the merchant:\n {2}--id: must be 2–64 lower-case/,
    );
    const enableNoId = await runMerchantCommand(['enable'], { DATA_DIR: dataDir });
    expect(enableNoId.stderr).toContain('--id: is required');

    const noId = await runMerchantCommand(['reset-password'], { DATA_DIR: dataDir });
    expect(noId.code).toBe(1);
    expect(noId.stderr).toContain('--id: is required');

    const unknown = await runMerchantCommand(['delete', '--id', 'x'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "delete"');
    expect(unknown.stderr).toContain('Usage:');
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});

describe.skipIf(!serverUrl)('merchant command on the PostgreSQL server', () => {
  it('creates a merchant who can sign in, refuses a taken id, and resets the password while the server runs', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'cli');
    cleanups.push(scratch.drop);
    const port = await freePort();
    const env = { ...productionEnv(port, tempDir('cli-pg')), DATABASE_URL: scratch.url };

    // Production starts empty: the command is how the first merchant is made (it also applies
    // the migrations, so it may run before the server ever started).
    const created = await runMerchantCommand(createArgs('corner-noodle'), env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Merchant "corner-noodle" created');
    const password = printedPassword(created.stdout);
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

    const taken = await runMerchantCommand(createArgs('corner-noodle'), env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('--id: a merchant with id "corner-noodle" exists already');

    const app = startServer(env, port);
    cleanups.push(() => stopServer(app));
    await waitReady(app, 120_000);
    const signedIn = await merchantSignIn(app.base, 'corner-noodle', password);
    expect(signedIn.status).toBe(200);
    const info = (await (
      await fetch(`${app.base}/api/businessInfos/merchantId/corner-noodle/businessInfo`)
    ).json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      name: 'Corner Noodle House',
      phone: '2125550142',
      timeZone: 'America/New_York',
      address: { street: '120 Bowery', city: 'New York', state: 'NY', postalCode: '10013' },
    });
    expect(info.location).not.toBeNull(); // the ZIP's centroid, for delivery distances

    // With a PostgreSQL server the command runs beside the live server.
    const reset = await runMerchantCommand(['reset-password', '--id', 'corner-noodle'], env);
    expect(reset.code).toBe(0);
    const newPassword = printedPassword(reset.stdout);
    expect(newPassword).not.toBe(password);
    expect((await merchantSignIn(app.base, 'corner-noodle', password)).status).toBe(401);
    expect((await merchantSignIn(app.base, 'corner-noodle', newPassword)).status).toBe(200);
    // Whoever held the old password is signed out.
    const auth = await fetch(`${app.base}/api/merchantUsers/isAuth`, {
      headers: { cookie: signedIn.cookie },
    });
    expect(await auth.json()).toEqual({ isAuth: false });
    // The passwords appear in the command's own output only, never in the server's log.
    expect(app.output()).not.toContain(password);
    expect(app.output()).not.toContain(newPassword);

    const missing = await runMerchantCommand(['reset-password', '--id', 'nobody-here'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--id: no merchant has the id "nobody-here"');

    // Merchant care beside the live server: disable ends the merchant's session and sign-in.
    const again = await merchantSignIn(app.base, 'corner-noodle', newPassword);
    const disabled = await runMerchantCommand(['disable', '--id', 'corner-noodle'], env);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('Merchant "corner-noodle" disabled');
    const listed = await runMerchantCommand(['list'], env);
    expect(listed.stdout).toMatch(
      /^corner-noodle\s+disabled\s+\d{4}-\d\d-\d\d\s+Corner Noodle House$/m,
    );
    expect(listed.stdout).toContain('1 merchant, 1 disabled');
    const after = await fetch(`${app.base}/api/merchantUsers/isAuth`, {
      headers: { cookie: again.cookie },
    });
    expect(await after.json()).toEqual({ isAuth: false });
    expect((await merchantSignIn(app.base, 'corner-noodle', newPassword)).status).toBe(403);
    const enabled = await runMerchantCommand(['enable', '--id', 'corner-noodle'], env);
    expect(enabled.stdout).toContain('Merchant "corner-noodle" enabled');
    expect((await merchantSignIn(app.base, 'corner-noodle', newPassword)).status).toBe(200);

    // The merchant's data export, beside the live server.
    const out = join(tempDir('cli-export'), 'corner-noodle');
    const exported = await runMerchantCommand(
      ['export', '--id', 'corner-noodle', '--out', out],
      env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('(0 orders)');
    expect(readdirSync(out).sort()).toEqual([
      'menu.json',
      'orders.csv',
      'orders.jsonl',
      'settings.json',
    ]);
    const settings = readFileSync(join(out, 'settings.json'), 'utf8');
    expect(JSON.parse(settings)).toMatchObject({ name: 'Corner Noodle House' });
    expect(settings).not.toContain('$argon2');
    const noOut = await runMerchantCommand(['export', '--id', 'corner-noodle'], env);
    expect(noOut.stderr).toContain('--out: is required');
  }, 300_000);
});

describe.skipIf(!!serverUrl)('merchant command on the embedded database', () => {
  it('creates and resets in DATA_DIR, and says to stop the server while it holds the folder', async () => {
    const port = await freePort();
    const dataDir = tempDir('cli-pglite');
    const env = productionEnv(port, dataDir);

    const created = await runMerchantCommand(createArgs('corner-noodle'), env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const password = printedPassword(created.stdout);

    const app = startServer(env, port);
    cleanups.push(() => stopServer(app));
    await waitReady(app, 120_000);
    expect((await merchantSignIn(app.base, 'corner-noodle', password)).status).toBe(200);

    const whileRunning = await runMerchantCommand(['reset-password', '--id', 'corner-noodle'], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stdout).toBe('');
    expect(whileRunning.stderr).toContain(`pid ${app.child.pid}`);
    expect(whileRunning.stderr).toContain('stop the server');
    expect(await stopServer(app)).toBe(0);

    const reset = await runMerchantCommand(['reset-password', '--id', 'corner-noodle'], env);
    expect(reset.code).toBe(0);
    const newPassword = printedPassword(reset.stdout);

    const database = await openDatabase({
      kind: 'pglite',
      dataDir: join(dataDir, 'pgdata'),
      log: pino({ level: 'silent' }),
    });
    try {
      const stored = await findMerchantCredentials(database.db, 'corner-noodle');
      expect(await checkPassword(stored?.passwordHash, newPassword)).toBe(true);
      expect(await checkPassword(stored?.passwordHash, password)).toBe(false);
    } finally {
      await database.close();
    }
  }, 600_000);
});
