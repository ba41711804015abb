import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('store business info (C7.1)', () => {
  it('returns the demo store public settings', async () => {
    const res = await t.app.inject('/api/businessInfos/merchantId/demo/businessInfo');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      merchantId: 'demo',
      name: 'Golden Lotus',
      timeZone: 'America/New_York',
    });
    expect(info.taxRate).toBeCloseTo(0.08875, 6);
    expect(info.businessHour.wednesday).toHaveLength(2);
  });

  it('never includes the password, credentials or notification email', async () => {
    const res = await t.app.inject('/api/businessInfos/merchantId/demo/businessInfo');
    const text = res.body.toLowerCase();
    for (const secret of [
      'password',
      'credential',
      'emailreceivingnotification',
      'orders@goldenlotus',
      'argon2',
      'recevingemail',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 404 with a code for an unknown merchant', async () => {
    const res = await t.app.inject('/api/businessInfos/merchantId/nope/businessInfo');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 400 naming the field for a malformed merchant id', async () => {
    const res = await t.app.inject('/api/businessInfos/merchantId/bad%20id!/businessInfo');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['params', 'merchantId']);
  });
});

describe('menu reads (C7.7, C7.13)', () => {
  it('lists at least 12 categories in menu order', async () => {
    const res = await t.app.inject('/api/categories7/merchantId/demo');
    expect(res.statusCode).toBe(200);
    const cats = res.json() as { sortOrder: number }[];
    expect(cats.length).toBeGreaterThanOrEqual(12);
    expect(cats.map((c) => c.sortOrder)).toEqual(
      [...cats.map((c) => c.sortOrder)].sort((a, b) => a - b),
    );
  });

  it('lists 150+ items with sizes and option groups, sold-out items marked not hidden', async () => {
    const res = await t.app.inject('/api/items7/merchantId/demo/items');
    expect(res.statusCode).toBe(200);
    const items = res.json() as {
      soldout: boolean;
      size: unknown[];
      options: { optionValues: unknown[] }[];
      imgUrl: string;
    }[];
    expect(items.length).toBeGreaterThanOrEqual(150);
    expect(items.some((i) => i.soldout)).toBe(true);
    expect(items.some((i) => i.size.length > 0)).toBe(true);
    expect(items.some((i) => i.options.some((o) => o.optionValues.length >= 6))).toBe(true);
    expect(items.every((i) => i.imgUrl.startsWith('/images/'))).toBe(true);
  });

  it('honours the limit-10 first request', async () => {
    const res = await t.app.inject('/api/items7/merchantId/demo/limit/10/items');
    expect(res.json()).toHaveLength(10);
  });

  it('reads one item and one category by id, and 404s an unknown id', async () => {
    const [first] = (await t.app.inject('/api/items7/merchantId/demo/limit/1/items')).json();
    const one = await t.app.inject(`/api/items7/merchantId/demo/item/_id/${first._id}`);
    expect(one.json().name).toBe(first.name);
    const cat = await t.app.inject(`/api/categories7/merchantId/demo/_id/${first._idCategory}`);
    expect(cat.statusCode).toBe(200);
    const byCat = await t.app.inject(
      `/api/items7/merchantId/demo/items/_idCategory/${first._idCategory}`,
    );
    expect(
      (byCat.json() as { _idCategory: string }[]).every((i) => i._idCategory === first._idCategory),
    ).toBe(true);
    const missing = await t.app.inject(
      '/api/items7/merchantId/demo/item/_id/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('does not show one merchant the items of another', async () => {
    const [first] = (await t.app.inject('/api/items7/merchantId/demo/limit/1/items')).json();
    const res = await t.app.inject(`/api/items7/merchantId/sunrise/item/_id/${first._id}`);
    expect(res.statusCode).toBe(404);
  });

  it('serves item images as webp', async () => {
    const [first] = (await t.app.inject('/api/items7/merchantId/demo/limit/1/items')).json();
    const img = await t.app.inject(first.imgUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('bad input never becomes a 500', () => {
  it('answers malformed JSON with 400 {code, message, issues}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"merchantUserName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      message: expect.any(String),
      issues: expect.any(Array),
    });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        merchantUserName: 'x'.repeat(2 * 1024 * 1024),
        merchantPassword: 'y',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('answers an unknown API route with a 404 body', async () => {
    const res = await t.app.inject('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('health and docs', () => {
  it('answers /healthz and /readyz, with a request id header', async () => {
    const live = await t.app.inject('/healthz');
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/businessInfos/merchantId/{merchantId}/businessInfo']).toBeDefined();
  });

  it('redirects / to the demo store outside production', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/store/demo');
  });
});
