// The daily report (spec §3: day, subtotal, tax, tips, discount, processing fee, service fee,
// delivery fee, total, orders) and the sale detail by payment type, summed in SQL on the
// merchant's days across a DST change, voided orders left out; its CSV download; the wrong caller.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { orders } from '../../src/server/db/schema/index.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { APPROVED_CARD, orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Chicago (the fixture merchant) moves to daylight time at 02:00 on Sunday 2026-03-08.
const NOW = '2026-03-10T18:00:00Z';
const clock = manualClock(NOW);
let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

const draft = (subtotalCents: number, tipsCents: number) =>
  orderDraft({
    orderMethod: 'delivery',
    itemName: 'Soup',
    subtotalCents,
    taxCents: 70,
    tipsCents,
    discountCents: 100,
    processingFeeCents: 30,
    serviceFeeCents: 20,
    deliveryFeeCents: 299,
  });

async function placeAt(at: string, subtotalCents: number, tipsCents: number, card = false) {
  clock.set(at);
  try {
    return await placeOrderWithPayment(t.ctx, {
      merchantId: m.merchantId,
      anonUserId: 'anon-reports',
      idempotencyKey: randomUUID(),
      order: draft(subtotalCents, tipsCents),
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

const get = (path: string, cookie = m.cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders7/merchantId/${m.merchantId}${path}`,
    headers: cookie ? { cookie } : {},
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await createMerchant(t.ctx.db, { ecommProvider: 'sandbox' });
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };

  await placeAt('2026-03-08T05:30:00Z', 1000, 100); // Sat 03-07 23:30 CST
  await placeAt('2026-03-08T06:30:00Z', 2000, 200, true); // Sun 03-08 00:30 CST
  await placeAt('2026-03-09T04:30:00Z', 3000, 300); // Sun 03-08 23:30 CDT
  await placeAt('2026-03-09T05:30:00Z', 4000, 400, true); // Mon 03-09 00:30 CDT
  const voided = await placeAt('2026-03-09T06:00:00Z', 9000, 900);
  await t.ctx.db
    .update(orders)
    .set({ state: 'voided', hasVoid: true })
    .where(eq(orders.id, voided.orderId));
});
afterAll(() => t.app.close());

const total = (subtotal: number, tips: number) => subtotal + 70 + tips - 100 + 30 + 20 + 299;

describe('GET .../orders/daily', () => {
  it("sums each of the merchant's days across the DST change, voided orders left out", async () => {
    const res = await get('/orders/daily?range=custom&from=2026-03-07&to=2026-03-09');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.timeZone).toBe('America/Chicago');
    expect(report.rows).toEqual([
      {
        day: '2026-03-07',
        subtotalCents: 1000,
        taxCents: 70,
        tipsCents: 100,
        discountCents: 100,
        processingFeeCents: 30,
        serviceFeeCents: 20,
        deliveryFeeCents: 299,
        totalCents: total(1000, 100),
        orders: 1,
      },
      expect.objectContaining({
        day: '2026-03-08',
        subtotalCents: 5000,
        tipsCents: 500,
        totalCents: total(2000, 200) + total(3000, 300),
        orders: 2,
      }),
      expect.objectContaining({ day: '2026-03-09', subtotalCents: 4000, orders: 1 }),
    ]);
    expect(report.total).toMatchObject({ subtotalCents: 10_000, tipsCents: 1000, orders: 4 });
    expect(report.byPaymentType).toEqual([
      {
        paymentMethod: 'cash',
        orders: 2,
        totalCents: total(1000, 100) + total(3000, 300),
        tipsCents: 400,
      },
      {
        paymentMethod: 'creditcard',
        orders: 2,
        totalCents: total(2000, 200) + total(4000, 400),
        tipsCents: 600,
      },
    ]);
  });

  it('reads the named ranges in the merchant’s days', async () => {
    const days = async (q: string) =>
      ((await get(`/orders/daily?${q}`)).json() as { rows: { day: string }[] }).rows.map(
        (r) => r.day,
      );
    // Tuesday 2026-03-10: the week started on Sunday 03-08.
    expect(await days('range=week')).toEqual(['2026-03-08', '2026-03-09']);
    expect(await days('range=month')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(await days('range=today')).toEqual([]);
  });

  it("takes the spec's dateRangeObj and queryObj (C7.101), and refuses keys nobody reads", async () => {
    const ours = (await get('/orders/daily?range=custom&from=2026-03-07&to=2026-03-09')).json();
    const range = encodeURIComponent(
      JSON.stringify({ range: 'custom', from: '2026-03-07', to: '2026-03-09' }),
    );
    const spec = await get(`/orders/daily?dateRangeObj=${range}&queryObj=%7B%7D`);
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json()).toEqual(ours);
    expect(ours.rows).toHaveLength(3);
    const csv = await get(`/orders/daily/csv?dateRangeObj=${range}`);
    expect(csv.body.split('\r\n')).toHaveLength(5 + 1);
    for (const [q, message] of [
      ['dateRange=week', 'Unrecognized key: "dateRange"'],
      [
        `dateRangeObj=${range}&range=week`,
        'Give the range in dateRangeObj or as range, from and to, not both',
      ],
      [
        `dateRangeObj=${encodeURIComponent('{"range":"custom"}')}`,
        'A custom range needs from and to',
      ],
      [
        `queryObj=${encodeURIComponent('{"orderMethod":"pickup"}')}`,
        'Unrecognized key: "orderMethod"',
      ],
    ]) {
      const res = await get(`/orders/daily?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(
        res.json().issues.map((i: { message: string }) => i.message),
        q,
      ).toContain(message);
    }
    const list = await get('/orders?range=week&colour=red');
    expect(list.statusCode).toBe(400);
  });

  it('refuses a custom range without both ends', async () => {
    const res = await get('/orders/daily?range=custom&from=2026-03-07');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ message: 'A custom range needs from and to' });
  });

  it('downloads the rows as CSV', async () => {
    const res = await get('/orders/daily/csv?range=custom&from=2026-03-07&to=2026-03-09');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
    expect(res.body.split('\r\n')).toEqual([
      'Day,Subtotal,Tax,Tips,Discount,Processing fee,Service fee,Delivery fee,Total,Orders',
      `2026-03-07,10.00,0.70,1.00,1.00,0.30,0.20,2.99,${(total(1000, 100) / 100).toFixed(2)},1`,
      expect.stringMatching(/^2026-03-08,50\.00,1\.40,5\.00,2\.00,0\.60,0\.40,5\.98,[\d.]+,2$/),
      expect.stringMatching(/^2026-03-09,40\.00,/),
      expect.stringMatching(/^Total,100\.00,2\.80,10\.00,4\.00,1\.20,0\.80,11\.96,[\d.]+,4$/),
      '',
    ]);
  });

  it.each(['/orders/daily?range=all', '/orders/daily/csv?range=all'])(
    '%s: 401 without a session, 403 for another merchant',
    async (path) => {
      expect((await get(path, '')).statusCode).toBe(401);
      expect((await get(path, other.cookie)).statusCode).toBe(403);
    },
  );
});
