// The merchant's orders at the spec's paths (§7 "Orders"): the list of a range (merchant-local
// days) with its totals summed in SQL and a capped page with a cursor, orders by ids, the latest
// order for the poll, one order by number or _id, and the dashboard's updates with their rules and
// audit. Every route: success, validation failure and the wrong caller.
// Checklist: S2.10 (date filters), E3.58 (masked card), C7 order calls, M8.17 ("Fail to update order.").
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { merchantAudit, orders } from '../../src/server/db/schema/index.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { APPROVED_CARD, orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// The fixture merchant is in Chicago: 2026-05-12 10:00 local.
const NOW = '2026-05-12T15:00:00Z';
const clock = manualClock(NOW);
let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

const draft = (totalCents: number) => orderDraft({ subtotalCents: totalCents });

/** Places an order for `who` at the given instant (the clock returns to NOW after). */
async function placeAt(who: { merchantId: string }, at: string, totalCents: number, card = false) {
  clock.set(at);
  try {
    return await placeOrderWithPayment(t.ctx, {
      merchantId: who.merchantId,
      anonUserId: 'anon-orders',
      idempotencyKey: randomUUID(),
      order: draft(totalCents),
      payment: card
        ? {
            method: 'creditcard',
            card: { ...APPROVED_CARD },
          }
        : { method: 'cash' },
    });
  } finally {
    clock.set(NOW);
  }
}

const base = (who: { merchantId: string }) => `/api/orders7/merchantId/${who.merchantId}`;
const get = (path: string, cookie = m.cookie) =>
  t.app.inject({ method: 'GET', url: `${base(m)}${path}`, headers: { cookie } });
const put = (id: string, payload: unknown, cookie = m.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `${base(m)}/order/_idOrder/${id}`,
    headers: { cookie },
    payload: payload as Record<string, unknown>,
  });

let today: { orderId: string }[];
let yesterday: { orderId: string };
let lastMonth: { orderId: string };
let voided: { orderId: string };
let card: { orderId: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await createMerchant(t.ctx.db, { ecommProvider: 'sandbox' });
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };

  lastMonth = await placeAt(m, '2026-04-20T15:00:00Z', 1000);
  // 23:30 on May 11 in Chicago is 04:30 UTC on May 12: yesterday for the merchant.
  yesterday = await placeAt(m, '2026-05-12T04:30:00Z', 2000);
  // 00:30 on May 12 in Chicago: today, though it is still May 12 05:30 UTC.
  today = [
    await placeAt(m, '2026-05-12T05:30:00Z', 300),
    await placeAt(m, '2026-05-12T13:00:00Z', 400),
    await placeAt(m, '2026-05-12T14:00:00Z', 500),
  ];
  card = await placeAt(m, '2026-05-12T14:30:00Z', 700, true);
  voided = await placeAt(m, '2026-05-12T14:40:00Z', 900);
  await t.ctx.db
    .update(orders)
    .set({ state: 'voided', hasVoid: true })
    .where(eq(orders.id, voided.orderId));
  await placeAt(other, '2026-05-12T14:50:00Z', 5000);
});
afterAll(() => t.app.close());

interface ListAnswer {
  orders: { _id: string; orderId: number; state: string; card: unknown; orderItems: unknown[] }[];
  totals: { totalSaleCents: number; orders: number };
  nextCursor: number | null;
}

describe('GET .../orders (a range of merchant-local days)', () => {
  it("lists today's orders newest first, with Total Sale and Orders (voided left out)", async () => {
    const res = await get('/orders?range=today');
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListAnswer;
    expect(body.orders.map((o) => o._id)).toEqual(
      [voided, card, ...today.slice().reverse()].map((o) => o.orderId),
    );
    expect(body.orders[0]!.state).toBe('voided');
    expect(body.totals).toEqual({ totalSaleCents: 300 + 400 + 500 + 700, orders: 4 });
    expect(body.nextCursor).toBeNull();
    expect(body.orders[1]).toMatchObject({
      card: { cardType: expect.any(String), last4: '5454' },
      orderItems: [{ name: 'Omelette', qty: 1, lineTotalCents: 700 }],
    });
    expect(JSON.stringify(body)).not.toContain('5454545454545454');
  });

  it('takes the week, month, year, a custom range and All Period in the merchant’s days', async () => {
    const count = async (q: string) => ((await get(`/orders?${q}`)).json() as ListAnswer).totals;
    expect((await count('range=week')).orders).toBe(5); // Sunday May 10 – Saturday May 16
    expect((await count('range=month')).orders).toBe(5);
    expect((await count('range=year')).orders).toBe(6);
    expect((await count('range=all')).orders).toBe(6);
    const may11 = (
      await get('/orders?range=custom&from=2026-05-11&to=2026-05-11')
    ).json() as ListAnswer;
    expect(may11.totals).toEqual({ totalSaleCents: 2000, orders: 1 });
    expect(may11.orders.map((o) => o._id)).toEqual([yesterday.orderId]);
    expect((await count('range=custom&from=2026-04-01&to=2026-05-11')).totalSaleCents).toBe(3000);
  });

  it('pages with a cursor: the next page holds the orders numbered below it', async () => {
    const first = (await get('/orders?range=all&limit=3')).json() as ListAnswer;
    expect(first.orders).toHaveLength(3);
    expect(first.nextCursor).toBe(first.orders[2]!.orderId);
    const second = (
      await get(`/orders?range=all&limit=3&before=${first.nextCursor}`)
    ).json() as ListAnswer;
    expect(second.orders).toHaveLength(3);
    const third = (
      await get(`/orders?range=all&limit=3&before=${second.nextCursor}`)
    ).json() as ListAnswer;
    expect(third.orders).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    const numbers = [...first.orders, ...second.orders, ...third.orders].map((o) => o.orderId);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(7);
    // The totals are the range's, whatever the page.
    expect(second.totals).toEqual(first.totals);
  });

  it.each([
    ['range=custom', 'from', 'A custom range needs from and to'],
    ['range=custom&from=2026-05-12&to=2026-05-11', 'to', 'from must not be after to'],
    ['range=custom&from=2026-02-31&to=2026-03-01', 'from', 'Invalid date (yyyy-mm-dd)'],
    ['range=decade', 'range', undefined],
    ['limit=101', 'limit', undefined],
    ['limit=0', 'limit', undefined],
  ])('refuses %s naming %s', async (query, field, message) => {
    const res = await get(`/orders?${query}`);
    expect(res.statusCode).toBe(400);
    const issue = (res.json() as { issues: { path: string[]; message: string }[] }).issues[0]!;
    expect(issue.path.at(-1)).toBe(field);
    if (message) expect(issue.message).toBe(message);
  });
});

describe('GET .../orders/query (queryObj and dateRangeObj as JSON)', () => {
  const q = (queryObj: unknown, dateRangeObj: unknown = { range: 'today' }) =>
    get(
      `/orders/query?queryObj=${encodeURIComponent(JSON.stringify(queryObj))}` +
        `&dateRangeObj=${encodeURIComponent(JSON.stringify(dateRangeObj))}`,
    );

  it('filters by payment type, with the totals of what it lists', async () => {
    const res = await q({ paymentMethod: 'creditcard' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListAnswer;
    expect(body.orders.map((o) => o._id)).toEqual([card.orderId]);
    expect(body.totals).toEqual({ totalSaleCents: 700, orders: 1 });
  });

  it('lists the orders above the latest one seen (the poll) and the voided ones', async () => {
    const all = (await q({}, { range: 'all' })).json() as ListAnswer;
    const third = all.orders[2]!.orderId;
    const above = (await q({ orderIdAbove: third }, { range: 'all' })).json() as ListAnswer;
    expect(above.orders.map((o) => o.orderId)).toEqual(
      all.orders.slice(0, 2).map((o) => o.orderId),
    );
    const voidedOnly = (await q({ hasVoid: true }, { range: 'all' })).json() as ListAnswer;
    expect(voidedOnly.orders.map((o) => o._id)).toEqual([voided.orderId]);
  });

  it.each([
    ['queryObj=nope', 'queryObj'],
    [`queryObj=${encodeURIComponent('{"phone":"1"}')}`, 'queryObj'],
    [`queryObj=${encodeURIComponent('{"hasVoid":"yes"}')}`, 'hasVoid'],
    [`dateRangeObj=${encodeURIComponent('{"range":"custom"}')}`, 'from'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await get(`/orders/query?${query}`);
    expect(res.statusCode).toBe(400);
    const paths = (res.json() as { issues: { path: (string | number)[] }[] }).issues.map((i) =>
      i.path.join('.'),
    );
    expect(paths.some((p) => p.includes(field))).toBe(true);
  });
});

describe('GET .../orders/_ids, .../latestOrder, .../order/orderId/{n}, .../order/_id/{id}', () => {
  it('reads the orders of the given ids, only the merchant’s own', async () => {
    const ids = [today[0]!.orderId, lastMonth.orderId].join(',');
    const res = await get(`/orders/_ids?_idOrders=${ids}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ListAnswer).orders.map((o) => o._id).sort()).toEqual(
      [today[0]!.orderId, lastMonth.orderId].sort(),
    );
    expect((await get('/orders/_ids?_idOrders=nope')).statusCode).toBe(400);
  });

  it('gives the latest order for the poll', async () => {
    const res = await get('/latestOrder');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: voided.orderId });
  });

  it('reads one order by its number or its _id; another merchant’s is not found', async () => {
    const byId = await get(`/order/_id/${card.orderId}`);
    expect(byId.statusCode).toBe(200);
    const n = (byId.json() as { orderId: number }).orderId;
    const byNumber = await get(`/order/orderId/${n}`);
    expect(byNumber.json()).toEqual(byId.json());
    expect((await get('/order/orderId/999999')).statusCode).toBe(404);
    expect((await get('/order/orderId/abc')).statusCode).toBe(400);
    const theirs = await t.ctx.db.select().from(orders).where(eq(orders.merchantId, other.id));
    expect((await get(`/order/_id/${theirs[0]!.id}`)).statusCode).toBe(404);
  });
});

describe("the checkout's customer fields on the merchant's order (E3.54)", () => {
  it('carries receiveOrderInfo as the diner chose it', async () => {
    const ids: Record<string, boolean> = {};
    for (const receiveOrderInfo of [true, false]) {
      const order = draft(900);
      order.customer = { ...order.customer, receiveOrderInfo };
      const placed = await placeOrderWithPayment(t.ctx, {
        merchantId: m.merchantId,
        anonUserId: 'anon-orders',
        idempotencyKey: randomUUID(),
        order,
        payment: { method: 'cash' },
      });
      ids[placed.orderId] = receiveOrderInfo;
    }
    for (const [id, chose] of Object.entries(ids)) {
      const res = await get(`/order/_id/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().receiveOrderInfo).toBe(chose);
    }
  });
});

describe('PUT .../order/_idOrder/{id}', () => {
  it('marks the order read and printed, and records it', async () => {
    const id = today[1]!.orderId;
    const res = await put(id, { hasBeenRead: true, hasPrintedToKitchen: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasBeenRead: true, hasPrintedToKitchen: true });
    const audit = await t.ctx.db.select().from(merchantAudit).where(eq(merchantAudit.orderId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order_update',
      detail: { changed: { hasBeenRead: { before: false, after: true } } },
    });
    // The same values again change nothing and record nothing.
    expect((await put(id, { hasBeenRead: true })).statusCode).toBe(200);
    expect(
      await t.ctx.db.select().from(merchantAudit).where(eq(merchantAudit.orderId, id)),
    ).toHaveLength(1);
  });

  it('sets the ready minutes (0 to 999) and records a ready time', async () => {
    const id = today[2]!.orderId;
    const res = await put(id, { willBeReadyInMinutes: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ willBeReadyInMinutes: 25 });
    const [entry] = await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(eq(merchantAudit.orderId, id));
    expect(entry).toMatchObject({ action: 'ready_time' });
    for (const bad of [1000, -1, 2.5, '25'])
      expect((await put(id, { willBeReadyInMinutes: bad })).statusCode).toBe(400);
  });

  it('refuses tips, total and hasVoid, naming the route that changes them', async () => {
    const res = await put(today[0]!.orderId, { tips: 5, hasVoid: true });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; issues: { path: string[]; message: string }[] };
    expect(body.message).toBe('Fail to update order.');
    expect(body.issues.map((i) => i.path.at(-1))).toEqual(['tips', 'hasVoid']);
    expect(body.issues[0]!.message).toMatch(/tip adjustment/);
    expect((await put(today[0]!.orderId, { paid: true })).statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, today[0]!.orderId));
    expect(row).toMatchObject({ tipsCents: 0, hasVoid: false, paid: false });
  });

  it('answers 404 for an unknown order', async () => {
    expect((await put(randomUUID(), { hasBeenRead: true })).statusCode).toBe(404);
  });
});

describe('the wrong caller', () => {
  it.each([
    ['GET', '/orders?range=today'],
    ['GET', '/latestOrder'],
    ['GET', '/orders/query'],
    ['GET', '/orders/_ids?_idOrders=00000000-0000-4000-8000-000000000000'],
    ['GET', '/order/orderId/1'],
    ['GET', '/order/_id/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/order/_idOrder/00000000-0000-4000-8000-000000000000'],
  ])('%s %s: 401 without a session, 403 for another merchant', async (method, path) => {
    const send = (cookie?: string) =>
      t.app.inject({
        method: method as 'GET' | 'PUT',
        url: `${base(m)}${path}`,
        headers: cookie ? { cookie } : {},
        ...(method === 'PUT' ? { payload: { hasBeenRead: true } } : {}),
      });
    expect((await send()).statusCode).toBe(401);
    expect((await send(other.cookie)).statusCode).toBe(403);
  });
});
