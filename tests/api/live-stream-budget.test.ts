// Live streams have their own budget per instance (issue 24, items 2 and 3): the merchant's
// dashboard streams (8 per store) and the diners' order-page streams (their own cap per instance,
// and 4 per order) are counted apart and atomically, and no stream takes a slot of the in-flight
// cap. A newcomer past a cap gets 429 with a message and Retry-After (the web then polls); no one
// already in is refused. docs/decisions/load-shedding.md, docs/decisions/merchant-orders.md.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STREAMS_PER_MERCHANT } from '../../src/contract/merchant-orders.js';
import { PLACED_ORDER_STREAMS_PER_ORDER } from '../../src/contract/orders.js';
import type { App } from '../../src/server/app.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { openEventStream } from '../support/sse.js';
import { createTestApp } from '../support/test-app.js';

type Stream = Awaited<ReturnType<typeof openEventStream>>;

let t: App | undefined;
let base = '';
const opened: Stream[] = [];

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const m = await createMerchant(t.ctx.db);
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await t?.app.close();
  t = undefined;
});

const open = async (url: string, headers: Record<string, string> = {}) => {
  const s = await openEventStream(`${base}${url}`, headers);
  opened.push(s);
  return s;
};
const dashboard = (m: { merchantId: string; cookie: string }) =>
  open(`/api/orders7/merchantId/${m.merchantId}/orders/stream`, { cookie: m.cookie });
const orderPage = (merchantId: string, orderId: string) =>
  open(`/api/orderPlaced/merchantId/${merchantId}/order/_id/${orderId}/stream`);
const statuses = (list: Stream[]) => list.map((s) => s.res.status);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live stream budget', () => {
  it(`opens exactly ${ORDER_STREAMS_PER_MERCHANT} of 200 concurrent dashboard streams for one store; the others get 429 with Retry-After`, async () => {
    const m = await start();
    const all = await Promise.all(Array.from({ length: 200 }, () => dashboard(m)));
    const codes = statuses(all);
    expect(codes.filter((c) => c === 200)).toHaveLength(ORDER_STREAMS_PER_MERCHANT);
    expect(codes.filter((c) => c === 429)).toHaveLength(200 - ORDER_STREAMS_PER_MERCHANT);
    const refused = all.find((s) => s.res.status === 429)!;
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.res.json()) as { message: string }).message).toMatch(
      /At most 8 live order streams per store/,
    );
    // The open ones are still served: a new order reaches every one of them.
    await placeTestOrder(t!.ctx, m.merchantId);
    for (const s of all.filter((x) => x.res.status === 200)) await s.waitFor(1);
  });

  it("does not count the diners' order-page streams against the store's dashboard streams", async () => {
    const m = await start();
    for (let i = 0; i < 2; i++) {
      const { orderId } = await placeTestOrder(t!.ctx, m.merchantId);
      const pages = await Promise.all(
        Array.from({ length: PLACED_ORDER_STREAMS_PER_ORDER }, () =>
          orderPage(m.merchantId, orderId),
        ),
      );
      expect(statuses(pages)).toEqual(pages.map(() => 200));
    }
    const boards = await Promise.all(
      Array.from({ length: ORDER_STREAMS_PER_MERCHANT }, () => dashboard(m)),
    );
    expect(statuses(boards)).toEqual(boards.map(() => 200));
  });

  it("caps the diners' order-page streams per instance, apart from the dashboard's, and gives places back", async () => {
    const m = await start({ LIVE_STREAMS_MAX_DINER: '6' });
    const orders = await Promise.all(
      Array.from({ length: 4 }, async () => (await placeTestOrder(t!.ctx, m.merchantId)).orderId),
    );
    // 8 concurrent opens over 4 orders (2 each, under the per-order cap): exactly 6 open.
    const pages = await Promise.all(
      orders.flatMap((id) => [1, 2].map(() => orderPage(m.merchantId, id))),
    );
    const codes = statuses(pages);
    expect(
      codes.filter((c) => c === 200),
      String(codes),
    ).toHaveLength(6);
    const refused = pages.filter((p) => p.res.status === 429);
    expect(refused).toHaveLength(2);
    expect(Number(refused[0]!.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The merchant's dashboard is not held back by the diners.
    expect((await dashboard(m)).res.status).toBe(200);
    // One closed page frees one place.
    await pages.find((p) => p.res.status === 200)!.close();
    await pause(100);
    expect((await orderPage(m.merchantId, orders[0]!)).res.status).toBe(200);
    expect((await orderPage(m.merchantId, orders[1]!)).res.status).toBe(429);
  });

  it('gives a place back when the stream fails before it starts (unknown order, unknown store)', async () => {
    const m = await start({ LIVE_STREAMS_MAX_DINER: '2' });
    for (let i = 0; i < 5; i++) {
      expect((await orderPage(m.merchantId, crypto.randomUUID())).res.status).toBe(404);
      expect((await orderPage('no-such-store', crypto.randomUUID())).res.status).toBe(404);
    }
    const { orderId } = await placeTestOrder(t!.ctx, m.merchantId);
    const pages = [await orderPage(m.merchantId, orderId), await orderPage(m.merchantId, orderId)];
    expect(statuses(pages)).toEqual([200, 200]);
  });

  it('takes no slot of the in-flight cap: with 8 dashboards and 8 order pages open, a cap of 2 still serves', async () => {
    const m = await start({
      LOAD_SHED: 'true',
      LOAD_SHED_MAX_IN_FLIGHT: '2',
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const orders = [
      (await placeTestOrder(t!.ctx, m.merchantId)).orderId,
      (await placeTestOrder(t!.ctx, m.merchantId)).orderId,
    ];
    const boards = await Promise.all(
      Array.from({ length: ORDER_STREAMS_PER_MERCHANT }, () => dashboard(m)),
    );
    const pages = await Promise.all(
      orders.flatMap((id) => [1, 2, 3, 4].map(() => orderPage(m.merchantId, id))),
    );
    expect(statuses([...boards, ...pages]).every((c) => c === 200)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const menu = await fetch(`${base}/api/items7/merchantId/${m.merchantId}/items`);
      expect(menu.status).toBe(200);
      const write = await fetch(
        `${base}/api/orders7/merchantId/${m.merchantId}/order/_idOrder/${orders[0]}`,
        {
          method: 'PUT',
          headers: { cookie: m.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ hasBeenRead: true }),
        },
      );
      expect(write.status).toBe(200);
    }
    // And the readiness probe says ready.
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
