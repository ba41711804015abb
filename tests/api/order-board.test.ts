// The order board's reads and texts (issue 27, docs/decisions/order-board.md): the list's status
// filter with its counts per status, the Now view (open orders whatever day), the search by order
// number, name or phone, each order's due time; Accept queues the ready-time text once per order
// (T4.64) and Ready its own "your order is ready" text, once per order.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { orders, outbox } from '../../src/server/db/schema/index.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  const a = await createMerchant(t.ctx.db, { enableOrderTimeConfirmSms: true });
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
});
afterAll(() => t.app.close());

const base = () => `/api/orders7/merchantId/${m.merchantId}`;
const command = (id: string, name: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `${base()}/order/_id/${id}/${name}`,
    headers: { cookie: m.cookie },
    ...(payload ? { payload } : {}),
  });
const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base()}/orders?${query}`,
    headers: { cookie: m.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    orders: { _id: string; orderId: number; stage: string; dueAt: string | null }[];
    counts: Record<string, number>;
    totals: { orders: number };
  };
};
const place = async (name: string, phone: string) => {
  const draft = orderDraft({ phone });
  draft.customer.customerName = name;
  return (await placeTestOrder(t.ctx, m.merchantId, draft)).orderId;
};
const texts = async (prefix: string, id: string) =>
  t.ctx.db
    .select({ key: outbox.messageKey, payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.messageKey, `${prefix}:${id}%`));

describe('the board list', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.fresh = await place('Grace Hopper', '3125550101');
    ids.accepted = await place('Alan Turing', '3125550102');
    ids.ready = await place('Ada Lovelace', '3125550103');
    ids.done = await place('Edsger Dijkstra', '3125550104');
    ids.cancelled = await place('Barbara Liskov', '3125550105');
    expect((await command(ids.accepted, 'accept', { willBeReadyInMinutes: 15 })).statusCode).toBe(
      200,
    );
    expect((await command(ids.ready, 'ready')).statusCode).toBe(200);
    expect((await command(ids.done, 'complete')).statusCode).toBe(200);
    expect((await command(ids.cancelled, 'cancel')).statusCode).toBe(200);
  });

  it('filters by status and counts every status, the totals staying the range’s', async () => {
    const all = await list('range=today');
    expect(all.counts).toEqual({
      new: 1,
      in_progress: 1,
      ready: 1,
      done: 1,
      cancelled: 1,
      all: 5,
    });
    for (const [status, key, stage] of [
      ['new', 'fresh', 'placed'],
      ['in_progress', 'accepted', 'accepted'],
      ['ready', 'ready', 'ready'],
      ['done', 'done', 'completed'],
      ['cancelled', 'cancelled', 'cancelled'],
    ] as const) {
      const answer = await list(`range=today&status=${status}`);
      expect(answer.orders.map((o) => o._id)).toEqual([ids[key]]);
      expect(answer.orders[0]!.stage).toBe(stage);
      expect(answer.counts).toEqual(all.counts);
      expect(answer.totals).toEqual(all.totals);
    }
  });

  it('searches by name, phone digits and order number', async () => {
    expect((await list('q=hopper')).orders.map((o) => o._id)).toEqual([ids.fresh]);
    expect(
      (await list(`q=${encodeURIComponent('(312) 555-0102')}`)).orders.map((o) => o._id),
    ).toEqual([ids.accepted]);
    const done = (await list('status=done')).orders[0]!;
    expect((await list(`q=${done.orderId}`)).orders.map((o) => o._id)).toContain(done._id);
    const none = await list('q=%25_nobody');
    expect(none.orders).toEqual([]);
    expect(none.counts.all).toBe(0);
  });

  it('the Now view lists open orders whatever day they were placed', async () => {
    // An order placed three days ago and never finished.
    const old = await place('Old Order', '3125550109');
    await t.ctx.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(orders.id, old));
    const today = await list('range=today');
    expect(today.orders.map((o) => o._id)).not.toContain(old);
    const now = await list('view=now');
    expect(new Set(now.orders.map((o) => o._id))).toEqual(
      new Set([ids.fresh, ids.accepted, ids.ready, old]),
    );
    expect(now.counts).toMatchObject({ new: 2, in_progress: 1, ready: 1, done: 0, all: 4 });
  });

  it('gives the due time: accepted + minutes', async () => {
    const accepted = (await list('status=in_progress')).orders[0]!;
    const res = await t.ctx.db
      .select({ readyAt: orders.readyAt })
      .from(orders)
      .where(eq(orders.id, accepted._id));
    expect(accepted.dueAt).toBe(res[0]!.readyAt!.toISOString());
  });

  it('refuses an unknown status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/orders?status=late`,
      headers: { cookie: m.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the texts of Accept and Ready', () => {
  it('Accept queues the ready-time text once; Ready queues its own text once', async () => {
    const id = await place('Text Me', '3125550177');
    expect((await command(id, 'accept', { willBeReadyInMinutes: 20 })).json()).toMatchObject({
      stage: 'accepted',
      hasSentOrderTimeSMS: true,
    });
    const readyTime = await texts('ready-time-sms', id);
    expect(readyTime).toHaveLength(1);
    expect((readyTime[0]!.payload as { body: string }).body).toMatch(
      /will be ready in 20 minutes\.$/,
    );
    // A second accept is refused (the order is accepted): no second text.
    expect((await command(id, 'accept', { willBeReadyInMinutes: 5 })).statusCode).toBe(409);
    expect(await texts('ready-time-sms', id)).toHaveLength(1);

    expect((await command(id, 'ready')).statusCode).toBe(200);
    const ready = await texts('order-ready-sms', id);
    expect(ready).toHaveLength(1);
    expect((ready[0]!.payload as { to: string; body: string }).to).toBe('+13125550177');
    expect((ready[0]!.payload as { body: string }).body).toMatch(/is ready\.$/);
    expect((await command(id, 'ready')).statusCode).toBe(409);
    expect(await texts('order-ready-sms', id)).toHaveLength(1);
  });

  it('texts nothing when the store has the texts off', async () => {
    const off = await createMerchant(t.ctx.db, { enableOrderTimeConfirmSms: false });
    const cookie = await signInMerchant(t.app, off.merchantId, off.password);
    const id = (await placeTestOrder(t.ctx, off.merchantId, orderDraft({ phone: '3125550178' })))
      .orderId;
    for (const [name, payload] of [
      ['accept', { willBeReadyInMinutes: 10 }],
      ['ready', undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders7/merchantId/${off.merchantId}/order/_id/${id}/${name}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await texts('ready-time-sms', id)).toEqual([]);
    expect(await texts('order-ready-sms', id)).toEqual([]);
  });
});
