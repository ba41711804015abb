// The live order stream across instances (issue 12): two app processes on one PostgreSQL server;
// the dashboard's stream is open on one, a diner places an order through the other, the merchant
// marks it read through that other one too, and both events arrive on the first one's stream —
// the event rows are committed with the change and one LISTEN per process wakes its streams.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { merchantSignIn } from '../support/merchant-sign-in.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

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

/** A valid choice: first size, and the fewest values each group needs. */
function simpleChoice(item: MenuItem) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity: 1, note: '' };
}

/** Reads Server-Sent Events from a response, collecting `{ id, data }` of each event. */
function collect(res: Response) {
  const events: { id: number; data: { _id: string; kind: string } }[] = [];
  const done = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return { events, done };
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`${what} did not happen in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!serverUrl)('the live order stream across two app processes', () => {
  it('receives on one instance the order placed and changed through the other', async (test) => {
    const scratch = await createScratchDatabase(serverUrl!, 'stream');
    const env = { ...scratch.env, RATE_LIMIT_MULTIPLIER: '1000' };
    const a = startServer(env, await freePort());
    const b = startServer(env, await freePort());
    const db = new pg.Client({ connectionString: scratch.url });
    const abort = new AbortController();
    try {
      await Promise.all([waitReady(a), waitReady(b)]);
      await db.connect();
      const onB = await merchantSignIn(b.base, 'demo', 'Demo1234');
      expect(onB.status).toBe(200);
      const stream = await fetch(`${b.base}/api/orders7/merchantId/demo/orders/stream`, {
        headers: { cookie: onB.cookie },
        signal: abort.signal,
      });
      expect(stream.status).toBe(200);
      const { events, done } = collect(stream);

      // A diner orders through A.
      const cookieRes = await fetch(`${a.base}/api/users/cookie`);
      const cookie = cookieRes.headers.getSetCookie()[0]!.split(';')[0]!;
      const uid = ((await cookieRes.json()) as { uid: string }).uid;
      const cart = (what: string) => `/api/shoppingCarts/merchantId/demo/${what}/${uid}`;
      const post = (path: string, body: unknown) =>
        fetch(`${a.base}${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const open = await fetch(`${a.base}${cart('userId')}`, { headers: { cookie } });
      // The demo store's weekly break (Wednesday 15:00–15:30 New York) leaves nothing to test.
      if (((await open.json()) as { storeOpen: boolean }).storeOpen !== true) test.skip();
      const menu = (await (
        await fetch(`${a.base}/api/items7/merchantId/demo/items`)
      ).json()) as MenuItem[];
      const lines = ['Kung Pao Chicken', 'Mapo Tofu'].map((n) =>
        simpleChoice(menu.find((i) => i.name === n)!),
      );
      const added = await post(cart('orderItems'), { orderItems: lines });
      expect(added.status, await added.clone().text()).toBe(200);
      const phone = '3125550188';
      await db.query(
        `insert into phone_verifications (anon_user_id, phone, code_hash, expires_at, last_sent_at, verified_at)
         values ($1, $2, $3, now(), now(), now())`,
        [uid, phone, 'x'.repeat(64)],
      );
      const sent = await post(cart('sendOrder'), {
        idempotencyKey: `stream-instances-${uid.slice(0, 8)}`,
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
      const orderId = ((await sent.json()) as { _id: string })._id;

      await until(() => events.some((e) => e.data._id === orderId), 'the placed order on B');
      expect(events.find((e) => e.data._id === orderId)!.data.kind).toBe('placed');

      // The merchant marks it read through A: B's stream hears of it too.
      const onA = await merchantSignIn(a.base, 'demo', 'Demo1234');
      const read = await fetch(`${a.base}/api/orders7/merchantId/demo/order/_idOrder/${orderId}`, {
        method: 'PUT',
        headers: { cookie: onA.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ hasBeenRead: true }),
      });
      expect(read.status).toBe(200);
      await until(
        () => events.some((e) => e.data._id === orderId && e.data.kind === 'updated'),
        'the update on B',
      );
      const ids = events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      abort.abort();
      await done;
    } finally {
      abort.abort();
      await db.end().catch(() => {});
      await Promise.all([stopServer(a), stopServer(b)]);
      await scratch.drop();
    }
  }, 240_000);
});
