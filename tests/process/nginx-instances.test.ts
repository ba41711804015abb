// Two instances behind nginx (issue 31), with the shipped config (deploy/nginx/forkful.conf):
// - the diner's address: through the proxy the instance sees the address nginx saw, never a
//   forged X-Forwarded-For; reached directly, an X-Forwarded-For from an address outside
//   TRUST_PROXY is not believed either;
// - a rolling restart while diners order and the merchant's dashboard stream is open: each
//   instance in turn gets SIGTERM (it ends its streams with a short `retry:` and exits 0) and
//   starts again; the stream reconnects through nginx with Last-Event-ID and receives every
//   order's event, once each, in order.
import { request } from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import { type Nginx, nginxAvailable, startNginx } from '../support/nginx.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import {
  type ServerProcess,
  freePort,
  startServer,
  stopServer,
  waitReady,
} from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface MenuItem {
  _id: string;
  name: string;
  size: { _id: string }[];
  options: {
    _id: string;
    numberToSelect: number;
    minNumberToSelect: number | null;
    maxNumberToSelect: number | null;
    optionValues: { _id: string }[];
  }[];
}

function simpleChoice(item: MenuItem) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity: 1, note: '' };
}

/** A GET from a chosen local address (127.0.0.0/8 is all loopback), with extra headers. */
function getFrom(localAddress: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    const req = request(url, { localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The client address an instance logged for one request id (pino's "incoming request"). */
function loggedAddress(output: string, requestId: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; req?: { remoteAddress?: string } };
    if (entry.reqId === requestId && entry.req?.remoteAddress) return entry.req.remoteAddress;
  }
  return undefined;
}

/**
 * The dashboard's EventSource, by hand: reads `order` events, and when the answer ends waits the
 * last `retry:` it was given and reconnects with Last-Event-ID, as a browser does.
 */
function followStream(url: string, cookie: string) {
  const seen: { seq: number; id: string; kind: string }[] = [];
  const retries: number[] = [];
  let connections = 0;
  let retryMs = 3000;
  let lastId: number | undefined;
  let stopped = false;
  const controller = new AbortController();
  const loop = (async () => {
    while (!stopped) {
      try {
        const res = await fetch(url, {
          headers: { cookie, ...(lastId !== undefined ? { 'last-event-id': String(lastId) } : {}) },
          signal: controller.signal,
        });
        if (res.status === 200 && res.body) {
          connections++;
          let buffer = '';
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const retry = /^retry: (\d+)$/m.exec(block)?.[1];
              if (retry) {
                retryMs = Number(retry);
                retries.push(retryMs);
              }
              const id = /^id: (\d+)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (id && data) {
                const d = JSON.parse(data) as { _id: string; kind: string };
                seen.push({ seq: Number(id), id: d._id, kind: d.kind });
                lastId = Number(id);
              }
            }
          }
        } else {
          await res.arrayBuffer().catch(() => {});
        }
      } catch {
        // reset or aborted: reconnect as EventSource does
      }
      if (!stopped) await sleep(retryMs);
    }
  })();
  return {
    seen,
    retries,
    connections: () => connections,
    async stop() {
      stopped = true;
      controller.abort();
      await loop;
    },
  };
}

describe.skipIf(!serverUrl || !nginxAvailable)('two instances behind nginx', () => {
  it('sees the diner through the proxy and keeps the dashboard stream whole across a rolling restart', async (test) => {
    const scratch = await createScratchDatabase(serverUrl!, 'nginx');
    const env = {
      ...scratch.env,
      RATE_LIMIT_MULTIPLIER: '1000',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    const ports = [await freePort(), await freePort()];
    const instances: ServerProcess[] = ports.map((p) => startServer(env, p));
    let nginx: Nginx | undefined;
    const db = new pg.Client({ connectionString: scratch.url });
    let stream: ReturnType<typeof followStream> | undefined;
    try {
      // One first: it migrates and seeds; the second then starts on a ready database.
      await waitReady(instances[0]!);
      await waitReady(instances[1]!);
      nginx = await startNginx(
        await freePort(),
        ports.map((p) => `127.0.0.1:${p}`),
      );
      const base = nginx.base;
      await db.connect();

      // The diner's address: nginx passes the address it saw, whatever the client claims.
      const viaProxy = await getFrom('127.0.0.2', `${base}/healthz`, {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(viaProxy.status).toBe(200);
      const direct = await getFrom('127.0.0.3', `${instances[0]!.base}/healthz`, {
        'x-forwarded-for': '203.0.113.7',
        'x-request-id': 'direct-forged-forwarded-for',
      });
      expect(direct.status).toBe(200);
      await sleep(200);
      const logs = () => instances.map((i) => i.output()).join('\n');
      expect(loggedAddress(logs(), viaProxy.requestId)).toBe('127.0.0.2');
      expect(loggedAddress(logs(), 'direct-forged-forwarded-for')).toBe('127.0.0.3');

      const signedIn = await merchantSignIn(base, 'demo', 'Demo1234');
      expect(signedIn.status).toBe(200);
      const menu = (await (
        await fetch(`${base}/api/items7/merchantId/demo/items`)
      ).json()) as MenuItem[];
      const lines = ['Kung Pao Chicken', 'Mapo Tofu'].map((n) =>
        simpleChoice(menu.find((i) => i.name === n)!),
      );

      /**
       * A call through nginx, tried again while an instance is on its way down (as a diner would),
       * for up to 15 s: on a loaded machine an instance's drain has outlasted 5 s.
       */
      const call = async (path: string, init: RequestInit = {}) => {
        for (let attempt = 1; ; attempt++) {
          try {
            const res = await fetch(`${base}${path}`, init);
            if (![502, 503, 504].includes(res.status) || attempt >= 60) return res;
            await res.arrayBuffer();
          } catch (err) {
            if (attempt >= 60) throw err;
          }
          await sleep(250);
        }
      };
      const placed: string[] = [];
      let n = 0;
      const placeOrder = async () => {
        n++;
        const cookieRes = await call('/api/users/cookie');
        expect(cookieRes.status, await cookieRes.clone().text()).toBe(200);
        const cookie = cookieRes.headers.getSetCookie()[0]!.split(';')[0]!;
        const uid = ((await cookieRes.json()) as { uid: string }).uid;
        const cart = (what: string) => `/api/shoppingCarts/merchantId/demo/${what}/${uid}`;
        // nginx never retries a POST (operations.md): one that met an instance as it went down
        // answers 502, and the diner's browser sends it again — the order with the same
        // idempotency key, so it is placed once whatever the first attempt did.
        const post = async (path: string, body: unknown) => {
          for (let attempt = 1; ; attempt++) {
            const res = await call(path, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            if (res.status !== 502 || attempt === 3) return res;
            await sleep(300);
          }
        };
        const open = await call(cart('userId'), { headers: { cookie } });
        if (((await open.json()) as { storeOpen: boolean }).storeOpen !== true) test.skip();
        const added = await post(cart('orderItems'), { orderItems: lines });
        expect(added.status, await added.clone().text()).toBe(200);
        const phone = `31255501${String(n).padStart(2, '0')}`;
        await db.query(
          `insert into phone_verifications (anon_user_id, phone, code_hash, expires_at, last_sent_at, verified_at)
           values ($1, $2, $3, now(), now(), now())`,
          [uid, phone, 'x'.repeat(64)],
        );
        const sent = await post(cart('sendOrder'), {
          idempotencyKey: `nginx-${uid.slice(0, 8)}`,
          checkout: {
            orderMethod: 'pickup',
            paymentMethod: 'cash',
            tip: { kind: 'percent', ratePpm: 100_000 },
            time: { kind: 'asap' },
            customerName: 'Ada Lovelace',
            phone,
          },
        });
        expect(sent.status, await sent.clone().text()).toBe(200);
        placed.push(((await sent.json()) as { _id: string })._id);
      };

      stream = followStream(`${base}/api/orders7/merchantId/demo/orders/stream`, signedIn.cookie);
      const s = stream;
      await waitFor(() => s.connections() === 1, 'the stream to open');
      await placeOrder();

      // The rolling restart: each instance in turn, while orders keep coming through nginx.
      for (const i of [0, 1]) {
        const ordering = (async () => {
          for (let k = 0; k < 2; k++) await placeOrder();
        })();
        await sleep(100);
        expect(await stopServer(instances[i]!), instances[i]!.output().slice(-2000)).toBe(0);
        await ordering;
        instances[i] = startServer(env, ports[i]!);
        await waitReady(instances[i]!);
        await placeOrder();
      }

      await waitFor(
        () => placed.every((id) => s.seen.some((e) => e.id === id && e.kind === 'placed')),
        'every placed order on the stream',
      );
      // The stream lived on one of the two: it was ended with the short retry hint and came back.
      expect(s.connections()).toBeGreaterThanOrEqual(2);
      expect(s.retries).toContain(500);
      const seqs = s.seen.map((e) => e.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(placed).toHaveLength(7);
    } finally {
      await stream?.stop();
      await db.end().catch(() => {});
      await nginx?.stop();
      await Promise.all(instances.map((i) => stopServer(i)));
      await scratch.drop();
    }
  }, 240_000);
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`${what} did not happen in ${timeoutMs} ms`);
    await sleep(50);
  }
}
