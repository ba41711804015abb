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
import {
  ITEM_DERIVED_KEYS,
  ITEM_READ_ONLY_KEYS,
  itemEditBody,
} from '../../src/contract/menu-writes.js';
import {
  BUSINESS_INFO_READ_ONLY_KEYS,
  READ_ONLY_SETTINGS,
  businessInfoUpdate,
} from '../../src/contract/store-settings.js';
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

// Generated from the write bodies: every key a write takes is sent back in the whole read with
// only that key changed; the read after is the read before but for that key (and what the key is
// read as), and sending that read back again changes nothing more. A key added to a write body
// without a change here fails the "covers" test.

/** Drops keys from a read, for comparing the rest. */
const without = <T extends object>(read: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(read).filter(([k]) => !keys.includes(k)));

/** A change: the value sent (from the read) and the read keys it shows up in. */
type Change<R> = { send: (read: R) => unknown; readAs: string[] };

const itemChanges: Record<string, Change<PublicItemView>> = {
  _idCategory: { send: () => categoryIds[1], readAs: ['_idCategory', 'item_order_id'] },
  name: { send: () => 'Round Trip Udon', readAs: ['name'] },
  price: { send: () => '13.25', readAs: ['priceCents'] },
  name_2nd: { send: () => 'Udon', readAs: ['name_2nd'] },
  discription: { send: () => 'Thick\nnoodles', readAs: ['discription'] },
  raw_sign: { send: (r) => !r.raw_sign, readAs: ['raw_sign'] },
  spicy_sign: { send: (r) => !r.spicy_sign, readAs: ['spicy_sign'] },
  vegan_sign: { send: (r) => !r.vegan_sign, readAs: ['vegan_sign'] },
  soldout: { send: (r) => !r.soldout, readAs: ['soldout'] },
  size_alias: { send: () => 'Plate', readAs: ['size_alias'] },
  availableHour: {
    send: () => ({ sunday: [{ open: 660, close: 900 }] }),
    readAs: ['availableHour'],
  },
  _idPrinters: { send: (r) => r._idPrinters.slice(1), readAs: ['_idPrinters', '_idPrinter'] },
  item_order_id: { send: (r) => r.item_order_id + 5, readAs: ['item_order_id'] },
};
let categoryIds: string[] = [];

describe('items: every key the edit takes goes round (generated from the body)', () => {
  it('covers every writable key', () => {
    const writable = Object.keys(itemEditBody.shape).filter(
      (k) =>
        !(ITEM_READ_ONLY_KEYS as string[]).includes(k) &&
        !(ITEM_DERIVED_KEYS as readonly string[]).includes(k),
    );
    expect(Object.keys(itemChanges).sort()).toEqual(writable.sort());
  });

  it.each(Object.keys(itemChanges))('%s', async (key) => {
    categoryIds = (await get<CategoryView[]>(cats())).map((c) => c._id);
    const read = await anItem();
    expect(read._idPrinters.length).toBeGreaterThan(1);
    const change = itemChanges[key]!;
    const res = await call('PUT', `${items()}/item/${read._id}`, {
      ...read,
      [key]: change.send(read),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get<PublicItemView>(`${items()}/item/_id/${read._id}`);
    const ignore = [...change.readAs, ...ITEM_DERIVED_KEYS];
    expect(without(after, ignore)).toEqual(without(read, ignore));
    expect(
      change.readAs.some(
        (k) =>
          JSON.stringify(after[k as keyof PublicItemView]) !==
          JSON.stringify(read[k as keyof PublicItemView]),
      ),
    ).toBe(true);
    const again = await call('PUT', `${items()}/item/${read._id}`, after);
    expect(again.statusCode, again.body).toBe(200);
    expect(
      without(await get<PublicItemView>(`${items()}/item/_id/${read._id}`), ITEM_DERIVED_KEYS),
    ).toEqual(without(after, ITEM_DERIVED_KEYS));
  });
});

type Info = MerchantBusinessInfo;
const flipped = (key: keyof Info): Change<Info> => ({ send: (r) => !r[key], readAs: [key] });
const set = (key: keyof Info, value: unknown): Change<Info> => ({
  send: () => value,
  readAs: [key],
});
const infoChanges: Record<string, Change<Info> | 'skipped'> = {
  /** Switching provider needs saved credentials (payment-credentials.md); its own test covers it. */
  ecomm_provider: 'skipped',
  phone: set('phone', '(312) 555-0111'),
  email: set('email', 'round@example.com'),
  timeZone: set('timeZone', 'America/Los_Angeles'),
  tipPresets: set('tipPresets', {
    percents: [0, 5, 25],
    defaults: { pickup: 25, delivery: 5, curbside: 25, dinein: 0, roomServiceDelivery: 5 },
  }),
  businessHour: set('businessHour', { tuesday: [{ open: 540, close: 1320 }] }),
  foodPreparingTime: set('foodPreparingTime', {
    tuesday: {
      status: 'busy',
      estimate: 30,
      fromMin_pickup: 25,
      toMin_pickup: 35,
      fromMin_delivery: 45,
      toMin_delivery: 60,
    },
  }),
  enableFoodTimeSchedule: flipped('enableFoodTimeSchedule'),
  homePageNotice: set('homePageNotice', 'Round notice'),
  orderPreparingNotice: set('orderPreparingNotice', 'Round preparing'),
  dineinNotice: set('dineinNotice', 'Round dine-in'),
  emailReceivingNotification: set('emailReceivingNotification', ['round-kitchen@example.com']),
  enableReceivingOrderPlacedSms: flipped('enableReceivingOrderPlacedSms'),
  enableOrderTimeConfirmSms: flipped('enableOrderTimeConfirmSms'),
  enableOrderPromotion: flipped('enableOrderPromotion'),
  orderPromotions: set('orderPromotions', [{ amount: '55', freeItemNames: 'Round Roll' }]),
  orderPromotionsAvailableTime: set('orderPromotionsAvailableTime', {
    thursday: [{ open: 660, close: 780 }],
  }),
  taxRate: set('taxRate', '0.0725'),
  fixedTipRate: set('fixedTipRate', '0.11'),
  delivery: flipped('delivery'),
  curbside: flipped('curbside'),
  roomService: flipped('roomService'),
  dinein: flipped('dinein'),
  deliveryFees: set('deliveryFees', [{ deliveryRangeInMile: 4, deliveryFeeCents: 444 }]),
  minOrderForDeliveryCents: set('minOrderForDeliveryCents', 2500),
  deliveryAvailableTime: set('deliveryAvailableTime', { open: 620, close: 1220 }),
  dineinTables: set('dineinTables', ['R1', 'R2', 'R3']),
  supportCreditcardPayment: flipped('supportCreditcardPayment'),
  supportCashPayment: flipped('supportCashPayment'),
  allowAmericanExpressCard: flipped('allowAmericanExpressCard'),
  showRawItemNote: flipped('showRawItemNote'),
  showSpicyItemNote: flipped('showSpicyItemNote'),
  showVeganItemNote: flipped('showVeganItemNote'),
  showSecondLanguage: flipped('showSecondLanguage'),
  hideItemSpecialInstructionInput: flipped('hideItemSpecialInstructionInput'),
  customerInfoCollect: set('customerInfoCollect', {
    enabled: true,
    noticeMsg: 'Round list',
    recevingEmail: ['round-list@example.com'],
    subject: 'Round diner',
  }),
};

describe('business info: every key the save takes goes round (generated from the body)', () => {
  it('covers every writable key', () => {
    const writable = Object.keys(businessInfoUpdate.shape).filter(
      (k) =>
        !BUSINESS_INFO_READ_ONLY_KEYS.includes(k) &&
        !(READ_ONLY_SETTINGS as readonly string[]).includes(k) &&
        k !== 'password' &&
        k !== 'settingsVersion',
    );
    expect(Object.keys(infoChanges).sort()).toEqual(writable.sort());
  });

  it.each(Object.keys(infoChanges).filter((k) => infoChanges[k] !== 'skipped'))(
    '%s',
    async (key) => {
      const both = { supportCreditcardPayment: true, supportCashPayment: true };
      expect((await call('PUT', info(), both)).statusCode).toBe(200);
      const read = await get<Info>(`${info()}/settings`);
      const change = infoChanges[key] as Change<Info>;
      const res = await call('PUT', info(), { ...read, [key]: change.send(read) });
      expect(res.statusCode, res.body).toBe(200);
      const after = await get<Info>(`${info()}/settings`);
      const ignore = [...change.readAs, 'settingsVersion'];
      expect(without(after, ignore)).toEqual(without(read, ignore));
      expect(after.settingsVersion).toBe(read.settingsVersion + 1);
      expect(JSON.stringify(after[key as keyof Info])).not.toBe(
        JSON.stringify(read[key as keyof Info]),
      );
      const again = await call('PUT', info(), after);
      expect(again.statusCode, again.body).toBe(200);
      expect(without(await get<Info>(`${info()}/settings`), ['settingsVersion'])).toEqual(
        without(after, ['settingsVersion']),
      );
    },
  );
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
