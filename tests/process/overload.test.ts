// Overload answers 503 with Retry-After, never 500 (issue 9): the real process, started with a
// deliberately tiny event-loop limit, under a bounded burst of loopback requests (menu reads and
// cart adds from diners with their own carts). Runs on PGlite, or on a scratch database of the
// PostgreSQL server when TEST_DATABASE_URL is set. No speed is asserted: only what clients get.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const DINERS = 40;
const MAX_REQUESTS = 1200;
const MAX_BURST_MS = 20_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
}

async function get(base: string, path: string, cookie = ''): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code };
}

async function addLine(base: string, d: { uid: string; cookie: string }, line: unknown) {
  const res = await fetch(`${base}/api/shoppingCarts/merchantId/demo/orderItems/${d.uid}`, {
    method: 'POST',
    headers: { cookie: d.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ orderItems: [line] }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code };
}

/** A GET retried until it is served: with so tiny a limit, even start-up work trips it. */
async function served(url: string): Promise<Response> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(url);
    if (res.status !== 503 || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('an instance past its event-loop limit', () => {
  it('refuses with 503 and Retry-After (never 500), answers /healthz throughout, and serves again after the burst', async () => {
    const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'overload') : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-overload-'));
    const server = startServer(
      {
        DATA_DIR: dataDir,
        ...scratch?.env,
        LOAD_SHED: 'true',
        LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '3', // a few ms late on average: any burst trips it
        LOAD_SHED_SAMPLE_INTERVAL_MS: '50',
        LOAD_SHED_RETRY_AFTER_SECONDS: '5',
        RATE_LIMIT_MULTIPLIER: '10000',
      },
      await freePort(),
    );
    try {
      await waitReady(server, 120_000);
      const base = server.base;

      // Diners and a valid line, set up before the burst.
      const items = (await (await served(`${base}/api/items7/merchantId/demo/items`)).json()) as {
        _id: string;
        available: boolean;
        soldout: boolean;
        size: { _id: string }[];
        options: unknown[];
      }[];
      const item = items.find((i) => i.available && !i.soldout && i.options.length === 0)!;
      const line = {
        itemId: item._id,
        sizeId: item.size[0]?._id ?? null,
        options: {},
        quantity: 1,
      };
      const diners = await Promise.all(
        Array.from({ length: DINERS }, async () => {
          const res = await served(`${base}/api/users/cookie`);
          const { uid } = (await res.json()) as { uid: string };
          return { uid, cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
        }),
      );

      // The burst: each diner reads the menu and adds to its cart in a loop, bounded in count
      // and time; /healthz is probed alongside.
      const answers: Answer[] = [];
      const health: number[] = [];
      const deadline = Date.now() + MAX_BURST_MS;
      let sent = 0;
      const more = () => sent++ < MAX_REQUESTS && Date.now() < deadline;
      const diner = async (d: { uid: string; cookie: string }) => {
        while (more()) {
          answers.push(await get(base, '/api/items7/merchantId/demo/items', d.cookie));
          if (more()) answers.push(await addLine(base, d, line));
        }
      };
      const prober = async () => {
        while (Date.now() < deadline && sent < MAX_REQUESTS) {
          health.push((await get(base, '/healthz')).status);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await Promise.all([...diners.map(diner), prober()]);

      const byStatus = new Map<number, number>();
      for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      const summary = JSON.stringify(Object.fromEntries(byStatus));
      expect(byStatus.get(500) ?? 0, summary).toBe(0);
      expect(
        [...byStatus.keys()].every((s) => s === 200 || s === 503),
        summary,
      ).toBe(true);
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length, summary).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.retryAfter).toBe('5');
        expect(r.code).toBe('upstream_unavailable');
      }
      expect(health.length).toBeGreaterThan(0);
      expect(health.every((s) => s === 200)).toBe(true);

      // Shedding ends with the burst: the next plain request is served (within a generous wait).
      const after = await served(`${base}/api/items7/merchantId/demo/items`);
      expect(after.status).toBe(200);
      expect(server.output()).not.toMatch(/"level":50/); // nothing logged as an error
    } finally {
      await stopServer(server);
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
