// The merchant's live order stream (issue 12): Server-Sent Events over a real HTTP connection.
// A new order and a dashboard change arrive as events numbered in commit order; a reconnect with
// Last-Event-ID replays exactly what came after it; a stream keeps working after events it did
// not see the NOTIFY of; the number of open streams per store is capped; strangers are refused.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STREAMS_PER_MERCHANT } from '../../src/contract/merchant-orders.js';
import type { App } from '../../src/server/app.js';
import { SHUTDOWN_RETRY_MS } from '../../src/server/modules/order-events/event-stream.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { openEventStream } from '../support/sse.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let base: string;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

const place = async (who: { merchantId: string }) =>
  (await placeTestOrder(t.ctx, who.merchantId)).orderId;

interface OrderEvent {
  seq: number;
  _id: string;
  kind: string;
}

/** An open stream of `who`'s orders. */
const openStream = (who: SignedIn, headers: Record<string, string> = {}, query = '') =>
  openEventStream<OrderEvent>(
    `${base}/api/orders7/merchantId/${who.merchantId}/orders/stream${query}`,
    {
      cookie: who.cookie,
      ...headers,
    },
  );

describe('GET .../orders/stream', () => {
  it('pushes new and changed orders, numbered in commit order', async () => {
    const s = await openStream(m);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await place(m);
    await place(other); // another merchant's order is not in this stream
    const second = await place(m);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/orders7/merchantId/${m.merchantId}/order/_idOrder/${first}`,
      headers: { cookie: m.cookie },
      payload: { hasBeenRead: true },
    });
    expect(update.statusCode).toBe(200);
    const events = await s.waitFor(3);
    expect(events.map((e) => [e.data._id, e.data.kind])).toEqual([
      [first, 'placed'],
      [second, 'placed'],
      [first, 'updated'],
    ]);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([ids[0]!, ids[0]! + 1, ids[0]! + 2]);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.events).toHaveLength(3);
    await s.close();
  });

  it('replays after Last-Event-ID what a closed stream missed, and nothing before it', async () => {
    const s = await openStream(m);
    await place(m);
    const [seen] = await s.waitFor(1);
    await s.close();
    const missed = [await place(m), await place(m)];
    const again = await openStream(m, { 'last-event-id': String(seen!.id) });
    const replayed = await again.waitFor(2);
    expect(replayed.map((e) => e.data._id)).toEqual(missed);
    expect(replayed[0]!.id).toBe(seen!.id! + 1);
    await again.close();
    // ?lastEventId does the same for a first connection.
    const fromQuery = await openStream(m, {}, `?lastEventId=${seen!.id}`);
    expect((await fromQuery.waitFor(2)).map((e) => e.data._id)).toEqual(missed);
    await fromQuery.close();
  });

  it(`refuses more than ${ORDER_STREAMS_PER_MERCHANT} open streams per store with 429`, async () => {
    const streams = [];
    for (let i = 0; i < ORDER_STREAMS_PER_MERCHANT; i++) streams.push(await openStream(m));
    expect(streams.every((s) => s.res.status === 200)).toBe(true);
    const extra = await openStream(m);
    expect(extra.res.status).toBe(429);
    await extra.close();
    for (const s of streams) await s.close();
    // Closed streams free their places.
    await new Promise((r) => setTimeout(r, 100));
    const after = await openStream(m);
    expect(after.res.status).toBe(200);
    await after.close();
  });

  it('refuses a stranger (401) and another merchant (403)', async () => {
    const url = `${base}/api/orders7/merchantId/${m.merchantId}/orders/stream`;
    expect((await fetch(url)).status).toBe(401);
    const res = await fetch(url, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(403);
  });
});

describe('closing the app', () => {
  it('ends the open streams instead of waiting for them, telling them to come back soon', async () => {
    const app = await createTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const a = await createMerchant(app.ctx.db);
    const cookie = await signInMerchant(app.app, a.merchantId, a.password);
    const res = await fetch(`${url}/api/orders7/merchantId/${a.merchantId}/orders/stream`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array);
    })();
    await app.app.close();
    await reading; // the stream ended from the server's side
    // Its last words: a short reconnect delay (a rolling restart; docs/decisions/operations.md).
    expect(text.startsWith('retry: 3000\n\n')).toBe(true);
    expect(text.endsWith(`retry: ${SHUTDOWN_RETRY_MS}\n\n`)).toBe(true);
  });
});
