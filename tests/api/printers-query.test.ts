// The printers read with the spec's queryObj (issue 12; spec §7 "GET .../printers with query param
// queryObj, returning a list; the default list excludes receipt-format printers"): the allowed
// fields only, always the merchant of the path, the older includeReceipt kept. Checklist: C7.35,
// C7.36, C7.37, E3.37, S2.119, P6.14.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterView } from '../../src/contract/printers.js';
import type { App } from '../../src/server/app.js';
import { printers } from '../../src/server/db/schema/index.js';
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
  // The small menu's printers are "Kitchen" (kitchen, none) and "Front Counter" (receipt, none).
  await t.ctx.db.insert(printers).values([
    { merchantId: m.id, name: 'Bar Labels', printFormat: 'label', connection: 'network' },
    { merchantId: m.id, name: 'Pass Receipts', printFormat: 'receipt', connection: 'cloud' },
    { merchantId: m.id, name: 'Wok Station', printFormat: 'kitchen', connection: 'cloud' },
    // Another merchant's printer never shows, whatever the query.
    { merchantId: other.id, name: 'Other Kitchen', printFormat: 'kitchen', connection: 'cloud' },
  ]);
});
afterAll(() => t.app.close());

const url = (who: { merchantId: string }) => `/api/printers/merchantId/${who.merchantId}/printers`;
const read = (query: Record<string, string> = {}, cookie = m.cookie, who = m) =>
  t.app.inject({ method: 'GET', url: url(who), query, headers: cookie ? { cookie } : {} });
const names = async (query: Record<string, string> = {}) => {
  const res = await read(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrinterView[]>().map((p) => p.name);
};
const q = (obj: unknown) => ({ queryObj: JSON.stringify(obj) });

describe('GET /api/printers/merchantId/{merchantId}/printers', () => {
  it('lists the kitchen and label printers by name by default, without receipt printers (C7.35, C7.36, E3.37)', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const list = res.json<PrinterView[]>();
    expect(list.map((p) => p.name)).toEqual(['Bar Labels', 'Kitchen', 'Wok Station']);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['_id', 'connection', 'description', 'name', 'print_format'].sort(),
    );
    expect(list[0]).toMatchObject({ print_format: 'label', connection: 'network' });
    expect(await names(q({}))).toEqual(['Bar Labels', 'Kitchen', 'Wok Station']);
  });

  it('filters by the queryObj fields: printFormat (one or a list), connection, includeReceipt', async () => {
    expect(await names(q({ includeReceipt: true }))).toEqual([
      'Bar Labels',
      'Front Counter',
      'Kitchen',
      'Pass Receipts',
      'Wok Station',
    ]);
    expect(await names(q({ includeReceipt: false }))).toEqual([
      'Bar Labels',
      'Kitchen',
      'Wok Station',
    ]);
    expect(await names(q({ printFormat: 'receipt' }))).toEqual(['Front Counter', 'Pass Receipts']);
    expect(await names(q({ printFormat: ['kitchen', 'receipt'] }))).toEqual([
      'Front Counter',
      'Kitchen',
      'Pass Receipts',
      'Wok Station',
    ]);
    expect(await names(q({ connection: 'cloud' }))).toEqual(['Wok Station']);
    expect(await names(q({ connection: 'cloud', includeReceipt: true }))).toEqual([
      'Pass Receipts',
      'Wok Station',
    ]);
    expect(await names(q({ printFormat: 'label', connection: 'none' }))).toEqual([]);
  });

  it('keeps the older includeReceipt parameter working', async () => {
    expect(await names({ includeReceipt: 'true' })).toHaveLength(5);
    expect(await names({ includeReceipt: 'false' })).toEqual([
      'Bar Labels',
      'Kitchen',
      'Wok Station',
    ]);
  });

  it('refuses anything but the allowed fields and values, naming the field (C7.37)', async () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ queryObj: '{not json' }, /Not JSON/],
      [q({ $ne: null }), /Unrecognized key/],
      [q({ merchantId: other.merchantId }), /Unrecognized key/],
      [q({ printFormat: { $ne: null } }), /printFormat must be one of kitchen, receipt, label/],
      [q({ printFormat: 'laser' }), /printFormat must be one of/],
      [q({ printFormat: [] }), /printFormat must be one of|Too small/],
      [q({ connection: 'usb' }), /"none"\|"network"\|"cloud"/],
      [q({ includeReceipt: 'yes' }), /expected boolean/],
      [q({ printFormat: 'kitchen', includeReceipt: true }), /not both/],
      [q(['kitchen']), /expected object/],
      [{ ...q({ connection: 'cloud' }), includeReceipt: 'true' }, /inside queryObj/],
      [{ queryObj: 'x'.repeat(2001) }, /Too big|<=2000/],
    ];
    for (const [query, message] of refused) {
      const res = await read(query);
      const label = JSON.stringify(query).slice(0, 80);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code).toBe('invalid_input');
      expect(body.message, label).toMatch(message);
      expect(body.issues[0].path[0], label).toBe('querystring');
    }
  });

  it('is for the merchant of the path only, whatever the queryObj says (P6.14, C7.37)', async () => {
    expect((await read({}, '')).statusCode).toBe(401);
    expect((await read(q({ includeReceipt: true }), other.cookie)).statusCode).toBe(403);
    // The other merchant reading its own list sees only its own printer.
    const own = await read(q({ includeReceipt: true }), other.cookie, other);
    expect(own.statusCode).toBe(200);
    expect(own.json<PrinterView[]>().map((p) => p.name)).toEqual([
      'Front Counter',
      'Kitchen',
      'Other Kitchen',
    ]);
  });
});
