// The merchant's data export as dashboard downloads (issue 31; docs/decisions/operations.md):
// the store file (settings and menu), the orders as CSV and as JSON lines, for the merchant's own
// session only, rate-limited per merchant, and never a password hash or payment credentials — the
// downloaded bytes are searched for the very strings stored for this merchant.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_EXPORT_RATE_LIMIT } from '../../src/contract/merchant-export.js';
import type { App } from '../../src/server/app.js';
import { merchants } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const CARDPOINTE = {
  site: 'forkfultest',
  merchid: '496160873888',
  username: 'cp-export-user-7',
  password: 'Cp-Export-S3cret-Pass',
  environment: 'uat',
};
const base = (merchantId: string) => `/api/merchantExports/merchantId/${merchantId}`;
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/merchantExports/merchantId/:merchantId/…', () => {
  it('downloads the store, the orders as CSV and as JSON lines, with no secret in the bytes', async () => {
    const m = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const draft = orderDraft({ tipsCents: 150 });
    draft.customer.customerName = 'Ada "The Count", Lovelace';
    const a = await placeTestOrder(t.ctx, m.merchantId, draft, 'card');
    const b = await placeTestOrder(t.ctx, m.merchantId);
    const theirs = await placeTestOrder(t.ctx, other.merchantId);
    // Credentials saved after the card order (the fixture's gateway knows no such account).
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/merchants/merchantId/${m.merchantId}/paymentGateway`,
      headers: { cookie },
      payload: { provider: 'cardPointe', credentials: CARDPOINTE },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
    const secrets = [
      row!.passwordHash,
      m.password,
      CARDPOINTE.password,
      CARDPOINTE.username,
      Buffer.from(row!.paymentCredentials!).toString('base64'),
      Buffer.from(row!.paymentCredentials!).toString('hex'),
    ];
    expect(row!.passwordHash.length).toBeGreaterThan(20);

    const store = await get(`${base(m.merchantId)}/store.json`, cookie);
    expect(store.statusCode, store.body).toBe(200);
    expect(store.headers['content-type']).toMatch(/^application\/json/);
    expect(store.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="forkful-${m.merchantId}-store-\\d{4}-\\d\\d-\\d\\d\\.json"$`,
      ),
    );
    expect(store.headers['cache-control']).toBe('no-store');
    const storeJson = store.json();
    expect(storeJson.merchantId).toBe(m.merchantId);
    expect(storeJson.settings.ecomm_provider).toBe('cardPointe');
    expect(storeJson.menu.items.length).toBeGreaterThan(0);
    expect(storeJson.menu.categories.length).toBeGreaterThan(0);

    const csv = await get(`${base(m.merchantId)}/orders.csv`, cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/-orders-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]!.startsWith('id,orderNumber,')).toBe(true);
    expect(lines).toHaveLength(4); // header, two orders, the final line break
    expect(lines[1]).toContain(a.orderId);
    expect(lines[1]).toContain('"Ada ""The Count"", Lovelace"');
    expect(lines[2]).toContain(b.orderId);

    const jsonl = await get(`${base(m.merchantId)}/orders.jsonl`, cookie);
    expect(jsonl.statusCode).toBe(200);
    expect(jsonl.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const orders = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; tipsCents: number });
    expect(orders.map((o) => o.id)).toEqual([a.orderId, b.orderId]);
    expect(orders[0]!.tipsCents).toBe(150);

    for (const [name, body] of [
      ['store.json', store.body],
      ['orders.csv', csv.body],
      ['orders.jsonl', jsonl.body],
    ] as const) {
      for (const secret of secrets) expect(body, `${name} holds a secret`).not.toContain(secret);
      expect(body, name).not.toMatch(/passwordHash|paymentCredentials|\$argon2/);
      expect(body, `${name} holds another merchant's order`).not.toContain(theirs.orderId);
    }
  });

  it('answers no session 401 and another merchant 403', async () => {
    const m = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const otherCookie = await signInMerchant(t.app, other.merchantId, other.password);
    for (const file of ['store.json', 'orders.csv', 'orders.jsonl']) {
      expect((await get(`${base(m.merchantId)}/${file}`)).statusCode, file).toBe(401);
      const res = await get(`${base(m.merchantId)}/${file}`, otherCookie);
      expect(res.statusCode, file).toBe(403);
      expect(res.body, file).not.toContain('orderNumber');
    }
  });

  it('limits each download per merchant; refused calls of others use none of it', async () => {
    const m = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const otherCookie = await signInMerchant(t.app, other.merchantId, other.password);
    const url = `${base(m.merchantId)}/orders.csv`;
    // Refused before the limit counts: anyone's calls cannot use up the merchant's downloads.
    for (let i = 0; i < MERCHANT_EXPORT_RATE_LIMIT.max + 2; i++) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, otherCookie)).statusCode).toBe(403);
    }
    for (let i = 0; i < MERCHANT_EXPORT_RATE_LIMIT.max; i++)
      expect((await get(url, cookie)).statusCode).toBe(200);
    const limited = await get(url, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    // Another merchant's own download, and the other files, keep their own counts.
    expect((await get(`${base(other.merchantId)}/orders.csv`, otherCookie)).statusCode).toBe(200);
    expect((await get(`${base(m.merchantId)}/orders.jsonl`, cookie)).statusCode).toBe(200);
  });
});
