// A merchant's data export (issue 31, `npm run merchant -- export`): settings and menu as the API
// shows them, its orders — and only its — as JSON lines and CSV, read a page at a time; never a
// password hash, payment credentials, a request fingerprint or an idempotency key.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  csvField,
  ExportAbortedError,
  exportMerchantOrders,
  merchantMenuExport,
  merchantSettingsExport,
} from '../../src/server/modules/merchant-export/index.js';
import { createMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

describe('merchant data export', () => {
  it('writes the merchant’s own orders as JSON lines and CSV, with nothing secret', async () => {
    const m = await createMerchant(t.ctx.db);
    const other = await createMerchant(t.ctx.db);
    const draft = orderDraft({ tipsCents: 150 });
    draft.customer.customerName = 'Ada "The Count", Lovelace';
    const a = await placeTestOrder(t.ctx, m.merchantId, draft, 'card');
    const b = await placeTestOrder(t.ctx, m.merchantId);
    await placeTestOrder(t.ctx, other.merchantId);

    const json = collector();
    const csv = collector();
    const count = await exportMerchantOrders(t.ctx, m.merchantId, {
      json: json.stream,
      csv: csv.stream,
    });
    expect(count).toBe(2);
    const rows = json
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r.id)).toEqual([a.orderId, b.orderId]);
    expect(rows[0]).toMatchObject({ paymentMethod: 'creditcard', tipsCents: 150 });
    for (const secret of ['requestFingerprint', 'idempotencyKey', 'transactionId', 'anonUserId'])
      expect(rows[0]).not.toHaveProperty(secret);

    const lines = csv.text().split('\r\n');
    expect(lines[0]!.split(',')).toEqual(Object.keys(rows[0]!));
    expect(lines).toHaveLength(4); // header, two orders, the final line break
    expect(lines[1]).toContain('"Ada ""The Count"", Lovelace"');

    const settings = JSON.stringify(await merchantSettingsExport(t.ctx, m.merchantId));
    expect(settings).not.toMatch(/passwordHash|\$argon2/);
    expect(settings).not.toMatch(/paymentCredentials/);
    const menu = await merchantMenuExport(t.ctx, m.merchantId);
    expect(menu.items.length).toBeGreaterThan(0);
    expect(menu.categories.length).toBeGreaterThan(0);
  });

  it('reads page after page without repeating or skipping an order', async () => {
    // Five orders, two a page: the last order of a page (microsecond created_at) must not come
    // again at the top of the next, as it did with a cursor carried through a JS Date.
    const m = await createMerchant(t.ctx.db);
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push((await placeTestOrder(t.ctx, m.merchantId)).orderId);
    const json = collector();
    const count = await exportMerchantOrders(
      t.ctx,
      m.merchantId,
      { json: json.stream, csv: collector().stream },
      2,
    );
    const ids = json
      .text()
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(count).toBe(5);
    expect(ids).toEqual(placed);
  });

  it('stops reading when the reader went away (a cancelled download)', async () => {
    const m = await createMerchant(t.ctx.db);
    for (let i = 0; i < 3; i++) await placeTestOrder(t.ctx, m.merchantId);
    let lines = 0;
    const csv = new Writable({
      write(_chunk, _enc, done) {
        lines++;
        done();
        if (lines === 2) this.destroy(); // the header and one order, then the browser leaves
      },
    });
    await expect(exportMerchantOrders(t.ctx, m.merchantId, { csv }, 1)).rejects.toBeInstanceOf(
      ExportAbortedError,
    );
    expect(lines).toBe(2);
  });

  it('neutralises what a spreadsheet would run', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});
