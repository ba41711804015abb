// The menu pane's writes (issue 12; spec §7 Items and Categories, §5 item rules): items, sizes,
// options and option values added and removed at the spec's paths, the sold-out toggle, printer
// assignment, category hours and promotions. Each write needs the session of the merchant in the
// path, shows on the storefront at the next request, is audited, and never changes past orders;
// a diner's cart line for a deleted item or size shows as unavailable instead of vanishing.
// Checklist: F1.25, S2.118–S2.120, T4.79, E3.29, V5.77–V5.86, C7.36.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_WRITE_LIMITS, type ItemView } from '../../src/contract/index.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { App } from '../../src/server/app.js';
import { items, merchantAudit, orderLines, printers } from '../../src/server/db/schema/index.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { multipart } from '../support/multipart.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let m: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db);
  other = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

const base = (who: { merchantId: string }) => `/api/items7/merchantId/${who.merchantId}`;
const catBase = (who: { merchantId: string }) => `/api/categories7/merchantId/${who.merchantId}`;
type Method = 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie: string | null = m.cookie) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const publicItem = (id: string) => t.app.inject(`${base(m)}/item/_id/${id}`);
const firstCategory = async (who: { merchantId: string }) =>
  (await t.app.inject(catBase(who))).json<{ _id: string }[]>()[0]!._id;
const menuAudit = (who: { id: string }) =>
  t.ctx.db
    .select()
    .from(merchantAudit)
    .where(and(eq(merchantAudit.merchantId, who.id), eq(merchantAudit.action, 'menu')));

async function newItem(extra: object = {}): Promise<ItemView> {
  const res = await call('POST', `${base(m)}/item`, {
    _idCategory: await firstCategory(m),
    name: 'Test Scone',
    price: '4.25',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ItemView>();
}

describe('POST .../item', () => {
  it('adds an item that the storefront lists at once, and records it', async () => {
    const before = (await menuOf(t.app, m.merchantId)).length;
    const item = await newItem({ name_2nd: 'Scone test', discription: 'Warm', spicy_sign: true });
    expect(item).toMatchObject({
      name: 'Test Scone',
      name_2nd: 'Scone test',
      discription: 'Warm',
      priceCents: 425,
      spicy_sign: true,
      soldout: false,
      size: [],
      options: [],
    });
    const menu = await menuOf(t.app, m.merchantId);
    expect(menu).toHaveLength(before + 1);
    expect(menu.find((i) => i._id === item._id)).toMatchObject({ name: 'Test Scone' });
    const entries = await menuAudit(m);
    expect(entries.some((e) => (e.detail as { op: string }).op === 'item.add')).toBe(true);
    expect(entries[0]!.sessionRef).toMatch(/^[0-9a-f]{16}$/);
  });

  it('requires name, category and price, numeric prices up to 99999 (V5.79, V5.83, V5.84)', async () => {
    const cat = await firstCategory(m);
    const cases: [object, string][] = [
      [{ _idCategory: cat, price: '1' }, 'name'],
      [{ _idCategory: cat, name: ' ', price: '1' }, 'name'],
      [{ name: 'X', price: '1' }, '_idCategory'],
      [{ _idCategory: cat, name: 'X' }, 'price'],
      [{ _idCategory: cat, name: 'X', price: '1a' }, 'price'],
      [{ _idCategory: cat, name: 'X', price: '100000' }, 'price'],
    ];
    const count = (await menuOf(t.app, m.merchantId)).length;
    for (const [payload, field] of cases) {
      const res = await call('POST', `${base(m)}/item`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path).toEqual(['body', field]);
    }
    expect(await menuOf(t.app, m.merchantId)).toHaveLength(count);
  });

  it("refuses another merchant's category or printer", async () => {
    const theirs = await firstCategory(other);
    const res = await call('POST', `${base(m)}/item`, {
      _idCategory: theirs,
      name: 'X',
      price: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({
      path: ['body', '_idCategory'],
      message: 'Unknown category',
    });
    const [theirPrinter] = await t.ctx.db
      .select({ id: printers.id })
      .from(printers)
      .where(eq(printers.merchantId, other.id));
    const res2 = await call('POST', `${base(m)}/item`, {
      _idCategory: await firstCategory(m),
      name: 'X',
      price: '1',
      _idPrinters: [theirPrinter!.id],
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().issues[0].path).toEqual(['body', '_idPrinters']);
  });

  it('answers 401 without a session and 403 to another merchant', async () => {
    const payload = { _idCategory: await firstCategory(m), name: 'X', price: '1' };
    expect((await call('POST', `${base(m)}/item`, payload, null)).statusCode).toBe(401);
    expect((await call('POST', `${base(m)}/item`, payload, other.cookie)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `${base(m)}/item/${(await newItem())._id}`, undefined, other.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT .../item/{id}', () => {
  it('toggles sold out, and the storefront sees it at the next request (T4.79, S2.120)', async () => {
    const item = await newItem();
    for (const soldout of [true, false]) {
      const res = await call('PUT', `${base(m)}/item/${item._id}`, { soldout });
      expect(res.statusCode, res.body).toBe(200);
      expect((await publicItem(item._id)).json()).toMatchObject({ soldout, available: !soldout });
    }
  });

  it('changes fields and printers, and audits only what changed (S2.119)', async () => {
    const item = await newItem();
    const mine = await t.ctx.db
      .select({ id: printers.id })
      .from(printers)
      .where(eq(printers.merchantId, m.id));
    const res = await call('PUT', `${base(m)}/item/${item._id}`, {
      name: 'Renamed Scone',
      price: 5,
      _idPrinters: [mine[0]!.id],
      availableHour: { monday: [{ open: 420, close: 660 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Scone',
      priceCents: 500,
      _idPrinters: [mine[0]!.id],
      availableHour: { monday: [{ open: 420, close: 660 }] },
    });
    const entry = (await menuAudit(m)).find(
      (e) =>
        (e.detail as { op: string; itemId: string }).itemId === item._id &&
        (e.detail as { op: string }).op === 'item.update',
    );
    expect(Object.keys((entry!.detail as { changed: object }).changed).sort()).toEqual([
      '_idPrinter',
      '_idPrinters',
      'availableHour',
      'name',
      'priceCents',
    ]);
  });

  it('refuses an empty name or price (V5.78) and changes nothing', async () => {
    const item = await newItem();
    for (const payload of [{ name: '' }, { price: '' }, { price: -1 }]) {
      const res = await call('PUT', `${base(m)}/item/${item._id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await publicItem(item._id)).json()).toMatchObject({
      name: 'Test Scone',
      priceCents: 425,
    });
  });

  it("answers 404 for an unknown item or another merchant's item", async () => {
    const theirs = (await menuOf(t.app, other.merchantId))[0]!;
    expect((await call('PUT', `${base(m)}/item/${theirs._id}`, { soldout: true })).statusCode).toBe(
      404,
    );
    expect((await menuOf(t.app, other.merchantId))[0]!.soldout).toBe(false);
  });
});

describe('sizes, options and option values (S2.118, V5.80–V5.82, V5.85)', () => {
  it('adds and removes each, shown on the storefront', async () => {
    const item = await newItem();
    let res = await call('POST', `${base(m)}/itemSize/${item._id}`, {
      name: 'Large',
      price: '5.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const size = res.json<ItemView>().size[0]!;
    expect(size).toMatchObject({ name: 'Large', priceCents: 550 });

    res = await call('POST', `${base(m)}/itemOption/${item._id}`, {
      name: 'Jam',
      numberToSelect: '1',
      minNumberToSelect: '0',
      maxNumberToSelect: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const option = res.json<ItemView>().options[0]!;
    expect(option).toMatchObject({ name: 'Jam', minNumberToSelect: 0, maxNumberToSelect: 2 });

    res = await call('POST', `${base(m)}/itemOptionValue/${item._id}/${option._id}`, {
      name: 'Raspberry',
    });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json<ItemView>().options[0]!.optionValues[0]!;
    expect(value).toMatchObject({ name: 'Raspberry', priceCents: 0 });

    const shown = (await publicItem(item._id)).json<ItemView>();
    expect(shown.size.map((s) => s.name)).toEqual(['Large']);
    expect(shown.options[0]!.optionValues.map((v) => v.name)).toEqual(['Raspberry']);

    res = await call('DELETE', `${base(m)}/itemOptionValue/${item._id}/${option._id}/${value._id}`);
    expect(res.json<ItemView>().options[0]!.optionValues).toEqual([]);
    res = await call('DELETE', `${base(m)}/itemOption/${item._id}/${option._id}`);
    expect(res.json<ItemView>().options).toEqual([]);
    res = await call('DELETE', `${base(m)}/itemSize/${item._id}/${size._id}`);
    expect(res.json<ItemView>().size).toEqual([]);
    expect((await publicItem(item._id)).json()).toMatchObject({ size: [], options: [] });
    // Deleting again: nothing there.
    res = await call('DELETE', `${base(m)}/itemSize/${item._id}/${size._id}`);
    expect(res.statusCode).toBe(404);
  });

  it('checks each form (names required, numbers ≤ 99999, min ≤ max)', async () => {
    const item = await newItem();
    const bad: [string, object][] = [
      [`itemSize/${item._id}`, { price: '1' }],
      [`itemSize/${item._id}`, { name: 'L', price: 'x' }],
      [`itemOption/${item._id}`, { numberToSelect: 1 }],
      [`itemOption/${item._id}`, { name: 'O', maxNumberToSelect: 'x' }],
      [`itemOption/${item._id}`, { name: 'O', maxNumberToSelect: 100000 }],
      [`itemOption/${item._id}`, { name: 'O', minNumberToSelect: 3, maxNumberToSelect: 2 }],
    ];
    for (const [path, payload] of bad) {
      const res = await call('POST', `${base(m)}/${path}`, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    const opt = (
      await call('POST', `${base(m)}/itemOption/${item._id}`, { name: 'O' })
    ).json<ItemView>().options[0]!;
    const res = await call('POST', `${base(m)}/itemOptionValue/${item._id}/${opt._id}`, {
      name: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.REQUIRED);
    expect((await publicItem(item._id)).json()).toMatchObject({
      size: [],
      options: [{ optionValues: [] }],
    });
  });

  it("refuses another item's option, and another merchant's session", async () => {
    const a = await newItem();
    const b = await newItem();
    const opt = (
      await call('POST', `${base(m)}/itemOption/${a._id}`, { name: 'O' })
    ).json<ItemView>().options[0]!;
    expect(
      (await call('POST', `${base(m)}/itemOptionValue/${b._id}/${opt._id}`, { name: 'V' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `${base(m)}/itemSize/${a._id}`, { name: 'L', price: 1 }, other.cookie))
        .statusCode,
    ).toBe(403);
  });

  it('keeps the size cap when adds race (the merchant row is held per write)', async () => {
    const item = await newItem();
    for (let i = 0; i < MENU_WRITE_LIMITS.sizes - 2; i += 1) {
      const r = await call('POST', `${base(m)}/itemSize/${item._id}`, { name: `S${i}`, price: 1 });
      expect(r.statusCode).toBe(200);
    }
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', `${base(m)}/itemSize/${item._id}`, { name: `R${i}`, price: 1 }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect((await publicItem(item._id)).json<ItemView>().size).toHaveLength(
      MENU_WRITE_LIMITS.sizes,
    );
  });
});

describe('PUT .../item_complete/{id} (the item with its uploaded picture)', () => {
  const uploadPng = async (cookie = m.cookie) => {
    const data = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const body = multipart([
      { name: 'file', filename: 'dish.png', contentType: 'image/png', data },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ fileName: string }>().fileName;
  };

  it('sets the image and the fields at once; the upload is used up', async () => {
    const item = await newItem();
    const fileName = await uploadPng();
    const res = await call('PUT', `${base(m)}/item_complete/${item._id}`, {
      fileName,
      name: 'Pictured Scone',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ItemView>();
    expect(saved.name).toBe('Pictured Scone');
    expect(saved.imgUrl).toMatch(/^\/images\/[0-9a-f-]{36}\.webp$/);
    const img = await t.app.inject(saved.imgUrl!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await publicItem(item._id)).json().imgUrl).toBe(saved.imgUrl);
    // Used once: a second item cannot take the same upload.
    const again = await call('PUT', `${base(m)}/item_complete/${(await newItem())._id}`, {
      fileName,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().issues[0].path).toEqual(['body', 'fileName']);
  });

  it('an upload left by a failed item_complete is removed by its DELETE (C7.28)', async () => {
    const item = await newItem();
    const fileName = await uploadPng();
    const failed = await call('PUT', `${base(m)}/item_complete/${item._id}`, {
      fileName,
      price: 'x',
    });
    expect(failed.statusCode).toBe(400);
    const removed = await call('DELETE', `/api/files/remove/fileName/${fileName}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, removed: true });
    // Gone: the next save with it is refused, and a second DELETE finds nothing.
    const late = await call('PUT', `${base(m)}/item_complete/${item._id}`, { fileName });
    expect(late.statusCode).toBe(409);
    expect((await call('DELETE', `/api/files/remove/fileName/${fileName}`)).json()).toEqual({
      success: true,
      removed: false,
    });
  });

  it("cannot take another merchant's upload, and a failed save leaves the upload", async () => {
    const item = await newItem();
    const theirs = await uploadPng(other.cookie);
    const res = await call('PUT', `${base(m)}/item_complete/${item._id}`, { fileName: theirs });
    expect(res.statusCode).toBe(409);
    expect((await publicItem(item._id)).json().imgUrl).toBeNull();
    const mine = await uploadPng();
    const bad = await call('PUT', `${base(m)}/item_complete/${item._id}`, {
      fileName: mine,
      price: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const unknownItem = await call('PUT', `${base(m)}/item_complete/${crypto.randomUUID()}`, {
      fileName: mine,
    });
    expect(unknownItem.statusCode).toBe(404);
    const ok = await call('PUT', `${base(m)}/item_complete/${item._id}`, { fileName: mine });
    expect(ok.statusCode, ok.body).toBe(200);
    const first = ok.json<ItemView>().imgUrl!;
    // A new picture replaces it, and the one no longer shown is deleted.
    const replaced = await call('PUT', `${base(m)}/item_complete/${item._id}`, {
      fileName: await uploadPng(),
    });
    expect(replaced.json<ItemView>().imgUrl).not.toBe(first);
    expect((await t.app.inject(first)).statusCode).toBe(404);
    expect((await t.app.inject(replaced.json<ItemView>().imgUrl!)).statusCode).toBe(200);
  });
});

describe('DELETE .../item/{id}', () => {
  it('takes the item off the menu; a cart keeps its line, unavailable; past orders keep theirs', async () => {
    const item = await newItem();
    const diner = await newDiner(t.app);
    const added = await diner.call('POST', cartPath(m.merchantId, 'orderItems', diner.uid), {
      orderItems: [simpleChoice(item)],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const draft = orderDraft({ itemName: item.name });
    const placed = await placeTestOrder(t.ctx, m.merchantId, draft);
    const linesBefore = await t.ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId));

    const res = await call('DELETE', `${base(m)}/item/${item._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await menuOf(t.app, m.merchantId)).some((i) => i._id === item._id)).toBe(false);
    expect((await publicItem(item._id)).statusCode).toBe(404);
    const cart = await diner.call('GET', cartPath(m.merchantId, 'userId', diner.uid));
    expect(cart.body.orderItems).toHaveLength(1);
    expect(cart.body.orderItems[0]).toMatchObject({
      name: 'Test Scone',
      available: false,
      unavailableNote: MESSAGES.ITEM_UNAVAILABLE,
    });
    expect(
      await t.ctx.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId)),
    ).toEqual(linesBefore);
    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, item._id));
    expect(row!.deletedAt).toBeInstanceOf(Date);

    expect((await call('DELETE', `${base(m)}/item/${item._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `${base(m)}/item/${item._id}`, { soldout: true })).statusCode).toBe(
      404,
    );
  });

  it("a deleted size leaves the diner's line, unavailable", async () => {
    const item = await newItem();
    const withSize = (
      await call('POST', `${base(m)}/itemSize/${item._id}`, { name: 'Large', price: 6 })
    ).json<ItemView>();
    const diner = await newDiner(t.app);
    await diner.call('POST', cartPath(m.merchantId, 'orderItems', diner.uid), {
      orderItems: [simpleChoice(withSize)],
    });
    await call('DELETE', `${base(m)}/itemSize/${item._id}/${withSize.size[0]!._id}`);
    const cart = await diner.call('GET', cartPath(m.merchantId, 'userId', diner.uid));
    expect(cart.body.orderItems).toHaveLength(1);
    expect(cart.body.orderItems[0]).toMatchObject({ available: false });
  });
});

describe('categories: hours and promotion (spec §7 PUT .../_id/{id}, DELETE .../promoMethod/{id})', () => {
  it('saves hours and a promotion, shown on the public read, and deletes the promotion', async () => {
    const cat = await firstCategory(m);
    const hours = { sunday: [{ open: 480, close: 720 }] };
    let res = await call('PUT', `${catBase(m)}/_id/${cat}`, { availableHour: hours });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ availableHour: hours });
    res = await call('PUT', `${catBase(m)}/_id/${cat}`, {
      promoMethod: { name: 'Pastry deal', type: 'MEET_X_PERCENT_OFF', x: '20', y: '10' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await t.app.inject(`${catBase(m)}/_id/${cat}`)).json();
    expect(shown.promoMethod).toMatchObject({ name: 'Pastry deal' });
    expect(shown.availableHour).toEqual(hours);

    res = await call('DELETE', `${catBase(m)}/promoMethod/${cat}`);
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject(`${catBase(m)}/_id/${cat}`)).json().promoMethod).toBeNull();
    res = await call('PUT', `${catBase(m)}/_id/${cat}`, { availableHour: null });
    expect(res.json().availableHour).toBeNull();
  });

  it('needs every promotion field (V5.77), and the merchant of the path', async () => {
    const cat = await firstCategory(m);
    let res = await call('PUT', `${catBase(m)}/_id/${cat}`, {
      promoMethod: { name: 'Deal', type: 'MEET_X_PERCENT_OFF', x: '20', y: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.PROMO_FIELDS_REQUIRED);
    res = await call('PUT', `${catBase(m)}/_id/${cat}`, {});
    expect(res.statusCode).toBe(400);
    res = await call('PUT', `${catBase(m)}/_id/${cat}`, { availableHour: null }, other.cookie);
    expect(res.statusCode).toBe(403);
    const theirs = await firstCategory(other);
    res = await call('PUT', `${catBase(m)}/_id/${theirs}`, { availableHour: null });
    expect(res.statusCode).toBe(404);
  });
});
