// A write changes exactly the fields it names (issue 28), for the update routes that came with
// issues 26–29: a printer's edit, the store's print settings, a promo code's edit and the
// dashboard's order update. As in partial-writes.test.ts: each optional key of the route's body
// is sent alone and the whole row is compared before and after; a key added to a body without a
// sample here fails the test. A key the route refuses alone (the order's tips, total and void,
// which have their own routes) must answer 400 and change nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMerchantOrder } from '../../src/contract/merchant-orders.js';
import { editPrinter, savePrintSettings } from '../../src/contract/printer-settings.js';
import { createPromoCode, updatePromoCode } from '../../src/contract/promo-codes.js';
import type { RouteContract } from '../../src/contract/route.js';
import type { App } from '../../src/server/app.js';
import { orders, printSettings, printers, promoCodes } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { type Row, changedColumns, optionalKeys } from '../support/partial-writes.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ env: { PRINTER_NETWORK_ALLOW: '10.20.0.0/16' } });
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
});
afterAll(() => t.app.close());

const urlOf = (route: RouteContract, id = '') =>
  route.path.replace(':merchantId', m.merchantId).replace(':id', id);
const call = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: m.cookie }, payload });

/** A key sent alone: its value and the columns it must change, or a value refused (400, no change). */
type Walk = { value: unknown; columns: string[] } | { refused: unknown };

async function walk(
  route: RouteContract,
  samples: Record<string, Walk>,
  key: string,
  fresh: () => Promise<{ id: string; row: () => Promise<Row> }>,
) {
  const { id, row } = await fresh();
  const before = await row();
  const sample = samples[key]!;
  const refused = 'refused' in sample;
  const res = await call('PUT', urlOf(route, id), {
    [key]: refused ? sample.refused : sample.value,
  });
  expect(res.statusCode, res.body).toBe(refused ? 400 : 200);
  if (refused) expect(JSON.stringify(res.json().issues)).toContain(key);
  expect(changedColumns(before, await row())).toEqual(refused ? [] : [...sample.columns].sort());
}

// ——— PUT …/printers/…/printer/{id} ———

const printerSamples: Record<string, Walk> = {
  name: { value: 'Pass', columns: ['name'] },
  description: { value: 'By the pass', columns: ['description'] },
  print_format: { value: 'receipt', columns: ['printFormat'] },
  connection: { value: 'cloud', columns: ['connection'] },
  paper_width: { value: '58mm', columns: ['paperWidth'] },
  // The walk's printer prints from the browser: an address for it is a key nobody would read.
  network_host: { refused: '10.20.0.7' },
  network_port: { refused: 9101 },
};

/** On a network (ESC/POS) printer the address keys are read: each changes its own column. */
const networkSamples: Record<string, Walk> = {
  network_host: { value: '10.20.0.8', columns: ['networkHost'] },
  network_port: { value: 9102, columns: ['networkPort'] },
};

async function freshPrinter(network = false) {
  const [p] = await t.ctx.db
    .insert(printers)
    .values({
      merchantId: m.id,
      name: uniqueId('Line '),
      description: 'Hot line',
      printFormat: 'kitchen',
      connection: network ? 'network' : 'none',
      ...(network ? { networkHost: '10.20.0.7', networkPort: 9100 } : {}),
      paperWidth: '80mm',
    })
    .returning();
  const row = async () =>
    (await t.ctx.db.select().from(printers).where(eq(printers.id, p!.id)))[0]!;
  return { id: p!.id, row };
}

describe(`${editPrinter.method} ${editPrinter.path} changes only the key it is sent`, () => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(editPrinter).sort()).toEqual(Object.keys(printerSamples).sort());
  });
  it.each(Object.keys(printerSamples))('%s alone', (key) =>
    walk(editPrinter, printerSamples, key, () => freshPrinter()),
  );
  it.each(Object.keys(networkSamples))('%s alone on a network printer', (key) =>
    walk(editPrinter, networkSamples, key, () => freshPrinter(true)),
  );
});

// ——— PUT …/printers/…/printSettings ———

const settingsSamples: Record<string, Walk> = {
  // Turned on, it also records since when (only orders placed from then on print by themselves).
  autoPrint: { value: true, columns: ['autoPrint', 'autoPrintSince'] },
  scheduledPrint: { value: 'due', columns: ['scheduledPrint'] },
  defaultKitchenPrinterId: { value: null, columns: ['defaultKitchenPrinterId'] },
};

async function freshSettings() {
  const kitchen = await freshPrinter();
  // A stored row, off its defaults where a key will move it.
  const set = await call('PUT', urlOf(savePrintSettings), {
    autoPrint: false,
    scheduledPrint: 'placement',
    defaultKitchenPrinterId: kitchen.id,
  });
  expect(set.statusCode, set.body).toBe(200);
  const row = async () =>
    (await t.ctx.db.select().from(printSettings).where(eq(printSettings.merchantId, m.id)))[0]!;
  return { id: '', row };
}

describe(`${savePrintSettings.method} ${savePrintSettings.path} changes only the key it is sent`, () => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(savePrintSettings).sort()).toEqual(Object.keys(settingsSamples).sort());
  });
  it.each(Object.keys(settingsSamples))('%s alone', (key) =>
    walk(savePrintSettings, settingsSamples, key, freshSettings),
  );
});

// ——— PUT /api/promoCodes/…/_id/{id} ———

const promoSamples: Record<string, Walk> = {
  code: { value: 'WALKED', columns: ['code'] },
  percentageOff: { value: 0.25, columns: ['percentageOff'] },
  validFrom: { value: '2026-12-02', columns: ['validFrom'] },
  validUntil: { value: null, columns: ['validUntil'] },
  active: { value: false, columns: ['active'] },
};

async function freshPromo() {
  const made = await call('POST', urlOf(createPromoCode), {
    code: uniqueId('P')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20),
    percentageOff: 0.1,
    validFrom: '2026-12-01',
    validUntil: '2026-12-31',
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json<{ _id: string }>()._id;
  const row = async () =>
    (await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!;
  return { id, row };
}

describe(`${updatePromoCode.method} ${updatePromoCode.path} changes only the key it is sent`, () => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(updatePromoCode).sort()).toEqual(Object.keys(promoSamples).sort());
  });
  it.each(Object.keys(promoSamples))('%s alone', async (key) => {
    // One code at a time may be called WALKED.
    await t.ctx.db.delete(promoCodes).where(eq(promoCodes.code, 'WALKED'));
    await walk(updatePromoCode, promoSamples, key, freshPromo);
  });
});

// ——— PUT /api/orders7/…/order/_idOrder/{id} ———

const orderSamples: Record<string, Walk> = {
  hasBeenRead: { value: true, columns: ['hasBeenRead'] },
  hasPrintedToKitchen: { value: true, columns: ['hasPrintedToKitchen'] },
  // The ready minutes on a new order accept it (order-life.md): the state and when it is ready.
  willBeReadyInMinutes: { value: 25, columns: ['readyAt', 'state', 'willBeReadyInMinutes'] },
  // Their own routes: the tip adjustment and the void (transactions).
  tips: { refused: 5 },
  total: { refused: 20 },
  hasVoid: { refused: true },
};

async function freshOrder() {
  const { orderId } = await placeTestOrder(t.ctx, m.merchantId);
  const row = async () => (await t.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  return { id: orderId, row };
}

describe(`${updateMerchantOrder.method} ${updateMerchantOrder.path} changes only the key it is sent`, () => {
  it('has a sample for every optional key of its body', () => {
    expect(optionalKeys(updateMerchantOrder).sort()).toEqual(Object.keys(orderSamples).sort());
  });
  it.each(Object.keys(orderSamples))('%s alone', (key) =>
    walk(updateMerchantOrder, orderSamples, key, freshOrder),
  );
});
