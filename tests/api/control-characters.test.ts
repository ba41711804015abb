// Issue 24 item 7: ESC, BEL, CR/LF in one-line fields and the bidi controls were stored in 51
// fields and shown to merchants and printed on tickets. Every text field of the contract refuses
// the C0 controls, DEL and U+202A–U+202E, U+2066–U+2069 with a 400 naming the field; the
// multi-line fields (notices, item descriptions, item notes, delivery notes) keep tab and line
// feed, and take a CRLF as LF (docs/decisions/input-hardening.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../src/contract/index.js';
import { isRouteContract, type RouteContract } from '../../src/contract/route.js';
import type { App } from '../../src/server/app.js';
import { findRefusedText } from '../../src/server/plugins/storable-text.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

type Segment = string | number;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every path below `schema` at which a string is accepted (an array's first element, a record's
 * key "k"), whatever union option or wrapper leads there. Written apart from the server's own
 * reading of the schemas, so the table checks it.
 */
function stringPaths(
  schema: z.ZodType,
  at: Segment[] = [],
  seen = new Set<z.ZodType>(),
): Segment[][] {
  if (seen.has(schema) || at.length > 8) return [];
  const inner = new Set(seen).add(schema);
  const def = defOf(schema);
  const down = (s: unknown, seg?: Segment) =>
    stringPaths(s as z.ZodType, seg === undefined ? at : [...at, seg], inner);
  switch (def.type) {
    case 'string':
      return [at];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return down(def.innerType);
    case 'pipe':
      return defOf(def.in as z.ZodType).type === 'transform' ? down(def.out) : down(def.in);
    case 'lazy':
      return down((def.getter as () => z.ZodType)());
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => down(o));
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => down(v, k));
    case 'array':
      return down(def.element, 0);
    case 'record':
      return down(def.valueType, 'k');
    default:
      return [];
  }
}

/** A value holding `text` at `path` and nothing else. */
function valueAt(path: Segment[], text: string): unknown {
  return path.reduceRight<unknown>(
    (inner, seg) => (typeof seg === 'number' ? [inner] : { [seg]: inner }),
    text,
  );
}

const PARTS = ['params', 'querystring', 'body'] as const;
const routes = Object.values(contract).filter(isRouteContract) as RouteContract[];

/** One row per text field of the contract: route, part, path below the part. */
const fields = routes.flatMap((route) =>
  PARTS.flatMap((part) => {
    const schema = route.schema[part];
    if (!schema) return [];
    const unique = new Map(stringPaths(schema).map((p) => [p.join('.'), p]));
    return [...unique.values()].map((path) => ({ route, part, schema, path }));
  }),
);
const label = (f: (typeof fields)[number]) =>
  `${f.route.method} ${f.route.path} ${[f.part, ...f.path].join('.')}`;

/** The fields a person types several lines into (spec §3 notices; item notes; delivery notes). */
const MULTI_LINE_FIELDS = [
  'PUT /api/businessInfos/merchantId/:merchantId/businessInfo body.homePageNotice',
  'PUT /api/businessInfos/merchantId/:merchantId/businessInfo body.orderPreparingNotice',
  'PUT /api/businessInfos/merchantId/:merchantId/businessInfo body.dineinNotice',
  'PUT /api/businessInfos/merchantId/:merchantId/businessInfo body.customerInfoCollect.noticeMsg',
  // A category's description is written like an item's (issue 28's category routes).
  'POST /api/categories7/merchantId/:merchantId/category body.description',
  'PUT /api/categories7/merchantId/:merchantId/category/:id body.description',
  'POST /api/items7/merchantId/:merchantId/item body.discription',
  'PUT /api/items7/merchantId/:merchantId/item/:id body.discription',
  'PUT /api/items7/merchantId/:merchantId/item_complete/:id body.discription',
  'POST /api/shoppingCarts/merchantId/:merchantId/orderItems/:uid body.orderItems.0.note',
  'PATCH /api/shoppingCarts/merchantId/:merchantId/orderItems/:uid/:lineId body.note',
  'PUT /api/shoppingCarts/merchantId/:merchantId/checkoutInfo/:uid body.deliveryNote',
  'POST /api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid body.checkout.deliveryNote',
  // A phone order's lines are a cart's (issue 27, C7.94): the same item note.
  'POST /api/orders7/merchantId/:merchantId/order body.orderItems.0.note',
].sort();

const ESC = '\u001b';
const BEL = '\u0007';
const DEL = '\u007f';
const RLO = '\u202e';
const LRI = '\u2066';
const ALWAYS_REFUSED = [ESC, BEL, DEL, '\r', `${ESC}[2J`, RLO, LRI, '\u202a', '\u2069'];
const BREAKS = ['\n', '\r\n', '\t'];

const refusal = (f: (typeof fields)[number], bad: string) =>
  findRefusedText(valueAt(f.path, `ab${bad}cd`), [f.part], f.schema);

describe('every text field of the contract', () => {
  it('has text fields to check (the walk reaches the schemas)', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(fields.length).toBeGreaterThan(150);
  });

  it('marks exactly the fields a person types several lines into as multi-line', () => {
    const multi = fields.filter((f) => refusal(f, '\n') === null).map(label);
    expect(multi.sort()).toEqual(MULTI_LINE_FIELDS);
  });

  it.each(fields.map((f) => [label(f), f] as const))(
    '%s refuses ESC, BEL, DEL, a lone CR and the bidi controls, naming the field',
    (_label, f) => {
      for (const bad of ALWAYS_REFUSED) {
        expect(refusal(f, bad)?.path, JSON.stringify(bad)).toEqual([f.part, ...f.path]);
      }
      const multiLine = MULTI_LINE_FIELDS.includes(label(f));
      for (const brk of BREAKS) {
        expect(refusal(f, brk)?.path ?? null, JSON.stringify(brk)).toEqual(
          multiLine ? null : [f.part, ...f.path],
        );
      }
    },
  );
});

describe('through the app', () => {
  let t: App;
  let merchantId = '';
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    const m = await createMerchant(t.ctx.db);
    merchantId = m.merchantId;
    cookie = await signInMerchant(t.app, m.merchantId, m.password);
  });
  afterAll(() => t.app.close());

  const checkout = {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'asap' },
  };
  const merchantCall = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  it.each([
    ['customerName', `Sam${ESC}[31m`, 'Control characters are not allowed'],
    ['customerName', 'Sam\r\nSmith', 'Line breaks and tabs are not allowed in this field'],
    ['carMakeModel', `Civic${BEL}`, 'Control characters are not allowed'],
    ['deliveryNote', `Ring ${RLO}twice`, 'Text direction controls are not allowed'],
    ['deliveryNote', `gate ${LRI}code`, 'Text direction controls are not allowed'],
  ])(
    'checkout info refuses %s holding %j with a 400 naming the field',
    async (field, value, msg) => {
      const d = await newDiner(t.app);
      const res = await d.call('PUT', cartPath(merchantId, 'checkoutInfo', d.uid), {
        ...checkout,
        [field]: value,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${msg} (${field})`);
      expect(res.body.issues).toEqual([{ path: ['body', field], message: res.body.message }]);
    },
  );

  it('keeps a delivery note’s lines and tabs, a CRLF taken as LF', async () => {
    const d = await newDiner(t.app);
    const res = await d.call('PUT', cartPath(merchantId, 'checkoutInfo', d.uid), {
      ...checkout,
      deliveryNote: 'Gate code:\t1234\r\nThird floor\nRing twice',
    });
    expect(res.status).toBe(200);
    expect(res.body.checkoutInfo.deliveryNote).toBe('Gate code:\t1234\nThird floor\nRing twice');
  });

  it('keeps an item note’s line break, refuses ESC in it naming the line', async () => {
    const d = await newDiner(t.app);
    const [item] = await menuOf(t.app, merchantId);
    const bad = await d.call('POST', cartPath(merchantId, 'orderItems', d.uid), {
      orderItems: [simpleChoice(item!), { ...simpleChoice(item!), note: `no${ESC}@onions` }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['body', 'orderItems', 1, 'note']);
    const ok = await d.call('POST', cartPath(merchantId, 'orderItems', d.uid), {
      orderItems: [{ ...simpleChoice(item!), note: 'no onions\nextra sauce' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.orderItems[0].note).toBe('No onions\nextra sauce');
  });

  it('keeps a notice’s lines, refuses a line break in an item name', async () => {
    const info = `/api/businessInfos/merchantId/${merchantId}/businessInfo`;
    const notice = await merchantCall('PUT', info, { homePageNotice: 'Open late\r\n\tFridays' });
    expect(notice.statusCode).toBe(200);
    expect(notice.json().homePageNotice).toBe('Open late<br>\tFridays');

    const [item] = await menuOf(t.app, merchantId);
    const items = `/api/items7/merchantId/${merchantId}/item/${item!._id}`;
    const name = await merchantCall('PUT', items, { name: 'Soup\nof the day' });
    expect(name.statusCode).toBe(400);
    expect(name.json().issues[0].path).toEqual(['body', 'name']);
    const description = await merchantCall('PUT', items, { discription: 'Hot.\nServed daily.' });
    expect(description.statusCode).toBe(200);
    expect(description.json().discription).toBe('Hot.\nServed daily.');
  });

  it('refuses a bidi control in a query string and in a path, naming them', async () => {
    const q = await t.app.inject(
      `/api/utils/geocode?address=${encodeURIComponent(`1 Main${RLO}`)}`,
    );
    expect(q.statusCode).toBe(400);
    expect(q.json().issues[0].path).toEqual(['querystring', 'address']);
    const p = await t.app.inject(
      `/api/businessInfos/merchantId/${merchantId}/promoCode/${encodeURIComponent(`SAVE${BEL}`)}`,
    );
    expect(p.statusCode).toBe(400);
    expect(p.json().issues[0].path).toEqual(['params', 'code']);
  });
});
