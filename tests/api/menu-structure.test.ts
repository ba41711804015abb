// The Menu pane's own writes beside the spec's (issue 28; docs/decisions/menu-writes.md "The menu's
// structure"): categories created, renamed, deleted and reordered; items reordered in their
// category; sizes, options and values changed in place. Edits are partial (a field left out keeps
// its stored value) and strict (an unknown key is a 400 naming it); every write needs the session
// of the merchant in the path and shows on the storefront's next read.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryView, ItemView } from '../../src/contract/index.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { App } from '../../src/server/app.js';
import { categories, merchantAudit } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
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

const items = (who: { merchantId: string }) => `/api/items7/merchantId/${who.merchantId}`;
const cats = (who: { merchantId: string }) => `/api/categories7/merchantId/${who.merchantId}`;
type Method = 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie: string | null = m.cookie) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const categoryList = async () => (await t.app.inject(cats(m))).json<CategoryView[]>();
const ops = async () =>
  (
    await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(and(eq(merchantAudit.merchantId, m.id), eq(merchantAudit.action, 'menu')))
  ).map((e) => (e.detail as { op: string }).op);

async function newCategory(name: string, extra: object = {}): Promise<CategoryView> {
  const res = await call('POST', `${cats(m)}/category`, { name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CategoryView>();
}

async function newItem(categoryId: string, name: string): Promise<ItemView> {
  const res = await call('POST', `${items(m)}/item`, { _idCategory: categoryId, name, price: '3' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ItemView>();
}

describe('categories', () => {
  it('adds one at the end of the menu, shown on the public read, and records it', async () => {
    const before = await categoryList();
    const added = await newCategory('Soups', { name_2nd: 'Sopas', description: 'Hot' });
    expect(added).toMatchObject({ name: 'Soups', name_2nd: 'Sopas', description: 'Hot' });
    const after = await categoryList();
    expect(after.map((c) => c._id)).toEqual([...before.map((c) => c._id), added._id]);
    expect(await ops()).toContain('category.add');
  });

  it('renames: a field left out keeps its value, an empty name is refused', async () => {
    const c = await newCategory('Salads', { name_2nd: 'Ensaladas', description: 'Fresh' });
    let res = await call('PUT', `${cats(m)}/category/${c._id}`, { name: 'Green salads' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Green salads',
      name_2nd: 'Ensaladas',
      description: 'Fresh',
    });
    res = await call('PUT', `${cats(m)}/category/${c._id}`, { name_2nd: '' });
    expect(res.json()).toMatchObject({ name: 'Green salads', name_2nd: '', description: 'Fresh' });
    res = await call('PUT', `${cats(m)}/category/${c._id}`, { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({
      path: ['body', 'name'],
      message: MESSAGES.REQUIRED,
    });
    res = await call('PUT', `${cats(m)}/category/${c._id}`, { name: 'X', sortOrder: 3 });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().issues)).toContain('sortOrder');
    expect((await categoryList()).find((x) => x._id === c._id)!.name).toBe('Green salads');
  });

  it('deletes an empty category; one holding items is refused with how many (409)', async () => {
    const c = await newCategory('Specials');
    const item = await newItem(c._id, 'Special one');
    let res = await call('DELETE', `${cats(m)}/category/${c._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Specials still holds 1 item: move or delete it first');
    expect((await categoryList()).some((x) => x._id === c._id)).toBe(true);
    // Once its item is deleted, the category goes.
    expect((await call('DELETE', `${items(m)}/item/${item._id}`)).statusCode).toBe(200);
    res = await call('DELETE', `${cats(m)}/category/${c._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await categoryList()).some((x) => x._id === c._id)).toBe(false);
    expect((await call('DELETE', `${cats(m)}/category/${c._id}`)).statusCode).toBe(404);
  });

  it('puts them in the order sent; a list that differs from the stored one is 409', async () => {
    await newCategory('Drinks');
    const ids = (await categoryList()).map((c) => c._id);
    const reversed = ids.slice().reverse();
    let res = await call('PUT', `${cats(m)}/order`, { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CategoryView[]>().map((c) => c._id)).toEqual(reversed);
    expect((await categoryList()).map((c) => c._id)).toEqual(reversed);
    const stored = await t.ctx.db
      .select({ id: categories.id, sortOrder: categories.sortOrder })
      .from(categories)
      .where(eq(categories.merchantId, m.id));
    expect(stored.map((r) => r.sortOrder).sort((a, b) => a - b)).toEqual(ids.map((_, i) => i));

    res = await call('PUT', `${cats(m)}/order`, { ids: reversed.slice(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/reload/);
    res = await call('PUT', `${cats(m)}/order`, { ids: [reversed[0], reversed[0]] });
    expect(res.statusCode).toBe(400);
    expect((await categoryList()).map((c) => c._id)).toEqual(reversed);
  });

  it("is the merchant's own: 401 without a session, 403 to another, 404 for another's id", async () => {
    const c = await newCategory('Mine');
    expect((await call('POST', `${cats(m)}/category`, { name: 'X' }, null)).statusCode).toBe(401);
    expect(
      (await call('POST', `${cats(m)}/category`, { name: 'X' }, other.cookie)).statusCode,
    ).toBe(403);
    // Another merchant naming this category under its own path finds nothing.
    let res = await call(
      'PUT',
      `${cats(other)}/category/${c._id}`,
      { name: 'Theirs' },
      other.cookie,
    );
    expect(res.statusCode).toBe(404);
    res = await call('DELETE', `${cats(other)}/category/${c._id}`, undefined, other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await categoryList()).find((x) => x._id === c._id)!.name).toBe('Mine');
  });
});

describe('items in order', () => {
  it("puts a category's items in the order sent; the storefront lists them so", async () => {
    const c = await newCategory('Pies');
    const a = await newItem(c._id, 'Apple');
    const b = await newItem(c._id, 'Cherry');
    const d = await newItem(c._id, 'Pecan');
    const res = await call('PUT', `${items(m)}/order/${c._id}`, { ids: [d._id, a._id, b._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ItemView[]>().map((i) => i.name)).toEqual(['Pecan', 'Apple', 'Cherry']);
    const menu = (await t.app.inject(`${items(m)}/items`)).json<ItemView[]>();
    const shown = menu.filter((i) => i._idCategory === c._id).map((i) => i.name);
    expect(shown).toEqual(['Pecan', 'Apple', 'Cherry']);
    expect(await ops()).toContain('item.order');
    // An item of another category is not one of this list.
    const elsewhere = await newItem((await newCategory('Other'))._id, 'Stray');
    const bad = await call('PUT', `${items(m)}/order/${c._id}`, {
      ids: [d._id, a._id, elsewhere._id],
    });
    expect(bad.statusCode).toBe(409);
  });
});

describe('sizes, options and values in place', () => {
  async function itemWithChoices() {
    const c = (await categoryList())[0]!;
    const item = await newItem(c._id, 'Noodles');
    expect(
      (
        await call('POST', `${items(m)}/itemSize/${item._id}`, {
          name: 'Large',
          name_2nd: 'Grande',
          price: '5.50',
        })
      ).statusCode,
    ).toBe(200);
    let res = await call('POST', `${items(m)}/itemOption/${item._id}`, {
      name: 'Sauce',
      name_2nd: 'Salsa',
      numberToSelect: '1',
      minNumberToSelect: '1',
      maxNumberToSelect: '2',
    });
    const option = res.json<ItemView>().options[0]!;
    res = await call('POST', `${items(m)}/itemOptionValue/${item._id}/${option._id}`, {
      name: 'Chili',
      name_2nd: 'Picante',
      price: '0.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ItemView>();
  }

  it('changes what is sent and keeps the rest', async () => {
    const item = await itemWithChoices();
    const size = item.size[0]!;
    const option = item.options[0]!;
    const value = option.optionValues[0]!;
    let res = await call('PUT', `${items(m)}/itemSize/${item._id}/${size._id}`, { price: '6' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ItemView>().size[0]).toEqual({ ...size, priceCents: 600 });

    res = await call('PUT', `${items(m)}/itemOption/${item._id}/${option._id}`, {
      name: 'Sauces',
      maxNumberToSelect: '3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<ItemView>().options[0]!;
    expect(changed).toMatchObject({
      name: 'Sauces',
      name_2nd: 'Salsa',
      numberToSelect: 1,
      minNumberToSelect: 1,
      maxNumberToSelect: 3,
    });
    expect(changed.optionValues).toEqual([value]);

    res = await call('PUT', `${items(m)}/itemOptionValue/${item._id}/${option._id}/${value._id}`, {
      name: 'Chili oil',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ItemView>().options[0]!.optionValues[0]).toEqual({
      ...value,
      name: 'Chili oil',
    });

    // The storefront reads the same.
    const shown = (await t.app.inject(`${items(m)}/item/_id/${item._id}`)).json<ItemView>();
    expect(shown.size[0]!.priceCents).toBe(600);
    expect(shown.options[0]!.optionValues[0]!.name).toBe('Chili oil');
    expect(await ops()).toEqual(
      expect.arrayContaining(['size.update', 'option.update', 'optionValue.update']),
    );
  });

  it('refuses an empty name, a bad price, min over the stored max, an unknown key', async () => {
    const item = await itemWithChoices();
    const size = item.size[0]!;
    const option = item.options[0]!;
    const value = option.optionValues[0]!;
    const cases: [string, object, string][] = [
      [`itemSize/${item._id}/${size._id}`, { name: '' }, 'name'],
      [`itemSize/${item._id}/${size._id}`, { price: '100000' }, 'price'],
      [`itemOption/${item._id}/${option._id}`, { minNumberToSelect: '5' }, 'minNumberToSelect'],
      [`itemOption/${item._id}/${option._id}`, { maxNumberToSelect: 'x' }, 'maxNumberToSelect'],
      [`itemOptionValue/${item._id}/${option._id}/${value._id}`, { price: '-1' }, 'price'],
      [`itemOptionValue/${item._id}/${option._id}/${value._id}`, { colour: 'red' }, ''],
    ];
    for (const [path, payload, field] of cases) {
      const res = await call('PUT', `${items(m)}/${path}`, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      if (field) expect(res.json().issues[0].path).toEqual(['body', field]);
      else expect(JSON.stringify(res.json())).toContain('colour');
    }
    const shown = (await t.app.inject(`${items(m)}/item/_id/${item._id}`)).json<ItemView>();
    expect(shown.size).toEqual(item.size);
    expect(shown.options).toEqual(item.options);
  });

  it("answers 404 for another item's size and another merchant's item", async () => {
    const item = await itemWithChoices();
    const second = await itemWithChoices();
    let res = await call('PUT', `${items(m)}/itemSize/${second._id}/${item.size[0]!._id}`, {
      name: 'X',
    });
    expect(res.statusCode).toBe(404);
    res = await call(
      'PUT',
      `${items(other)}/itemSize/${item._id}/${item.size[0]!._id}`,
      { name: 'X' },
      other.cookie,
    );
    expect(res.statusCode).toBe(404);
  });
});
