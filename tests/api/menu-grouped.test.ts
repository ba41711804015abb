// The menu grouped by category and one item's options and sizes (spec §7 Items reads; C7.13–C7.18).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('grouped menu reads', () => {
  it('lists every category with its own items, in menu order', async () => {
    const groups = (await t.app.inject('/api/items7/merchantId/demo/items_category')).json() as {
      _id: string;
      items: { _idCategory: string }[];
    }[];
    const cats = (await t.app.inject('/api/categories7/merchantId/demo')).json() as {
      _id: string;
    }[];
    expect(groups.map((g) => g._id)).toEqual(cats.map((c) => c._id));
    expect(groups.every((g) => g.items.every((i) => i._idCategory === g._id))).toBe(true);
    const total = groups.reduce((n, g) => n + g.items.length, 0);
    const all = (await t.app.inject('/api/items7/merchantId/demo/items')).json() as unknown[];
    expect(total).toBe(all.length);
  });

  it('reads one category group, and 404s an unknown category', async () => {
    const [first] = (await t.app.inject('/api/categories7/merchantId/demo')).json();
    const one = await t.app.inject(
      `/api/items7/merchantId/demo/items_category/_idCategory/${first._id}`,
    );
    expect(one.json()).toHaveLength(1);
    const none = await t.app.inject(
      '/api/items7/merchantId/demo/items_category/_idCategory/00000000-0000-4000-8000-000000000000',
    );
    expect(none.statusCode).toBe(404);
  });

  it('reads an item’s option groups and sizes', async () => {
    const items = (await t.app.inject('/api/items7/merchantId/demo/items')).json() as {
      _id: string;
      size: unknown[];
      options: unknown[];
    }[];
    const withBoth = items.find((i) => i.options.length > 0) ?? items[0]!;
    const sized = items.find((i) => i.size.length > 0)!;
    expect(
      (await t.app.inject(`/api/items7/merchantId/demo/itemOptions/${withBoth._id}`)).json(),
    ).toEqual(withBoth.options);
    expect(
      (await t.app.inject(`/api/items7/merchantId/demo/itemSizes/${sized._id}`)).json(),
    ).toEqual(sized.size);
    expect(
      (await t.app.inject('/api/items7/merchantId/sunrise/itemSizes/' + sized._id)).statusCode,
    ).toBe(404);
  });
});
