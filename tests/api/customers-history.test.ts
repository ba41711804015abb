// The User dashboard's Order History, order amount and Loyalty Level, and the loyalty award that
// send order makes inside its transaction.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { awardLoyaltyPoints } from '../../src/server/modules/customers/customer-account.service.js';
import { createCustomer, createMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let merchantA: Awaited<ReturnType<typeof createMerchant>>;
let merchantB: Awaited<ReturnType<typeof createMerchant>>;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  merchantA = await createMerchant(t.ctx.db, { name: 'Alpha Noodles' });
  merchantB = await createMerchant(t.ctx.db, { name: 'Beta Bakery' });
});
afterAll(() => t.app.close());

async function signedIn() {
  const c = await createCustomer(t.ctx.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usersAuth/userLogin',
    payload: { email: c.email, password: c.password },
    remoteAddress: `10.2.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .map((h) => h.split(';')[0])
    .join('; ');
  return { c, cookie };
}

/** Order numbers per merchant must be unique; each test takes fresh ones. */
let nextNumber = 1000;

interface OrderSpec {
  merchantId: string;
  customerId: string | null;
  state: 'placed' | 'voided' | 'awaiting_payment' | 'failed';
  placedAt: string;
  totalCents: number;
  orderMethod?: string;
  hasVoid?: boolean;
}

/** Writes an order row the way send order leaves it (only the columns this test needs). */
async function insertOrder(o: OrderSpec): Promise<{ id: string; orderNumber: number | null }> {
  const numbered = o.state === 'placed' || o.state === 'voided';
  const n = numbered ? nextNumber++ : null;
  const { rows } = await t.ctx.database.query(
    `insert into orders (merchant_id, state, order_number, daily_order_number, business_date,
       placed_at, anon_user_id, customer_id, idempotency_key, order_method, payment_method,
       subtotal_cents, tax_cents, tips_cents, total_cents, has_void)
     values ($1, $2, $3, $3, $4::date, $5::timestamptz, $6, $7, $8, $9, 'cash', $10, 0, 0, $10, $11)
     returning id`,
    [
      o.merchantId,
      o.state,
      n,
      o.placedAt.slice(0, 10),
      numbered ? o.placedAt : null,
      uniqueId('anon'),
      o.customerId,
      randomUUID(),
      o.orderMethod ?? 'pickup',
      o.totalCents,
      o.hasVoid ?? o.state === 'voided',
    ],
  );
  return { id: String(rows[0]!.id), orderNumber: n };
}

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe('order history (C7.88, F1.14, S2.65, S2.66, E3.56, T4.52)', () => {
  it('is empty for a new customer (the page shows "You don\'t have any order yet!")', async () => {
    const { cookie } = await signedIn();
    const res = await get('/api/usersAuth/getOrderHistory', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, orderHistory: [], nextBefore: null });
  });

  it('lists placed and voided orders newest first with merchant logo, name, date and amount', async () => {
    const { c, cookie } = await signedIn();
    const other = await createCustomer(t.ctx.db);
    const older = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-03-01T17:00:00.000Z',
      totalCents: 1234,
    });
    const voided = await insertOrder({
      merchantId: merchantB.id,
      customerId: c.id,
      state: 'voided',
      placedAt: '2026-03-02T17:00:00.000Z',
      totalCents: 999,
      orderMethod: 'delivery',
    });
    const newest = await insertOrder({
      merchantId: merchantB.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-03-03T12:30:00.000Z',
      totalCents: 4550,
      orderMethod: 'curbside',
    });
    // Not shown: unpaid or failed attempts, and other people's orders.
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'awaiting_payment',
      placedAt: '2026-03-04T00:00:00Z',
      totalCents: 100,
    });
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'failed',
      placedAt: '2026-03-04T00:00:00Z',
      totalCents: 100,
    });
    await insertOrder({
      merchantId: merchantA.id,
      customerId: other.id,
      state: 'placed',
      placedAt: '2026-03-05T00:00:00Z',
      totalCents: 100,
    });

    const res = await get('/api/usersAuth/getOrderHistory', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.orderHistory.map((r: { _id: string }) => r._id)).toEqual([
      newest.id,
      voided.id,
      older.id,
    ]);
    expect(body.orderHistory[0]).toEqual({
      _id: newest.id,
      merchant_info: {
        name: 'Beta Bakery',
        logoUrl: merchantB.logoUrl,
        merchantId: merchantB.merchantId,
      },
      orderSaveDate: '2026-03-03T12:30:00.000Z',
      totalCents: 4550,
      orderMethod: 'curbside',
      orderId: newest.orderNumber,
      hasVoid: false,
    });
    expect(body.orderHistory[1]).toMatchObject({ hasVoid: true, orderMethod: 'delivery' });
    expect(body.orderHistory[2].merchant_info.name).toBe('Alpha Noodles');
  });

  it('pages by 100 with a `before` cursor, without gaps or repeats', async () => {
    const { c, cookie } = await signedIn();
    const ids: string[] = [];
    for (let i = 0; i < 103; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(10 + Math.floor(i / 60)).padStart(2, '0');
      ids.push(
        (
          await insertOrder({
            merchantId: merchantA.id,
            customerId: c.id,
            state: 'placed',
            // Two orders share each of the first minutes, so ties are ordered by id.
            placedAt: `2026-04-01T${hour}:${i < 10 ? '00' : minute}:00.000Z`,
            totalCents: 100 + i,
          })
        ).id,
      );
    }
    const first = (await get('/api/usersAuth/getOrderHistory', cookie)).json();
    expect(first.orderHistory).toHaveLength(100);
    expect(first.nextBefore).toBe(first.orderHistory[99]._id);
    const second = (
      await get(`/api/usersAuth/getOrderHistory?before=${first.nextBefore}`, cookie)
    ).json();
    expect(second.orderHistory).toHaveLength(3);
    expect(second.nextBefore).toBeNull();
    const seen = [...first.orderHistory, ...second.orderHistory].map((r) => r._id as string);
    expect(new Set(seen).size).toBe(103);
    expect([...seen].sort()).toEqual([...ids].sort());
    const dates = seen.map(
      (_, i) => [...first.orderHistory, ...second.orderHistory][i].orderSaveDate,
    );
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("refuses another customer's order as the cursor, and a malformed one", async () => {
    const { cookie } = await signedIn();
    const other = await createCustomer(t.ctx.db);
    const theirs = await insertOrder({
      merchantId: merchantA.id,
      customerId: other.id,
      state: 'placed',
      placedAt: '2026-03-05T00:00:00Z',
      totalCents: 100,
    });
    expect(
      (await get(`/api/usersAuth/getOrderHistory?before=${theirs.id}`, cookie)).statusCode,
    ).toBe(404);
    expect((await get('/api/usersAuth/getOrderHistory?before=nope', cookie)).statusCode).toBe(400);
  });
});

describe('order amount (C7.89)', () => {
  it('sums the cents of placed orders, leaving out voided, unpaid and failed ones', async () => {
    const { c, cookie } = await signedIn();
    expect((await get('/api/usersAuth/getOrderAmount', cookie)).json()).toEqual({
      success: true,
      orderAmount: { total: 0, count: 0 },
    });
    const at = '2026-05-01T12:00:00Z';
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: at,
      totalCents: 2599,
    });
    await insertOrder({
      merchantId: merchantB.id,
      customerId: c.id,
      state: 'placed',
      placedAt: at,
      totalCents: 1001,
    });
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'voided',
      placedAt: at,
      totalCents: 5000,
    });
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'awaiting_payment',
      placedAt: at,
      totalCents: 7000,
    });
    await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'failed',
      placedAt: at,
      totalCents: 7000,
    });
    const res = await get('/api/usersAuth/getOrderAmount', cookie);
    expect(res.json()).toEqual({ success: true, orderAmount: { total: 3600, count: 2 } });
  });
});

describe('loyalty points (F1.15, S2.67, S2.68, C7.89)', () => {
  it('awards one point per cent of a placed order, once per order, and lists points, detail, date', async () => {
    const { c, cookie } = await signedIn();
    const first = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-01T12:00:00Z',
      totalCents: 2599,
    });
    const second = await insertOrder({
      merchantId: merchantB.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-02T12:00:00Z',
      totalCents: 1001,
    });

    const awarded = await t.ctx.db.transaction(async (tx) => [
      await awardLoyaltyPoints(tx, {
        customerId: c.id,
        merchantId: merchantA.id,
        orderId: first.id,
        subtotalCents: 2599,
        discountCents: 0,
        detail: `Order #${first.orderNumber} at Alpha Noodles`,
        at: new Date('2026-06-01T12:00:01Z'),
      }),
      await awardLoyaltyPoints(tx, {
        customerId: c.id,
        merchantId: merchantB.id,
        orderId: second.id,
        subtotalCents: 1001,
        discountCents: 0,
        detail: `Order #${second.orderNumber} at Beta Bakery`,
        at: new Date('2026-06-02T12:00:01Z'),
      }),
    ]);
    expect(awarded).toEqual([2599, 1001]);
    // A retry of send order awards nothing more.
    const retry = await t.ctx.db.transaction((tx) =>
      awardLoyaltyPoints(tx, {
        customerId: c.id,
        merchantId: merchantA.id,
        orderId: first.id,
        subtotalCents: 2599,
        discountCents: 0,
        detail: 'again',
      }),
    );
    expect(retry).toBe(0);

    const res = await get('/api/usersAuth/getLoyaltyPoints', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      pointsAvailable: 3600,
      history: [
        {
          points: 1001,
          detail: `Order #${second.orderNumber} at Beta Bakery`,
          date: '2026-06-02T12:00:01.000Z',
        },
        {
          points: 2599,
          detail: `Order #${first.orderNumber} at Alpha Noodles`,
          date: '2026-06-01T12:00:01.000Z',
        },
      ],
    });
    // C7.89: points = 100 × order dollars = the order amount in cents.
    const amount = (await get('/api/usersAuth/getOrderAmount', cookie)).json();
    expect(amount.orderAmount.total).toBe(res.json().pointsAvailable);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    const { c, cookie } = await signedIn();
    const order = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-03T12:00:00Z',
      totalCents: 500,
    });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await awardLoyaltyPoints(tx, {
          customerId: c.id,
          merchantId: merchantA.id,
          orderId: order.id,
          subtotalCents: 500,
          discountCents: 0,
          detail: 'rolled back',
        });
        throw new Error('send order failed later');
      }),
    ).rejects.toThrow('send order failed later');
    expect((await get('/api/usersAuth/getLoyaltyPoints', cookie)).json()).toMatchObject({
      pointsAvailable: 0,
      history: [],
    });
  });

  it('stops counting the points of an order that is voided later, and ignores a zero total', async () => {
    const { c, cookie } = await signedIn();
    const kept = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-04T12:00:00Z',
      totalCents: 800,
    });
    const voided = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-05T12:00:00Z',
      totalCents: 300,
    });
    const free = await insertOrder({
      merchantId: merchantA.id,
      customerId: c.id,
      state: 'placed',
      placedAt: '2026-06-06T12:00:00Z',
      totalCents: 0,
    });
    for (const [o, total] of [
      [kept, 800],
      [voided, 300],
      [free, 0],
    ] as const) {
      await t.ctx.db.transaction((tx) =>
        awardLoyaltyPoints(tx, {
          customerId: c.id,
          merchantId: merchantA.id,
          orderId: o.id,
          subtotalCents: total,
          discountCents: 0,
          detail: `Order #${o.orderNumber}`,
        }),
      );
    }
    expect((await get('/api/usersAuth/getLoyaltyPoints', cookie)).json().pointsAvailable).toBe(
      1100,
    );
    await t.ctx.database.query(
      `update orders set state = 'voided', has_void = true where id = $1`,
      [voided.id],
    );
    const after = (await get('/api/usersAuth/getLoyaltyPoints', cookie)).json();
    expect(after.pointsAvailable).toBe(800);
    expect(after.history).toEqual([
      expect.objectContaining({ points: 800, detail: `Order #${kept.orderNumber}` }),
    ]);
  });

  it("shows only the signed-in customer's own points", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const order = await insertOrder({
      merchantId: merchantA.id,
      customerId: a.c.id,
      state: 'placed',
      placedAt: '2026-06-07T12:00:00Z',
      totalCents: 4200,
    });
    await t.ctx.db.transaction((tx) =>
      awardLoyaltyPoints(tx, {
        customerId: a.c.id,
        merchantId: merchantA.id,
        orderId: order.id,
        subtotalCents: 4200,
        discountCents: 0,
        detail: 'mine',
      }),
    );
    expect((await get('/api/usersAuth/getLoyaltyPoints', a.cookie)).json().pointsAvailable).toBe(
      4200,
    );
    expect((await get('/api/usersAuth/getLoyaltyPoints', b.cookie)).json()).toEqual({
      success: true,
      pointsAvailable: 0,
      history: [],
    });
  });
});
