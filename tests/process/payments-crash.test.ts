// A real crash: a process running the app on the PostgreSQL server is killed with SIGKILL after
// the sandbox gateway recorded an approval and before our placing transaction commits. A server
// restarted on the same database then resolves the order through the reconciler: placed when it
// is recent, voided (charge released, order failed) when it is too old to place. PGlite cannot
// survive a kill, so this runs on the server only.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/lib/paths.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const src = (p: string) => `file://${join(projectRoot, p)}`;

/** Like server.ts up to a ready app, then one card order through the payment core. */
const CHILD = `
const { loadConfig } = await import('${src('src/server/config.ts')}');
const { openDatabase } = await import('${src('src/server/db/client.ts')}');
const { runMigrations } = await import('${src('src/server/db/migrate.ts')}');
const { buildApp } = await import('${src('src/server/app.ts')}');
const { createMerchant } = await import('${src('tests/support/fixtures.ts')}');
const { findMerchantBySlug } = await import('${src('src/server/modules/merchants/merchants.repository.ts')}');
const { placeOrderWithPayment } = await import('${src('src/server/modules/payments/payments.service.ts')}');
const { pino } = await import('pino');
const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ kind: 'pg', url: config.databaseUrl, log });
await runMigrations(database, config.databaseUrl);
if (!(await findMerchantBySlug(database.db, 'crashm'))) {
  await createMerchant(database.db, { merchantId: 'crashm' });
}
const { ctx } = await buildApp({ config, database, logger: log, serveWeb: false });
process.stdout.write('charging\\n');
await placeOrderWithPayment(ctx, {
  merchantId: 'crashm',
  anonUserId: 'anon-crash',
  idempotencyKey: process.env.CRASH_KEY,
  order: {
    orderMethod: 'pickup',
    amounts: { subtotalCents: 1000, taxCents: 70, tipsCents: 150, fixedTipsCents: 0, discountCents: 0,
      processingFeeCents: 0, serviceFeeCents: 0, deliveryFeeCents: 0, roomServiceDeliveryFeeCents: 0,
      totalCents: 1220 },
    customer: { customerName: 'Crash Test', phone: '5551234567' },
    lines: [{ name: 'Pancakes', unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 }],
  },
  payment: { method: 'creditcard', card: { number: '4111111111111111', expiry: '1230', cvv: '123',
    billingStreet: '1 Main St', billingZip: '60601' } },
});
process.stdout.write('survived\\n');
process.exit(0);
`;

function runChild(env: Record<string, string>): Promise<{ signal: string | null; out: string }> {
  let out = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve({ signal, out })));
}

describe.skipIf(!serverUrl)('payment crash recovery on the PostgreSQL server', () => {
  it('a process killed after the gateway approved leaves an order the restarted server completes or voids', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'crash');
    const url = scratch.url;
    const env = { ...scratch.env, SEED_DEMO: 'false' };
    const db = new pg.Client({ connectionString: url });
    let server: ReturnType<typeof startServer> | undefined;
    try {
      // Two orders, each killed right after the sandbox recorded the approval.
      for (const key of ['crash-key-recent', 'crash-key-stale']) {
        const r = await runChild({
          ...env,
          CRASH_KEY: key,
          FORKFUL_SANDBOX_CRASH_AFTER_APPROVAL: '1',
        });
        expect(r.signal, r.out).toBe('SIGKILL');
        expect(r.out).toContain('charging');
        expect(r.out).not.toContain('survived');
      }
      await db.connect();
      const before = await db.query(
        `select o.id, o.idempotency_key, o.state, o.order_number, l.status as ledger
           from orders o join sandbox_ledger l on l.order_ref = o.id::text order by o.idempotency_key`,
      );
      expect(
        before.rows.map((r) => [r.idempotency_key, r.state, r.order_number, r.ledger]),
      ).toEqual([
        ['crash-key-recent', 'awaiting_payment', null, 'authorized'],
        ['crash-key-stale', 'awaiting_payment', null, 'authorized'],
      ]);
      // Time passes: one order is past the reconciler's bound, the other past the place deadline.
      await db.query(
        `update orders set created_at = now() - interval '5 minutes' where idempotency_key = 'crash-key-recent'`,
      );
      await db.query(
        `update orders set created_at = now() - interval '2 hours' where idempotency_key = 'crash-key-stale'`,
      );

      server = startServer(env, await freePort());
      await waitReady(server);
      const until = Date.now() + 60_000;
      let rows: Record<string, unknown>[] = [];
      while (Date.now() < until) {
        rows = (
          await db.query(
            `select o.idempotency_key, o.state, o.order_number, o.paid, o.payment_status, l.status as ledger
               from orders o join sandbox_ledger l on l.order_ref = o.id::text
              order by o.idempotency_key`,
          )
        ).rows;
        if (rows.every((r) => r.state !== 'awaiting_payment')) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(rows).toEqual([
        {
          idempotency_key: 'crash-key-recent',
          state: 'placed',
          order_number: 1,
          paid: true,
          payment_status: 'authorized',
          ledger: 'authorized',
        },
        {
          idempotency_key: 'crash-key-stale',
          state: 'failed',
          order_number: null,
          paid: false,
          payment_status: 'voided',
          ledger: 'voided',
        },
      ]);
    } finally {
      if (server) await stopServer(server);
      await db.end().catch(() => {});
      await scratch.drop();
    }
  }, 240_000);
});
