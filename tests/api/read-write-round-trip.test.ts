// What a read gives, a write takes (issue 28): the merchant's reads sent back through their
// writes with one field changed answer 200 and change only that field (GET → change → PUT → GET
// equal but for it); a read-only key sent changed is refused naming it; a key nobody reads is
// refused with 400 naming it. Checklist C7.3 (the business info PUT takes "the whole info
// object"), E3.30 (_idPrinters and _idPrinter), V5.78.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CategoryView,
  MerchantBusinessInfo,
  PublicItemView,
} from '../../src/contract/index.js';
import type { App } from '../../src/server/app.js';
import { printers } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
});
afterAll(() => t.app.close());

const items = () => `/api/items7/merchantId/${m.merchantId}`;
const cats = () => `/api/categories7/merchantId/${m.merchantId}`;
const info = () => `/api/businessInfos/merchantId/${m.merchantId}/businessInfo`;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: m.cookie }, ...(payload ? { payload } : {}) });
const get = async <T>(url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

async function anItem(): Promise<PublicItemView> {
  const [category] = await get<CategoryView[]>(cats());
  const printerRows = await t.ctx.db
    .select({ id: printers.id })
    .from(printers)
    .where(eq(printers.merchantId, m.id));
  const res = await call('POST', `${items()}/item`, {
    _idCategory: category!._id,
    name: 'Round Trip Noodles',
    name_2nd: 'Nouilles',
    discription: 'Wide noodles',
    price: '11.00',
    size_alias: 'Bowl',
    _idPrinters: printerRows.map((p) => p.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return get<PublicItemView>(`${items()}/item/_id/${res.json<{ _id: string }>()._id}`);
}

describe('items: the item read sent back whole', () => {
  it('changes the one field and nothing else, and carries _idPrinter as the first printer', async () => {
    const read = await anItem();
    expect(read._idPrinters.length).toBeGreaterThan(0);
    expect(read._idPrinter).toBe(read._idPrinters[0]);
    const res = await call('PUT', `${items()}/item/${read._id}`, { ...read, soldout: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get<PublicItemView>(`${items()}/item/_id/${read._id}`);
    const { soldout, available, unavailableNote, ...rest } = after;
    const { soldout: s0, available: a0, unavailableNote: u0, ...restBefore } = read;
    expect(soldout).toBe(true);
    expect(s0).toBe(false);
    expect([available, a0, unavailableNote === u0]).toEqual([false, true, false]);
    expect(rest).toEqual(restBefore);
    // A new price as price, with the read's priceCents left as it was.
    const priced = await call('PUT', `${items()}/item/${read._id}`, { ...after, price: '12.5' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ priceCents: 1250, discription: 'Wide noodles' });
  });

  it('refuses a read-only key sent changed, naming it, and changes nothing', async () => {
    const read = await anItem();
    for (const [key, value] of [
      ['priceCents', 1],
      ['imgUrl', '/images/x.webp'],
      ['_id', crypto.randomUUID()],
      ['_idPrinter', null],
      ['size', [{ _id: crypto.randomUUID(), name: 'Huge', name_2nd: '', priceCents: 1 }]],
    ] as const) {
      const res = await call('PUT', `${items()}/item/${read._id}`, { ...read, [key]: value });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().issues, key).toEqual([
        { path: ['body', key], message: expect.any(String) },
      ]);
    }
    const { available: _a, unavailableNote: _u, ...same } = read;
    const after = await get<PublicItemView>(`${items()}/item/_id/${read._id}`);
    expect(after).toMatchObject(same);
  });
});

describe('categories: the category read sent back whole', () => {
  it('changes the hours only; a changed name is refused (renaming is not this route)', async () => {
    const [read] = await get<CategoryView[]>(cats());
    const hours = { saturday: [{ open: 600, close: 840 }] };
    const res = await call('PUT', `${cats()}/_id/${read!._id}`, { ...read, availableHour: hours });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get<CategoryView>(`${cats()}/_id/${read!._id}`)).toEqual({
      ...read,
      availableHour: hours,
    });
    const renamed = await call('PUT', `${cats()}/_id/${read!._id}`, { ...read, name: 'Other' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().issues).toEqual([
      { path: ['body', 'name'], message: expect.any(String) },
    ]);
  });
});

describe("categories: the promotion as typed, with the spec's X/Y, as read, or none", () => {
  it('takes X/Y (C7.10), takes the read back unchanged, refuses it changed in cents, null clears', async () => {
    const [, read] = await get<CategoryView[]>(cats());
    const url = `${cats()}/_id/${read!._id}`;
    const spec = await call('PUT', url, {
      promoMethod: { name: 'Spend 30 save 5', type: 'MEET_X_MINUS_Y', X: '30', Y: '5' },
    });
    expect(spec.statusCode, spec.body).toBe(200);
    const promo = { name: 'Spend 30 save 5', type: 'MEET_X_MINUS_Y', x: 3000, y: 500 };
    expect(spec.json<CategoryView>().promoMethod).toEqual(promo);
    const missing = await call('PUT', url, {
      promoMethod: { name: 'P', type: 'MEET_X_MINUS_Y', X: '30' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Name, Type, X, Y fields need to be filled');
    // The whole read back, hours changed: the promotion is kept as it was (not read as dollars).
    const whole = await get<CategoryView>(url);
    const hours = { monday: [{ open: 600, close: 700 }] };
    const back = await call('PUT', url, { ...whole, availableHour: hours });
    expect(back.statusCode, back.body).toBe(200);
    expect(await get<CategoryView>(url)).toEqual({ ...whole, availableHour: hours });
    const changed = await call('PUT', url, { promoMethod: { ...promo, y: 600 } });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().issues[0].path).toEqual(['body', 'promoMethod']);
    const cleared = await call('PUT', url, { promoMethod: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await get<CategoryView>(url)).promoMethod).toBeNull();
    expect((await get<CategoryView>(url)).availableHour).toEqual(hours);
  });
});

describe('business info: the merchant settings read sent back whole (C7.3)', () => {
  it('changes the one field; customerInfoCollect with its receiving emails goes round', async () => {
    const saved = await call('PUT', info(), {
      customerInfoCollect: {
        enabled: true,
        noticeMsg: 'Join',
        recevingEmail: ['list@example.com'],
        subject: 'New diner',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await get<MerchantBusinessInfo>(`${info()}/settings`);
    expect(read.customerInfoCollect?.recevingEmail).toEqual(['list@example.com']);
    const res = await call('PUT', info(), { ...read, orderPreparingNotice: 'Almost there' });
    expect(res.statusCode, res.body).toBe(200);
    // Equal but for the field, and the save counter that every save moves on (store-settings.md).
    expect(await get<MerchantBusinessInfo>(`${info()}/settings`)).toEqual({
      ...read,
      orderPreparingNotice: 'Almost there',
      settingsVersion: read.settingsVersion + 1,
    });
    // The public read still hides the private fields.
    const pub = (await t.app.inject(info())).json<Record<string, unknown>>();
    expect(pub.customerInfoCollect).toEqual({ enabled: true, noticeMsg: 'Join' });
    expect(pub).not.toHaveProperty('email');
    expect(pub).not.toHaveProperty('emailReceivingNotification');
  });

  it('refuses a read-only key sent changed, naming it', async () => {
    const read = await get<MerchantBusinessInfo>(`${info()}/settings`);
    for (const [key, value] of [
      ['location', { lat: 1, lng: 2 }],
      ['serviceFeeCents', 999],
      ['paymentProviders', ['nope']],
      ['branchName', 'Elsewhere'],
    ] as const) {
      const res = await call('PUT', info(), { ...read, [key]: value });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().issues, key).toEqual([
        { path: ['body', key], message: expect.any(String) },
      ]);
    }
    expect(await get<MerchantBusinessInfo>(`${info()}/settings`)).toEqual(read);
  });
});

describe('a key nobody reads is refused, naming it', () => {
  it.each([
    [
      'PUT item',
      'PUT',
      () => `${items()}/item/${crypto.randomUUID()}`,
      { soldOut: true },
      'soldOut',
    ],
    [
      'POST item',
      'POST',
      () => `${items()}/item`,
      { name: 'X', price: 1, colour: 'red' },
      'colour',
    ],
    ['PUT category', 'PUT', () => `${cats()}/_id/${crypto.randomUUID()}`, { hours: {} }, 'hours'],
    ['PUT businessInfo', 'PUT', info, { taxrate: 0.1 }, 'taxrate'],
  ] as const)('%s', async (_name, method, url, body, key) => {
    const res = await call(method, url(), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('invalid_input');
    const issues = res.json<{ issues: { path: string[]; message: string }[] }>().issues;
    expect(issues).toContainEqual({ path: ['body'], message: `Unrecognized key: "${key}"` });
  });
});
