// Issue 24 item 6: a date range that reaches past the last day PostgreSQL can hold. The custom
// range's `to` is inclusive, so its end is the day after: `to=9999-12-31` asked PostgreSQL for
// year 10000 and answered 500 (22009). Every range ends by 9999-12-30 or is refused with 400
// naming the field (docs/decisions/input-hardening.md, "Calendar dates must exist").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { phoneVerifications } from '../../src/server/db/schema/index.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let merchantId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMerchant(t.ctx.db);
  merchantId = m.merchantId;
  cookie = await signInMerchant(t.app, m.merchantId, m.password);
});
afterAll(() => t.app.close());

const get = (path: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders7/merchantId/${merchantId}${path}`,
    headers: { cookie },
  });

const issuePaths = (body: { issues?: { path: (string | number)[] }[] }) =>
  (body.issues ?? []).map((i) => i.path.join('.'));

const ROUTES = ['/orders', '/orders/daily', '/orders/daily/csv'];
const dateRangeObj = (range: object) =>
  `/orders/query?dateRangeObj=${encodeURIComponent(JSON.stringify(range))}`;

describe('a custom range at the end of the calendar', () => {
  it.each(ROUTES)('%s?range=custom&to=9999-12-31 is 400 naming to, not 500', async (route) => {
    const res = await get(`${route}?range=custom&from=2026-01-01&to=9999-12-31`);
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain('querystring.to');
  });

  it.each(ROUTES)('%s with both ends on 9999-12-31 names both', async (route) => {
    const res = await get(`${route}?range=custom&from=9999-12-31&to=9999-12-31`);
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toEqual(
      expect.arrayContaining(['querystring.from', 'querystring.to']),
    );
  });

  it('the dateRangeObj of orders/query is held to the same last day', async () => {
    const res = await get(dateRangeObj({ range: 'custom', from: '2026-01-01', to: '9999-12-31' }));
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toEqual([
      expect.stringMatching(/^querystring\.dateRangeObj(\.to)?$/),
    ]);
  });

  it.each([...ROUTES, dateRangeObj({ range: 'custom', from: '0001-01-01', to: '9999-12-30' })])(
    '%s takes the widest range it can hold, 0001-01-01 to 9999-12-30',
    async (route) => {
      const url = route.includes('?')
        ? route
        : `${route}?range=custom&from=0001-01-01&to=9999-12-30`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
    },
  );
});

describe('a scheduled order at the end of the calendar', () => {
  // 9999-12-31 in New York runs into year 10000 in UTC: the day is read, judged and refused with
  // the spec's message before anything reaches PostgreSQL.
  const scheduled = {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'scheduled', date: '9999-12-31', minuteOfDay: 1439 },
    customerName: 'Ada Lovelace',
    phone: '3125550199',
  };

  it('is saved and priced as a choice, then refused by send order with the spec message', async () => {
    const d = await newDiner(t.app);
    await t.ctx.db.insert(phoneVerifications).values({
      anonUserId: d.uid,
      phone: scheduled.phone,
      codeHash: 'x'.repeat(64),
      expiresAt: new Date(),
      lastSentAt: new Date(),
      verifiedAt: new Date(),
    });
    const [item] = await menuOf(t.app, 'demo');
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(item!)],
    });
    expect(added.status).toBe(200);
    const saved = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), scheduled);
    expect(saved.status).toBe(200);
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).status).toBe(200);
    const sent = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: scheduled,
    });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe('Please Select a Scheduled Time for Scheduled Order');
  });
});
