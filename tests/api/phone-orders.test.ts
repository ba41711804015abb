// Phone orders typed by staff (spec §7 POST /api/orders7/merchantId/{merchantId}/order, checklist
// C7.94, decided in docs/decisions/phone-orders.md): the merchant's session only; cash at pickup,
// never a keyed card; the same pricing as a diner's cart, the same numbering, events, merchant
// messages and board listing; the spec's check texts (V5.x check 6) and a retry that answers the
// same order. Runs on PGlite and on PostgreSQL (npm run test:pg).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { PHONE_ORDER_CASH_ONLY } from '../../src/contract/phone-orders.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { orderEvents, orderLines, orders, outbox } from '../../src/server/db/schema/index.js';
import { PHONE_ORDER_USER } from '../../src/server/modules/checkout/phone-order.service.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday noon in the demo store's zone: open.
const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
let t: App;
let menu: ItemView[];
let demoCookie: string;
let otherCookie: string;

const path = (merchantId = 'demo') => `/api/orders7/merchantId/${merchantId}/order`;
const byName = (n: string) => menu.find((i) => i.name === n)!;

/** An item with sizes and an option group, so the test reaches sizes and options. */
function richItem(): ItemView {
  const item = menu.find((i) => i.size.length > 1 && i.options.some((g) => g.optionValues.length));
  if (!item) throw new Error('the demo menu has no item with sizes and options');
  return item;
}

/** The second size and one priced value of the first group that allows it. */
function richChoice(item: ItemView, quantity = 2) {
  const base = simpleChoice(item, quantity);
  const group = item.options.find((g) => g.optionValues.length > 0)!;
  const max = group.maxNumberToSelect ?? group.numberToSelect ?? 1;
  const picked = max > 0 ? [group.optionValues[group.optionValues.length - 1]!._id] : [];
  const options = { ...base.options, [group._id]: base.options[group._id] ?? picked };
  return { ...base, sizeId: item.size[1]!._id, options, note: 'no peanuts' };
}

const phoneCheckout = (over: Record<string, unknown> = {}) => ({
  customerName: 'Grace Hopper',
  phone: '(312) 555-0188',
  time: { kind: 'asap' },
  ...over,
});

function post(body: Record<string, unknown>, cookie = demoCookie, merchantId = 'demo') {
  return t.app.inject({
    method: 'POST',
    url: path(merchantId),
    headers: cookie ? { cookie } : {},
    payload: { idempotencyKey: uniqueId('phone-'), ...body },
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
  demoCookie = await signInMerchant(t.app, 'demo', 'Demo1234');
  const other = await createMerchant(t.ctx.db);
  otherCookie = await signInMerchant(t.app, other.merchantId, other.password);
});
afterAll(() => t.app.close());

describe('a phone order typed by staff (C7.94)', () => {
  it('is priced like a diner’s cart with the same choices, numbered after the last order, and listed on the board', async () => {
    const item = richItem();
    const lines = [richChoice(item), simpleChoice(byName('Mapo Tofu'))];

    // A diner's cart with the same lines and the same checkout (cash pickup, no tip).
    const d = await newDiner(t.app);
    expect(
      (await d.call('POST', cartPath('demo', 'orderItems', d.uid), { orderItems: lines })).status,
    ).toBe(200);
    const cart = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      orderMethod: 'pickup',
      paymentMethod: 'cash',
      tip: { kind: 'custom', cents: 0 },
      time: { kind: 'asap' },
    });
    expect(cart.status).toBe(200);
    const dinerAmounts = cart.body.amounts;

    const before = await t.app.inject({
      url: '/api/orders7/merchantId/demo/latestOrder',
      headers: { cookie: demoCookie },
    });
    const lastNumber: number = before.json()?.orderId ?? 0;

    const res = await post({
      orderItems: lines,
      checkout: phoneCheckout(),
      expectedTotalCents: dinerAmounts.totalCents,
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = res.json();
    expect(placed).toMatchObject({
      state: 'placed',
      paymentMethod: 'cash',
      paid: false,
      card: null,
      replayed: false,
      totalCents: dinerAmounts.totalCents,
    });
    expect(placed.orderId).toBeGreaterThan(lastNumber);

    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row).toMatchObject({
      anonUserId: PHONE_ORDER_USER,
      orderMethod: 'pickup',
      customerName: 'Grace Hopper',
      phone: '3125550188',
      subtotalCents: dinerAmounts.subtotalCents,
      taxCents: dinerAmounts.taxCents,
      totalCents: dinerAmounts.totalCents,
    });
    const stored = await t.ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed._id));
    const first = stored.find((l) => l.name === item.name)!;
    expect(first).toMatchObject({ sizeName: item.size[1]!.name, quantity: 2, note: 'No peanuts' });
    expect(first.options.length).toBeGreaterThan(0);

    // The same events and merchant messages as a diner's order: the board's stream and the texts.
    const events = await t.ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed._id));
    expect(events.map((e) => e.kind)).toContain('placed');
    const queued = await t.ctx.db.select().from(outbox);
    expect(
      queued
        .filter((m) => m.messageKey.includes(placed._id))
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['email', 'sms']);

    // On the board: the merchant's list of today.
    const board = await t.app.inject({
      url: '/api/orders7/merchantId/demo/orders?range=today',
      headers: { cookie: demoCookie },
    });
    expect(board.statusCode).toBe(200);
    const listed = board.json().orders.find((o: { _id: string }) => o._id === placed._id);
    expect(listed).toMatchObject({
      orderId: placed.orderId,
      customerName: 'Grace Hopper',
      paymentMethod: 'cash',
      stage: 'placed',
    });
  });

  it('answers a retry with the same key with the same order, and refuses the key with another body', async () => {
    const key = uniqueId('retry-');
    const body = {
      idempotencyKey: key,
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
      checkout: phoneCheckout(),
    };
    const first = await post(body);
    const again = await post(body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: first.json()._id, replayed: true });
    const count = await t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(count).toHaveLength(1);

    const changed = await post({ ...body, checkout: phoneCheckout({ customerName: 'Someone' }) });
    expect(changed.statusCode).toBe(409);
  });

  it('takes no card: a card payment or card fields are refused and nothing is written', async () => {
    const key = uniqueId('card-');
    const card = await post({
      idempotencyKey: key,
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
      checkout: phoneCheckout({ paymentMethod: 'creditcard' }),
    });
    expect(card.statusCode).toBe(400);
    expect(card.body).toContain(PHONE_ORDER_CASH_ONLY);
    const fields = await post({
      idempotencyKey: key,
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
      checkout: phoneCheckout({ card: { cardNumber: '4111111111111111', cvv: '123' } }),
    });
    expect(fields.statusCode).toBe(400);
    const written = await t.ctx.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(written).toEqual([]);
  });

  it('gives the spec’s check-6 text for a missing name or a short phone, naming the field', async () => {
    for (const over of [{ customerName: '' }, { phone: '312555' }]) {
      const res = await post({
        orderItems: [simpleChoice(byName('Mapo Tofu'))],
        checkout: phoneCheckout(over),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.PHONE_AND_NAME_REQUIRED);
      expect(JSON.stringify(res.json())).toContain('phone');
    }
  });

  it('checks each line against the menu as a cart add does, naming the line', async () => {
    const item = richItem();
    const res = await post({
      orderItems: [
        simpleChoice(byName('Mapo Tofu')),
        { ...simpleChoice(item), sizeId: '00000000-0000-4000-8000-000000000000' },
      ],
      checkout: phoneCheckout(),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('"orderItems",1');
    const empty = await post({ orderItems: [], checkout: phoneCheckout() });
    expect(empty.statusCode).toBe(400);
  });

  it('is refused while the store is closed, as a diner’s order is (check 1)', async () => {
    clock.set('2026-11-25T20:10:00Z'); // the demo store's Wednesday break
    try {
      // A day later the morning's session has lapsed: staff sign in again.
      const cookie = await signInMerchant(t.app, 'demo', 'Demo1234');
      const res = await post(
        { orderItems: [simpleChoice(byName('Mapo Tofu'))], checkout: phoneCheckout() },
        cookie,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Store closed now!');
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });

  it('is the merchant’s own: no session 401, another merchant 403, a diner 401', async () => {
    const body = { orderItems: [simpleChoice(byName('Mapo Tofu'))], checkout: phoneCheckout() };
    expect((await post(body, '')).statusCode).toBe(401);
    expect((await post(body, otherCookie)).statusCode).toBe(403);
    const d = await newDiner(t.app);
    const asDiner = await d.call('POST', path(), {
      idempotencyKey: uniqueId('diner-'),
      ...body,
    });
    expect(asDiner.status).toBe(401);
  });
});
