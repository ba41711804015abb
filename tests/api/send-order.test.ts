// Send order (spec §4 "Placing an order", §5 place-order checks, §7 sendOrder; checklist
// T4.28–T4.40, V5.42–V5.55, C7.63) and the order-placed read (R2.4, C7.x): the server reprices,
// checks in the spec's order, requires a verified phone from anonymous diners, places through the
// payments core, empties the cart, queues the merchant's messages and awards loyalty points.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  loyaltyLedger,
  orderLines,
  orders,
  outbox,
  phoneVerifications,
} from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import { findMerchantBySlug } from '../../src/server/modules/merchants/merchants.repository.js';
import { createCustomer, signInCustomer, uniqueId } from '../support/fixtures.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
let t: App;
let menu: ItemView[];
let phoneSeq = 3125550100;
const byName = (n: string) => menu.find((i) => i.name === n)!;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

const card = {
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

function checkout(phone: string, over: Record<string, unknown> = {}) {
  return {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'asap' },
    customerName: 'Ada Lovelace',
    phone,
    ...over,
  };
}

/** A diner with a verified phone and a cart. */
async function readyDiner(
  items = ['Kung Pao Chicken', 'Mapo Tofu'],
  /** A note per line, so that repeated items stay lines of their own (identical lines merge). */
  distinct = false,
): Promise<{ d: Diner; phone: string }> {
  const d = await newDiner(t.app);
  const phone = String(phoneSeq++);
  await t.ctx.db.insert(phoneVerifications).values({
    anonUserId: d.uid,
    phone,
    codeHash: 'x'.repeat(64),
    expiresAt: clock.now(),
    lastSentAt: clock.now(),
    verifiedAt: clock.now(),
  });
  const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
    orderItems: items.map((n, i) => ({
      ...simpleChoice(byName(n)),
      ...(distinct ? { note: `line ${i + 1}` } : {}),
    })),
  });
  expect(added.status).toBe(200);
  return { d, phone };
}

const send = (d: Diner, body: Record<string, unknown>) =>
  d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    ...body,
  });

describe('placing an order', () => {
  it('places a cash pickup order with the server’s total, empties the cart and shows the order-placed page', async () => {
    const { d, phone } = await readyDiner();
    const cart = await d.call('GET', cartPath('demo', 'userId', d.uid));
    const res = await send(d, {
      checkout: checkout(phone),
      expectedTotalCents: cart.body.amounts.totalCents,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'placed',
      paymentMethod: 'cash',
      paid: false,
      totalCents: cart.body.amounts.totalCents,
    });
    expect(res.body.orderId).toBeGreaterThan(0);
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.orderItems).toEqual([]);

    const page = await t.app.inject(`/api/orderPlaced/merchantId/demo/order/_id/${res.body._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      _id: res.body._id,
      state: 'placed',
      orderId: res.body.orderId,
      merchant_info: { name: 'Golden Lotus' },
      readyTime: { kind: 'range', text: '15-25 min' },
    });
    expect(page.json().orderItems.map((l: { name: string }) => l.name)).toEqual([
      'Kung Pao Chicken',
      'Mapo Tofu',
    ]);
    expect(page.json().amounts.totalCents).toBe(res.body.totalCents);
    expect(page.body).not.toContain(phone);
  });

  it('charges a card through the sandbox and keeps only the last four', async () => {
    const { d, phone } = await readyDiner();
    const res = await send(d, { checkout: checkout(phone, { paymentMethod: 'creditcard', card }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'placed', paid: true, card: { last4: '1111' } });
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.body._id));
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
  });

  it('places a big cart (more lines than its statements are prepared for) line for line', async () => {
    // 12 lines, added in one call: past MAX_PREPARED_ROWS, the cart's and the order's line
    // inserts are built as usual rather than prepared; a second order of 3 lines is prepared.
    const names = ['Kung Pao Chicken', 'Mapo Tofu'];
    for (const count of [12, 3]) {
      const { d, phone } = await readyDiner(
        Array.from({ length: count }, (_, i) => names[i % names.length]!),
        true,
      );
      const cart = await d.call('GET', cartPath('demo', 'userId', d.uid));
      expect(cart.body.orderItems, JSON.stringify(cart.body).slice(0, 300)).toHaveLength(count);
      const res = await send(d, {
        checkout: checkout(phone),
        expectedTotalCents: cart.body.amounts.totalCents,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = await t.app.inject(`/api/orderPlaced/merchantId/demo/order/_id/${res.body._id}`);
      expect(page.json().orderItems.map((l: { name: string }) => l.name)).toEqual(
        cart.body.orderItems.map((l: { name: string }) => l.name),
      );
      expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.orderItems).toEqual([]);
    }
  });

  it('answers a retry with the same key with the same order, once', async () => {
    const { d, phone } = await readyDiner();
    const body = {
      idempotencyKey: uniqueId('retry-'),
      checkout: checkout(phone, { paymentMethod: 'creditcard', card }),
    };
    const [a, b] = await Promise.all([
      d.call('POST', cartPath('demo', 'sendOrder', d.uid), body),
      d.call('POST', cartPath('demo', 'sendOrder', d.uid), body),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(ok.map((r) => r.body._id));
    expect(ids.size).toBe(1);
    const again = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), body);
    expect(again.body).toMatchObject({ _id: [...ids][0], replayed: true });
    const mine = await t.ctx.db.select().from(orders).where(eq(orders.anonUserId, d.uid));
    expect(mine).toHaveLength(1);
  });

  it('answers a second placement that arrives after the first emptied the cart with 409 naming it, for two minutes', async () => {
    const { d, phone } = await readyDiner();
    const first = await send(d, { checkout: checkout(phone) });
    expect(first.status).toBe(200);
    const late = await send(d, { checkout: checkout(phone) });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `This cart was just ordered (order ${first.body._id}), so it is empty now.`,
    );
    clock.advance(2 * 60_000 + 1000);
    try {
      const later = await send(d, { checkout: checkout(phone) });
      expect(later.status).toBe(400);
      expect(later.body.message).toBe('Your cart is empty. Add items to get started.');
    } finally {
      clock.set(TUESDAY_NOON);
    }
    const mine = await t.ctx.db.select().from(orders).where(eq(orders.anonUserId, d.uid));
    expect(mine).toHaveLength(1);
  });

  it('declines a declined card with no order number and keeps the cart', async () => {
    const { d, phone } = await readyDiner();
    const res = await send(d, {
      checkout: checkout(phone, {
        paymentMethod: 'creditcard',
        card: { ...card, cardNumber: '4000000000000002' },
      }),
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('payment_declined');
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.orderItems).toHaveLength(
      2,
    );
  });

  it('refuses a total the diner was not shown (409)', async () => {
    const { d, phone } = await readyDiner();
    const res = await send(d, { checkout: checkout(phone), expectedTotalCents: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The order total is now \$\d+\.\d\d/);
  });

  it('queues the merchant’s order SMS and email in the same transaction', async () => {
    const { d, phone } = await readyDiner();
    const res = await send(d, { checkout: checkout(phone) });
    const queued = await t.ctx.db
      .select()
      .from(outbox)
      .where(like(outbox.messageKey, `%${res.body._id}%`));
    expect(queued.map((m) => m.kind).sort()).toEqual(['email', 'sms']);
  });

  it('publishes the order event on the merchant channel', async () => {
    const { d, phone } = await readyDiner();
    const demo = await findMerchantBySlug(t.ctx.db, 'demo');
    const channel = `merchant_orders_${demo!.id.replace(/-/g, '')}`;
    const events: string[] = [];
    const stop = await t.ctx.database.listen(channel, (p) => events.push(p));
    try {
      const res = await send(d, { checkout: checkout(phone) });
      await expect
        .poll(() => events.some((e) => e.includes(res.body._id)), { timeout: 10_000 })
        .toBe(true);
      expect(JSON.parse(events.find((e) => e.includes(res.body._id))!)).toMatchObject({
        orderId: res.body._id,
        state: 'placed',
      });
    } finally {
      await stop();
    }
  });
});

describe('the place-order checks, in the spec’s order (V5.42–V5.55)', () => {
  it('says "Store closed now!" during the Wednesday break (check 1)', async () => {
    const { d, phone } = await readyDiner(['Mapo Tofu']);
    clock.set('2026-11-25T20:10:00Z');
    try {
      const res = await send(d, { checkout: checkout(phone) });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Store closed now!');
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });

  it('asks to remove unavailable items (check 2)', async () => {
    const lunch = menu.find((i) => i.name.startsWith('Lunch ') && !i.soldout)!;
    const { d, phone } = await readyDiner([lunch.name]);
    clock.set('2026-11-25T01:00:00Z');
    try {
      const res = await send(d, { checkout: checkout(phone) });
      expect(res.body.message).toBe('Please remove unavailable item(s) to continue.');
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });

  it.each([
    [
      'curbside without a car',
      { orderMethod: 'curbside' },
      'Please enter car information to continue.',
    ],
    [
      'scheduled without a time',
      { time: { kind: 'scheduled', date: null, minuteOfDay: null } },
      'Please Select a Scheduled Time for Scheduled Order',
    ],
    [
      'delivery without an address',
      { orderMethod: 'delivery', tip: { kind: 'percent', ratePpm: 150_000 } },
      'Please provide your delivery address.',
    ],
    [
      'no name',
      { customerName: '' },
      'Please enter your valid phone number and your name to continue.',
    ],
    [
      'room service without a room',
      { orderMethod: 'roomServiceDelivery', lastName: 'Lovelace' },
      'Please enter your Room Number and your Last Name to continue.',
    ],
    [
      'a card with a bad number',
      { paymentMethod: 'creditcard', card: { ...card, cardNumber: '1234' } },
      'Invalid credit card information provided.',
    ],
  ])('refuses %s with the spec message', async (_label, over, message) => {
    const { d, phone } = await readyDiner(['Mapo Tofu']);
    const res = await send(d, { checkout: checkout(phone, over) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses delivery below the minimum (check 8)', async () => {
    const { d, phone } = await readyDiner(['Scallion Pancake']);
    const res = await send(d, {
      checkout: checkout(phone, {
        orderMethod: 'delivery',
        deliveryAddress: '100 Centre Street, New York, NY',
        deliveryLocation: { lat: 40.7147, lng: -74.0017 },
      }),
    });
    expect(res.body.message).toBe(
      'Sorry, Your order amount does not meet the minimum requirement for delivery.',
    );
  });

  it('refuses an empty cart', async () => {
    const d = await newDiner(t.app);
    const res = await send(d, { checkout: checkout('2125550111') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart is empty. Add items to get started.');
  });
});

describe('who must verify a phone', () => {
  it('stops an anonymous diner whose phone is not verified', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
    });
    const res = await send(d, { checkout: checkout('2125550123') });
    expect(res.status).toBe(403);
    expect(res.body.issues[0].path).toEqual(['body', 'checkout', 'phone']);
  });

  it('lets a signed-in customer order without verifying, and awards loyalty points', async () => {
    const c = await createCustomer(t.ctx.db);
    const session = await signInCustomer(t.app, c.email, c.password);
    const d = await newDiner(t.app, session);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
    });
    const res = await send(d, { checkout: checkout('2125550124') });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.body._id));
    expect(row!.customerId).toBe(c.id);
    const points = await t.ctx.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.customerId, c.id), eq(loyaltyLedger.orderId, res.body._id)));
    // Points are 100 per food dollar: subtotal after discounts, no tips or fees.
    expect(points[0]!.points).toBe(row!.subtotalCents - row!.discountCents);
    expect(row!.loyaltyPointsEarned).toBe(points[0]!.points);
    const history = await d.call('GET', '/api/usersAuth/getOrderHistory');
    expect(history.body.orderHistory[0]._id).toBe(res.body._id);
  });
});

describe('the free add-on in the placed order', () => {
  it('is written as a line priced 0 with the note "Free addon item"', async () => {
    const kp = byName('Kung Pao Chicken');
    const { d, phone } = await readyDiner(['Kung Pao Chicken']);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(kp, Math.ceil(4100 / (kp.size[0]?.priceCents ?? kp.priceCents)))],
    });
    const res = await send(d, {
      checkout: checkout(phone, { freeAddonItemName: 'Fortune Cookies' }),
    });
    expect(res.status).toBe(200);
    const lines = await t.ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, res.body._id));
    expect(lines.find((l) => l.isFreePromo)).toMatchObject({
      name: 'Fortune Cookies',
      lineTotalCents: 0,
      note: 'Free addon item',
    });
  });
});

describe('the order-placed read', () => {
  it('404s an unknown id and another merchant’s order', async () => {
    const { d, phone } = await readyDiner(['Mapo Tofu']);
    const res = await send(d, { checkout: checkout(phone) });
    expect(
      (await t.app.inject(`/api/orderPlaced/merchantId/sunrise/order/_id/${res.body._id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject(
          '/api/orderPlaced/merchantId/demo/order/_id/00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('send order checks the choices itself (review findings)', () => {
  it('refuses a method the store does not offer, even though the checkout was never saved', async () => {
    const d = await newDiner(t.app);
    const sunriseMenu = await menuOf(t.app, 'sunrise');
    const simple = sunriseMenu.find(
      (i) => i.size.length === 0 && i.options.length === 0 && !i.soldout,
    )!;
    await d.call('POST', cartPath('sunrise', 'orderItems', d.uid), {
      orderItems: [simpleChoice(simple)],
    });
    const res = await d.call('POST', cartPath('sunrise', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: checkout('', {
        orderMethod: 'roomServiceDelivery',
        roomServiceRoom: '12',
        lastName: 'Smith',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['body', 'checkout', 'orderMethod']);
  });

  it('takes dine-in only at one of the store’s tables', async () => {
    const { d, phone } = await readyDiner(['Mapo Tofu']);
    const fake = await send(d, {
      checkout: checkout(phone, { orderMethod: 'dinein', dineinTableName: 'My Sofa' }),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.issues[0].path).toEqual(['body', 'checkout', 'dineinTableName']);
    const real = await send(d, {
      checkout: checkout(phone, { orderMethod: 'dinein', dineinTableName: 'T5' }),
    });
    expect(real.status).toBe(200);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, real.body._id));
    expect(row).toMatchObject({
      orderMethod: 'dinein',
      dineinTableName: 'T5',
      processingFeeCents: 0,
    });
  });

  it('refuses a delivery address the server cannot locate', async () => {
    const { d, phone } = await readyDiner(['Kung Pao Chicken', 'Mapo Tofu', 'Beef with Broccoli']);
    const res = await send(d, {
      checkout: checkout(phone, {
        orderMethod: 'delivery',
        deliveryAddress: '99 Nowhere Road',
        deliveryLocation: { lat: 40.7152, lng: -73.9982 },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'We could not find this delivery address. Please check it and include the ZIP code.',
    );
  });

  it('measures delivery from the address, not from a point the browser made up', async () => {
    const { d, phone } = await readyDiner(['Kung Pao Chicken', 'Mapo Tofu', 'Beef with Broccoli']);
    const res = await send(d, {
      checkout: checkout(phone, {
        orderMethod: 'delivery',
        deliveryAddress: '1 Market Street, Philadelphia, PA 19107',
        deliveryLocation: { lat: 40.7152, lng: -73.9982 },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You are out of delivery range, it can't be delivered.");
  });

  it('accepts a verified phone typed with punctuation', async () => {
    const { d, phone } = await readyDiner(['Mapo Tofu']);
    const typed = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const res = await send(d, { checkout: checkout(typed) });
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, res.body._id));
    expect(row!.phone).toBe(phone);
  });
});
