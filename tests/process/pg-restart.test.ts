// Issue 9 "survive the database": the real process on a throwaway PostgreSQL cluster, with 20
// loops of menu and cart traffic running, while the cluster is restarted (`pg_ctl restart -m
// fast`: every backend is terminated with 57P01, then connections are refused until the server is
// back). The process must stay up, answer 503 with Retry-After (never a 500, never a reset) while
// the database is away, report not ready, serve again within seconds of its return, and neither
// lose nor double an order sent around the restart (a diner retries a 503 with the same key).
// The outbox, too, keeps a message the provider took while the database was going away as sent,
// instead of sending it again.
// Runs with the PostgreSQL tests (npm run test:pg); skipped where no cluster can be made.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsAdapter } from '../../src/server/adapters/sms/index.js';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { findByKey } from '../../src/server/modules/outbox/outbox.repository.js';
import { enqueueMessage, processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import { createMerchant } from '../support/fixtures.js';
import { HttpClient, type HttpAnswer } from '../support/http-client.js';
import { databaseUrlFor } from '../support/pg-url.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';
import { testConfig } from '../support/test-app.js';
import { type ThrowawayCluster, startThrowawayCluster } from '../support/throwaway-cluster.js';

const serverUrl = process.env.TEST_DATABASE_URL;

const LOAD_LOOPS = 20;
const ORDERS = 12;
/** How long the database stays down in its restart. */
const DOWN_MS = 1500;
/** After the database is back, errors must have ended within this (the brief: "seconds"). */
const RECOVERY_MS = 5_000;

const allDay = [{ open: 0, close: 1440 }];
const everyDay = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    allDay,
  ]),
);

interface Seen {
  at: number;
  what: string;
  answer: HttpAnswer;
}

interface MenuItem {
  _id: string;
  size: { _id: string }[];
  options: unknown[];
  available: boolean;
  soldout: boolean;
}

describe.skipIf(!serverUrl)('a PostgreSQL restart', () => {
  let cluster: ThrowawayCluster | undefined;
  let skipReason = '';
  beforeAll(async () => {
    const started = await startThrowawayCluster();
    if ('skip' in started) skipReason = started.skip;
    else cluster = started;
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('under load keeps the process up, answers 503 while the database is away and loses or doubles no order', async (t) => {
    if (!cluster) return t.skip(skipReason);
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-pgrestart-'));
    const server = startServer(
      {
        DATABASE_URL: cluster.url,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        CREDENTIALS_KEY: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        // Every diner here is 127.0.0.1: lift the per-address limits.
        RATE_LIMIT_MULTIPLIER: '10000',
      },
      await freePort(),
    );
    try {
      await waitReady(server);
      const database = await openDatabase({
        kind: 'pg',
        url: cluster.url,
        log: pino({ level: 'silent' }),
      });
      const merchant = await createMerchant(database.db, { businessHours: everyDay });
      await database.close();
      const slug = merchant.merchantId;
      const cart = (what: string, uid: string) =>
        `/api/shoppingCarts/merchantId/${slug}/${what}/${uid}`;

      const probe = new HttpClient(server.base);
      const menu = (await probe.call('GET', `/api/items7/merchantId/${slug}/items`))
        .body as MenuItem[];
      const item = menu.find((i) => i.available && !i.soldout && i.options.length === 0)!;
      const line = {
        itemId: item._id,
        sizeId: item.size[0]?._id ?? null,
        options: {},
        quantity: 1,
        note: '',
      };

      // Diners who will order around the restart: a verified phone and one line in the cart.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      const diners = [];
      for (let i = 0; i < ORDERS; i++) {
        diners.push(
          await (async () => {
            const c = new HttpClient(server.base);
            const uid = (await c.call('GET', '/api/users/cookie')).body.uid as string;
            const phone = String(3125551000 + i);
            await admin.query(
              `insert into phone_verifications (anon_user_id, phone, code_hash, expires_at, last_sent_at, verified_at)
             values ($1, $2, $3, now(), now(), now())`,
              [uid, phone, 'x'.repeat(64)],
            );
            const added = await c.call('POST', cart('orderItems', uid), { orderItems: [line] });
            expect(added.status).toBe(200);
            return { c, uid, phone, key: `restart-${i}-${randomBytes(4).toString('hex')}` };
          })(),
        );
      }
      await admin.end();

      const seen: Seen[] = [];
      const record = async (what: string, p: Promise<HttpAnswer>) => {
        const at = Date.now();
        const answer = await p;
        seen.push({ at, what, answer });
        return answer;
      };
      let stopAt = Number.POSITIVE_INFINITY;

      // Load: each loop is one diner reading the menu and its cart and adding lines.
      const load = Array.from({ length: LOAD_LOOPS }, async () => {
        const c = new HttpClient(server.base);
        const uid = (await c.call('GET', '/api/users/cookie')).body.uid as string;
        for (let n = 0; Date.now() < stopAt; n++) {
          await record('menu', c.call('GET', `/api/items7/merchantId/${slug}/items`));
          await record('cart add', c.call('POST', cart('orderItems', uid), { orderItems: [line] }));
          await record('cart read', c.call('GET', cart('userId', uid)));
          if (n % 10 === 9) await record('cart empty', c.call('DELETE', cart('orderItems', uid)));
        }
      });
      const readiness = (async () => {
        while (Date.now() < stopAt) {
          await record('readyz', probe.call('GET', '/readyz'));
          await sleep(100);
        }
      })();

      // Orders: sent one after another across the restart, each retried with its key on a 503.
      const outcomes = new Map<string, HttpAnswer>();
      const placing = (async () => {
        await sleep(1000);
        await Promise.all(
          diners.map(async (d, i) => {
            await sleep(i * 150);
            const body = {
              idempotencyKey: d.key,
              checkout: {
                orderMethod: 'pickup',
                paymentMethod: 'cash',
                tip: { kind: 'percent', ratePpm: 100_000 },
                time: { kind: 'asap' },
                customerName: 'Restart Diner',
                phone: d.phone,
              },
            };
            let a = await record('send order', d.c.call('POST', cart('sendOrder', d.uid), body));
            const giveUp = Date.now() + 30_000;
            while (a.status === 503 && Date.now() < giveUp) {
              await sleep(200);
              a = await record('send order', d.c.call('POST', cart('sendOrder', d.uid), body));
            }
            outcomes.set(d.key, a);
          }),
        );
      })();

      await sleep(1500);
      const restartAt = Date.now();
      await cluster.restart(DOWN_MS);
      const backAt = Date.now();
      stopAt = backAt + RECOVERY_MS + 3000;
      await Promise.all([...load, readiness, placing]);

      // The process is still up and said nothing of an unhandled error.
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);

      // No resets, no 500s: every answer is a success or a 503 with Retry-After.
      const byStatus = new Map<number, number>();
      for (const s of seen) byStatus.set(s.answer.status, (byStatus.get(s.answer.status) ?? 0) + 1);
      const unexpected = seen.filter((s) => !(s.answer.status < 300 || s.answer.status === 503));
      expect(
        unexpected.slice(0, 5).map((s) => ({ what: s.what, ...s.answer })),
        JSON.stringify([...byStatus]),
      ).toEqual([]);
      const unavailable = seen.filter((s) => s.answer.status === 503);
      for (const s of unavailable) expect(s.answer.retryAfter, s.what).toMatch(/^\d+$/);
      // The outage was seen: the API said 503 and the readiness check said not ready.
      expect(unavailable.filter((s) => s.what !== 'readyz').length).toBeGreaterThan(0);
      expect(unavailable.some((s) => s.what === 'readyz')).toBe(true);
      expect(
        unavailable
          .filter((s) => s.what !== 'readyz')
          .every((s) => s.answer.body?.code === 'upstream_unavailable'),
      ).toBe(true);

      // Serving again within seconds of the database's return, and after that only successes.
      const late = seen.filter((s) => s.at > backAt + RECOVERY_MS);
      expect(late.length).toBeGreaterThan(LOAD_LOOPS);
      expect(late.filter((s) => s.answer.status !== 200).map((s) => s.what)).toEqual([]);

      // No order lost or doubled: every key ended placed, one order per key.
      expect([...outcomes.values()].map((a) => a.status)).toEqual(Array(ORDERS).fill(200));
      expect(new Set([...outcomes.values()].map((a) => a.body._id)).size).toBe(ORDERS);
      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      const rows = await check.query<{ key: string; n: number; state: string }>(
        `select idempotency_key as key, count(*)::int as n, min(state) as state
           from orders where merchant_id = $1 group by idempotency_key`,
        [merchant.id],
      );
      await check.end();
      expect(rows.rows.length).toBe(ORDERS);
      expect(rows.rows.every((r) => r.n === 1 && r.state === 'placed')).toBe(true);
      expect(new Set(rows.rows.map((r) => r.key))).toEqual(new Set(diners.map((d) => d.key)));
      // For the log of a run: how long the outage looked from outside.
      console.info(
        `pg restart took ${backAt - restartAt} ms; answers by status ${JSON.stringify([...byStatus])}`,
      );
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the outbox records a message delivered just before the database went away as sent, and sends it once', async (t) => {
    if (!cluster) return t.skip(skipReason);
    const c = cluster;
    const admin = new pg.Client({ connectionString: c.url });
    await admin.connect();
    await admin.query('create database outbox_restart');
    await admin.end();
    const url = databaseUrlFor(c.url, 'outbox_restart');
    const database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'silent' }) });
    const sent: string[] = [];
    let back: Promise<void> | undefined;
    // The provider takes the message; at that moment the database goes away for 1.5 s.
    const sms: SmsAdapter = {
      name: 'twilio',
      send: async (m) => {
        sent.push(m.messageKey);
        await c.stop();
        back = sleep(1500).then(() => c.start());
        return { providerMessageId: `SM-${m.messageKey}`, status: 'queued' };
      },
    };
    try {
      await runMigrations(database, url);
      const { app, ctx } = await buildApp({
        config: testConfig(),
        database,
        logger: pino({ level: 'silent' }),
        adapters: { sms },
        serveWeb: false,
      });
      try {
        const key = `restart:${randomBytes(4).toString('hex')}`;
        await enqueueMessage(database.db, {
          kind: 'sms',
          messageKey: key,
          payload: { to: '+15555550123', body: 'Your order is in', purpose: 'test' },
        });
        const first = await processOutbox(ctx, { maxBatches: 1 });
        expect(first).toMatchObject({ claimed: 1, sent: 1 });
        await back;
        expect((await findByKey(database.db, key))?.status).toBe('sent');
        // Nothing is left to send again, now or once the lease would have ended.
        expect(await processOutbox(ctx, { maxBatches: 1 })).toMatchObject({ claimed: 0 });
        expect(sent).toEqual([key]);
      } finally {
        await app.close();
      }
    } finally {
      await back;
      await database.close();
    }
  }, 60_000);
});
