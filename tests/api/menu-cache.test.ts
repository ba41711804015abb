// Menu reads served from the per-merchant cache: availability marked (not hidden), bodies in the
// declared shapes, invalidation by `menu_changed` notifications within one app, compression,
// revalidation, caps and size. (Two app processes on one server: tests/process/menu-*.test.ts.)
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../src/server/app.js';
import { LISTEN_APPLICATION_NAME } from '../../src/server/db/client.js';
import { categories, items, merchants } from '../../src/server/db/schema/index.js';
import { invalidationBusOf, notifyMenuChanged } from '../../src/server/modules/cache/index.js';
import { categoryView, publicItemView } from '../../src/contract/menu.js';
import { publicBusinessInfo } from '../../src/contract/store.js';
import { createMerchant, uniqueId } from '../support/fixtures.js';
import { onPostgresServer } from '../support/test-db.js';
import { createTestApp, manualClock } from '../support/test-app.js';

type Item = z.infer<typeof publicItemView>;

// 2024-03-13 is a Wednesday; Chicago (the fixture merchant's zone) is on CDT, UTC-5.
const CHICAGO_NOON = '2024-03-13T17:00:00Z';
const CHICAGO_6PM = '2024-03-13T23:00:00Z';
const LUNCH = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    [{ open: 660, close: 900 }],
  ]),
);

const clock = manualClock(CHICAGO_NOON);
let t: App;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const itemsOf = async (merchantId: string) =>
  z.array(publicItemView).parse((await get(`/api/items7/merchantId/${merchantId}/items`)).json());

/** Polls a read until it satisfies `ok`, for at most a few seconds (time for NOTIFY delivery). */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}

async function setPrice(itemId: string, priceCents: number, notifyFor?: string) {
  await t.ctx.db.transaction(async (tx) => {
    await tx.update(items).set({ priceCents }).where(eq(items.id, itemId));
    if (notifyFor) await notifyMenuChanged(tx, notifyFor);
  });
}

describe('menu reads served from the cache', () => {
  it('answers every menu read in its declared shape', async () => {
    const cats = z
      .array(categoryView)
      .parse((await get('/api/categories7/merchantId/demo')).json());
    const all = await itemsOf('demo');
    expect(all.length).toBeGreaterThanOrEqual(150);
    const first = all[0]!;
    publicItemView.parse((await get(`/api/items7/merchantId/demo/item/_id/${first._id}`)).json());
    categoryView.parse((await get(`/api/categories7/merchantId/demo/_id/${cats[0]!._id}`)).json());
    const byCat = z
      .array(publicItemView)
      .parse(
        (await get(`/api/items7/merchantId/demo/items/_idCategory/${first._idCategory}`)).json(),
      );
    expect(byCat.map((i) => i._id)).toEqual(
      all.filter((i) => i._idCategory === first._idCategory).map((i) => i._id),
    );
    publicBusinessInfo
      .strict()
      .parse((await get('/api/businessInfos/merchantId/demo/businessInfo')).json());
  });

  it('gives the first page of the limit-10-then-full pattern as the head of the full list', async () => {
    const ten = z
      .array(publicItemView)
      .parse((await get('/api/items7/merchantId/demo/limit/10/items')).json());
    const all = await itemsOf('demo');
    expect(ten).toEqual(all.slice(0, 10));
  });

  it('caps list sizes: a limit above 2000 is refused naming the field', async () => {
    const res = await get('/api/items7/merchantId/demo/limit/2001/items');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['params', 'n']);
  });

  it('answers 404 for an unknown category in items by category', async () => {
    const res = await get(
      '/api/items7/merchantId/demo/items/_idCategory/00000000-0000-4000-8000-000000000000',
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('keeps the demo menu under 150 KB of uncompressed JSON per 150 items', async () => {
    const res = await get('/api/items7/merchantId/demo/items');
    const count = (res.json() as unknown[]).length;
    expect((res.rawPayload.length / count) * 150).toBeLessThan(150 * 1024);
  });
});

describe('sold-out and currently unavailable items are marked, not hidden', () => {
  it('marks items outside their category hours in the merchant’s zone, and again when in', async () => {
    const m = await createMerchant(t.ctx.db);
    const [pastries] = await t.ctx.db
      .select()
      .from(categories)
      .where(and(eq(categories.merchantId, m.id), eq(categories.name, 'Pastries')));
    const [soldOut] = await t.ctx.db
      .update(items)
      .set({ soldout: true })
      .where(and(eq(items.merchantId, m.id), eq(items.name, 'Country Sourdough Loaf')))
      .returning();
    await t.ctx.db.transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ availableHour: LUNCH })
        .where(eq(categories.id, pastries!.id));
      await notifyMenuChanged(tx, m.id);
    });

    clock.set(CHICAGO_6PM);
    const evening = await eventually(
      () => itemsOf(m.merchantId),
      (list) => list.some((i) => !i.available && i._idCategory === pastries!.id),
    );
    const inPastries = evening.filter((i) => i._idCategory === pastries!.id);
    expect(inPastries.length).toBeGreaterThan(0);
    for (const i of inPastries) {
      expect(i).toMatchObject({ available: false, unavailableNote: 'This item unavailable now.' });
    }
    const loaf = evening.find((i) => i._id === soldOut!.id);
    expect(loaf).toMatchObject({ soldout: true, available: false });
    const others = evening.filter((i) => i._idCategory !== pastries!.id && !i.soldout);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((i) => i.available && i.unavailableNote === null)).toBe(true);

    // Noon in Chicago: the same cached menu, judged at the new time.
    clock.set(CHICAGO_NOON);
    const noon = await itemsOf(m.merchantId);
    expect(noon.filter((i) => i._idCategory === pastries!.id).every((i) => i.available)).toBe(true);
    const one = await get(`/api/items7/merchantId/${m.merchantId}/item/_id/${inPastries[0]!._id}`);
    expect(one.json()).toMatchObject({ available: true, unavailableNote: null });
    clock.set(CHICAGO_6PM);
    const again = await get(
      `/api/items7/merchantId/${m.merchantId}/item/_id/${inPastries[0]!._id}`,
    );
    expect(again.json()).toMatchObject({ available: false });
    clock.set(CHICAGO_NOON);
  });
});

describe('invalidation through menu_changed in one app', () => {
  it('shows a price changed with notifyMenuChanged on the next read, and only then', async () => {
    const m = await createMerchant(t.ctx.db);
    const [first] = await itemsOf(m.merchantId);
    const before = first!.priceCents;

    // Changed without a notification: the cache still serves what it read (it is a cache).
    await setPrice(first!._id, before + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect((await itemsOf(m.merchantId))[0]!.priceCents).toBe(before);

    await setPrice(first!._id, before + 2, m.id);
    const after = await eventually(
      () => itemsOf(m.merchantId),
      (list) => list[0]!.priceCents === before + 2,
    );
    expect(after[0]!.priceCents).toBe(before + 2);
    const one = await get(`/api/items7/merchantId/${m.merchantId}/item/_id/${first!._id}`);
    expect(one.json().priceCents).toBe(before + 2);
  });

  it('sends nothing for a rolled-back change', async () => {
    const m = await createMerchant(t.ctx.db);
    const [first] = await itemsOf(m.merchantId);
    await setPrice(first!._id, first!.priceCents + 5);
    await t.ctx.db
      .transaction(async (tx) => {
        await notifyMenuChanged(tx, m.id);
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect((await itemsOf(m.merchantId))[0]!.priceCents).toBe(first!.priceCents);
  });

  it('drops only the notified merchant', async () => {
    const a = await createMerchant(t.ctx.db);
    const b = await createMerchant(t.ctx.db);
    const [ia] = await itemsOf(a.merchantId);
    const [ib] = await itemsOf(b.merchantId);
    await setPrice(ia!._id, ia!.priceCents + 7);
    await setPrice(ib!._id, ib!.priceCents + 7, a.id);
    await eventually(
      () => itemsOf(a.merchantId),
      (list) => list[0]!.priceCents === ia!.priceCents + 7,
    );
    expect((await itemsOf(a.merchantId))[0]!.priceCents).toBe(ia!.priceCents + 7);
    expect((await itemsOf(b.merchantId))[0]!.priceCents).toBe(ib!.priceCents);
  });

  it('refreshes the public business info on a settings change', async () => {
    const m = await createMerchant(t.ctx.db);
    const url = `/api/businessInfos/merchantId/${m.merchantId}/businessInfo`;
    expect((await get(url)).json().name).toBe(m.name);
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(merchants).set({ name: 'Renamed Café' }).where(eq(merchants.id, m.id));
      await notifyMenuChanged(tx, m.id);
    });
    const info = await eventually(
      async () => (await get(url)).json() as { name: string },
      (v) => v.name === 'Renamed Café',
    );
    expect(info.name).toBe('Renamed Café');
  });

  it('does not remember an unknown merchant once it exists', async () => {
    const slug = uniqueId('late');
    expect((await get(`/api/items7/merchantId/${slug}/items`)).statusCode).toBe(404);
    expect((await get(`/api/businessInfos/merchantId/${slug}/businessInfo`)).statusCode).toBe(404);
    await createMerchant(t.ctx.db, { merchantId: slug });
    expect((await get(`/api/items7/merchantId/${slug}/items`)).statusCode).toBe(200);
    expect((await get(`/api/businessInfos/merchantId/${slug}/businessInfo`)).statusCode).toBe(200);
  });

  it('is listening for notifications once the app is built', () => {
    expect(invalidationBusOf(t.ctx)?.listening).toBe(true);
  });
});

describe('compression and revalidation', () => {
  it('sends the item list brotli- or gzip-compressed to clients that accept it', async () => {
    const plain = await get('/api/items7/merchantId/demo/items');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/items7/merchantId/demo/items', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get('/api/items7/merchantId/demo/items', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const refused = await get('/api/items7/merchantId/demo/items', {
      'accept-encoding': 'br;q=0, gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses other large responses too, and leaves small ones alone', async () => {
    const docs = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeDefined();
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('answers 304 to a client that already holds the current menu, 200 after a change', async () => {
    const m = await createMerchant(t.ctx.db);
    const url = `/api/items7/merchantId/${m.merchantId}/items`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const [item] = first.json() as Item[];
    await setPrice(item!._id, item!.priceCents + 3, m.id);
    const changed = await eventually(
      () => get(url, { 'if-none-match': etag }),
      (r) => r.statusCode === 200,
    );
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Item[])[0]!.priceCents).toBe(item!.priceCents + 3);
  });
});

describe.skipIf(!onPostgresServer())('a lost LISTEN connection (PostgreSQL server)', () => {
  it('drops the cache, listens again, and then shows a change whose notification was missed', async () => {
    const bus = invalidationBusOf(t.ctx)!;
    const m = await createMerchant(t.ctx.db);
    const [first] = await itemsOf(m.merchantId);
    const { losses, connects } = bus;
    const killed = await t.ctx.database.query(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [LISTEN_APPLICATION_NAME],
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    // A change whose notification this instance never gets (as if sent while it was down).
    await setPrice(first!._id, first!.priceCents + 9);
    await eventually(
      async () => bus,
      (b) => b.losses > losses && b.connects > connects && b.listening,
      10_000,
    );
    expect(bus.listening).toBe(true);
    expect((await itemsOf(m.merchantId))[0]!.priceCents).toBe(first!.priceCents + 9);
    // And invalidation works on the new connection.
    await setPrice(first!._id, first!.priceCents + 10, m.id);
    const after = await eventually(
      () => itemsOf(m.merchantId),
      (list) => list[0]!.priceCents === first!.priceCents + 10,
    );
    expect(after[0]!.priceCents).toBe(first!.priceCents + 10);
  });
});
