// The cart calls (spec §7 Cart; checklist C7.55–C7.62, T4.1–T4.12, V5.36–V5.41): lines checked
// against the stored menu, repriced from the database on every read, judged at the chosen time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

// Tuesday 24 Nov 2026, 12:00 in New York: the demo store is open and lunch is served.
const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
let t: App;
let menu: ItemView[];
const byName = (name: string) => {
  const item = menu.find((i) => i.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

const defaultCheckout = {
  orderMethod: 'pickup',
  paymentMethod: 'cash',
  tip: { kind: 'percent', ratePpm: 100_000 },
  time: { kind: 'asap' },
};

describe('anonymous diner id (C7.54)', () => {
  it('issues an opaque id in an HttpOnly cookie and keeps it on later calls', async () => {
    const first = await t.app.inject('/api/users/cookie');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^fk_uid=[A-Za-z0-9_-]{22};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;
    const again = await t.app.inject({ url: '/api/users/cookie', headers: { cookie } });
    expect(again.json().uid).toBe(first.json().uid);
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('adding lines', () => {
  it('starts empty and adds a priced line with its size and options', async () => {
    const d = await newDiner(t.app);
    const empty = await d.call('GET', cartPath('demo', 'userId', d.uid));
    expect(empty.status).toBe(200);
    expect(empty.body.orderItems).toEqual([]);
    expect(empty.body.amounts.totalCents).toBe(0);

    const sized = menu.find((i) => i.size.length > 1 && i.options.length === 0)!;
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [
        { ...simpleChoice(sized, 2), sizeId: sized.size[1]!._id, note: 'extra hot please' },
      ],
    });
    expect(res.status).toBe(200);
    const [line] = res.body.orderItems;
    expect(line).toMatchObject({
      _idItem: sized._id,
      size: sized.size[1]!.name,
      qty: 2,
      note: 'Extra hot please',
    });
    expect(line.priceCents).toBe(sized.size[1]!.priceCents);
    expect(line.lineTotalCents).toBe(sized.size[1]!.priceCents * 2);
  });

  it('asks for a size when the item has sizes (V5.36)', async () => {
    const d = await newDiner(t.app);
    const sized = menu.find((i) => i.size.length > 0)!;
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [{ ...simpleChoice(sized), sizeId: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Item size is required.');
    expect(res.body.issues[0].path).toEqual(['body', 'orderItems', 0, 'sizeId']);
  });

  it('refuses an option count the group does not allow (V5.37)', async () => {
    const d = await newDiner(t.app);
    const item = menu.find((i) =>
      i.options.some((g) => g.numberToSelect === 1 && g.minNumberToSelect === null),
    )!;
    const group = item.options.find((g) => g.numberToSelect === 1 && g.minNumberToSelect === null)!;
    const choice = simpleChoice(item);
    choice.options[group._id] = group.optionValues.slice(0, 2).map((v) => v._id);
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [choice],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Exact number of option needs to be chosen.');
  });

  it('refuses a value of another item, a bad quantity and a sold-out item', async () => {
    const d = await newDiner(t.app);
    const a = menu.find((i) => i.options.length > 0 && !i.soldout)!;
    const b = menu.find((i) => i.options.length > 0 && i._id !== a._id && !i.soldout)!;
    const foreign = simpleChoice(a);
    foreign.options[a.options[0]!._id] = [b.options[0]!.optionValues[0]!._id];
    expect(
      (await d.call('POST', cartPath('demo', 'orderItems', d.uid), { orderItems: [foreign] }))
        .status,
    ).toBe(400);
    for (const quantity of [0, 100, 1.5]) {
      const r = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
        orderItems: [simpleChoice(a, quantity)],
      });
      expect(r.status, `quantity ${quantity}`).toBe(400);
    }
    const soldOut = menu.find((i) => i.soldout)!;
    const r = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(soldOut)],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('This item unavailable now.');
  });

  it('answers 404 naming the field for an item id that is not on the menu', async () => {
    const d = await newDiner(t.app);
    for (const itemId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
        orderItems: [{ itemId, options: {}, quantity: 1 }],
      });
      expect(res.status, itemId).toBe(404);
      expect(res.body.issues[0].path).toEqual(['body', 'orderItems', 0, 'itemId']);
    }
  });

  it('never takes a price from the browser', async () => {
    const d = await newDiner(t.app);
    const item = byName('Kung Pao Chicken');
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [{ ...simpleChoice(item), priceCents: 1, price: 0.01 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.orderItems[0].priceCents).toBe(item.size[0]?.priceCents ?? item.priceCents);
  });

  it('keeps carts of different merchants apart for the same diner', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'))],
    });
    const other = await d.call('GET', cartPath('sunrise', 'userId', d.uid));
    expect(other.body.orderItems).toEqual([]);
  });
});

describe('repricing and totals (E3.x, K9.x)', () => {
  it('adds up: lines to subtotal, parts to total, tax at the store rate', async () => {
    const d = await newDiner(t.app);
    const picks = ['Kung Pao Chicken', 'Mapo Tofu', 'Scallion Pancake'].map((n) =>
      simpleChoice(byName(n)),
    );
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), { orderItems: picks });
    const { orderItems, amounts } = res.body;
    const lines = orderItems.reduce(
      (s: number, l: { lineTotalCents: number }) => s + l.lineTotalCents,
      0,
    );
    expect(amounts.subtotalCents).toBe(lines);
    // Demo tax 8.875 %, half up on the subtotal.
    expect(amounts.taxCents).toBe(
      Math.floor((amounts.subtotalCents * 88_750 + 500_000) / 1_000_000),
    );
    const parts =
      amounts.subtotalCents +
      amounts.taxCents +
      amounts.tipsCents +
      amounts.fixedTipsCents +
      amounts.processingFeeCents +
      amounts.serviceFeeCents +
      amounts.deliveryFeeCents +
      amounts.roomServiceDeliveryFeeCents -
      amounts.discountCents;
    expect(amounts.totalCents).toBe(parts);
    expect(amounts.feesShownCents).toBe(amounts.processingFeeCents + amounts.serviceFeeCents);
  });

  it('shows a menu price change on the next read', async () => {
    const item = byName('Scallion Pancake');
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(item)],
    });
    const { items } = await import('../../src/server/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.ctx.db
      .update(items)
      .set({ priceCents: item.priceCents + 100 })
      .where(eq(items.id, item._id));
    try {
      const res = await d.call('GET', cartPath('demo', 'userId', d.uid));
      expect(res.body.orderItems[0].priceCents).toBe(item.priceCents + 100);
    } finally {
      await t.ctx.db
        .update(items)
        .set({ priceCents: item.priceCents })
        .where(eq(items.id, item._id));
    }
  });

  it('applies the Dim Sum buy-3-get-1 promotion to the cheapest unit', async () => {
    const d = await newDiner(t.app);
    const dimSum = menu.filter(
      (i) =>
        i._idCategory === menu.find((x) => x.name === 'Har Gow (4)')?._idCategory &&
        !i.soldout &&
        i.size.length === 0,
    );
    expect(dimSum.length).toBeGreaterThanOrEqual(4);
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: dimSum.slice(0, 4).map((i) => simpleChoice(i)),
    });
    const prices = res.body.orderItems.map((l: { grossCents: number }) => l.grossCents);
    expect(res.body.categoryDiscountCents).toBe(Math.min(...prices));
  });
});

describe('availability at the chosen time (T4.3, T4.4)', () => {
  it('marks a lunch special unavailable in the evening, and removes unavailable lines on request', async () => {
    const d = await newDiner(t.app);
    const lunch = menu.find((i) => i.name.startsWith('Lunch ') && !i.soldout)!;
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(lunch), simpleChoice(byName('Mapo Tofu'))],
    });
    clock.set('2026-11-25T01:00:00Z'); // Tuesday 20:00 in New York
    try {
      const res = await d.call('GET', cartPath('demo', 'userId', d.uid));
      const line = res.body.orderItems.find((l: { _idItem: string }) => l._idItem === lunch._id);
      expect(line).toMatchObject({
        available: false,
        unavailableNote: 'This item unavailable now.',
      });
      expect(res.body.cartButton).toBe('removeUnavailable');
      const check = await d.call('GET', cartPath('demo', 'checkIfShoppingCartAvailable', d.uid));
      expect(check.body).toMatchObject({ available: false, unavailableItems: [line._id] });
      const after = await d.call(
        'DELETE',
        `${cartPath('demo', 'orderItems', d.uid)}?unavailable=true`,
      );
      expect(after.body.orderItems.map((l: { _idItem: string }) => l._idItem)).toEqual([
        byName('Mapo Tofu')._id,
      ]);
      expect(after.body.cartButton).toBe('checkout');
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });

  it('says Store closed during the Wednesday break', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
    });
    clock.set('2026-11-25T20:10:00Z'); // Wednesday 15:10 in New York
    try {
      const res = await d.call('GET', cartPath('demo', 'userId', d.uid));
      expect(res.body).toMatchObject({ storeOpen: false, cartButton: 'storeClosed' });
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });
});

describe('removing lines', () => {
  it('removes one line by id, 404s an unknown line, and empties the cart', async () => {
    const d = await newDiner(t.app);
    const res = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Mapo Tofu')), simpleChoice(byName('Scallion Pancake'))],
    });
    const [first] = res.body.orderItems;
    const one = await d.call('DELETE', `${cartPath('demo', 'orderItems', d.uid)}?_id=${first._id}`);
    expect(one.body.orderItems).toHaveLength(1);
    const missing = await d.call(
      'DELETE',
      `${cartPath('demo', 'orderItems', d.uid)}?_id=${first._id}`,
    );
    expect(missing.status).toBe(404);
    const all = await d.call('DELETE', cartPath('demo', 'orderItems', d.uid));
    expect(all.body.orderItems).toEqual([]);
  });
});

describe('checkout info (C7.60)', () => {
  it('computes every amount on the server, with the 15 % delivery tip and the delivery fee', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: ['Kung Pao Chicken', 'Mapo Tofu', 'Scallion Pancake'].map((n) =>
        simpleChoice(byName(n)),
      ),
    });
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      orderMethod: 'delivery',
      tip: { kind: 'percent', ratePpm: 150_000 },
      deliveryAddress: '100 Centre Street, New York, NY 10013',
      deliveryLocation: { lat: 40.7147, lng: -74.0017 },
      subtotal: 1,
      total: 1,
    });
    expect(res.status).toBe(200);
    const a = res.body.amounts;
    expect(a.tipsCents).toBe(Math.floor((a.subtotalCents * 150_000 + 500_000) / 1_000_000));
    expect(res.body.delivery).toMatchObject({ ok: true });
    expect(res.body.delivery.distanceMiles).toBeLessThan(2);
    expect(a.deliveryFeeCents).toBe(299);
    expect(a.processingFeeCents).toBeGreaterThan(0);
  });

  it('says out of range beyond the last delivery range', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'), 5)],
    });
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      orderMethod: 'delivery',
      deliveryAddress: '1 Market Street, Philadelphia, PA 19107',
      deliveryLocation: { lat: 39.9526, lng: -75.1652 },
    });
    expect(res.body.delivery).toMatchObject({
      ok: false,
      message: "You are out of delivery range, it can't be delivered.",
    });
    expect(res.body.amounts.deliveryFeeCents).toBe(0);
  });

  it('does not charge the processing fee on dine-in (K9.11)', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Mapo Tofu'))],
    });
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      orderMethod: 'dinein',
      dineinTableName: '#T5',
    });
    expect(res.body.amounts.processingFeeCents).toBe(0);
    expect(res.body.checkoutInfo.dineinTableName).toBe('T5');
  });

  it('refuses a method or payment the store does not offer', async () => {
    const d = await newDiner(t.app);
    const res = await d.call('PUT', cartPath('sunrise', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      orderMethod: 'delivery',
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['body', 'orderMethod']);
  });

  it('applies a promo code case-insensitively and refuses unknown or expired ones', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'), 2)],
    });
    const ok = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      promoCode: ' welcome10 ',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.promoCode).toEqual({ code: 'WELCOME10', percentageOff: 0.1 });
    expect(ok.body.amounts.discountCents).toBe(
      Math.floor((ok.body.amounts.subtotalCents * 100_000 + 500_000) / 1_000_000),
    );
    for (const code of ['NOPE', 'EXPIRED5', 'FUTURE20']) {
      const bad = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
        ...defaultCheckout,
        promoCode: code,
      });
      expect(bad.status, code).toBe(400);
      expect(bad.body.message).toBe('Invalid promotion code.');
    }
  });

  it('offers the free add-on above the promotion amount, and withdraws it when a code is applied (K9.17)', async () => {
    const d = await newDiner(t.app);
    const kp = byName('Kung Pao Chicken');
    const qty = Math.ceil(4100 / (kp.size[0]?.priceCents ?? kp.priceCents));
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(kp, qty)],
    });
    expect(added.body.freeAddon.offered).toBe(true);
    expect(added.body.freeAddon.freeItemNames).toContain('Egg Drop Soup');
    const chosen = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      freeAddonItemName: 'Egg Drop Soup',
    });
    const free = chosen.body.orderItems.find((l: { isFreePromo: boolean }) => l.isFreePromo);
    expect(free).toMatchObject({
      name: 'Egg Drop Soup',
      priceCents: 0,
      note: 'Free addon item',
      lineTotalCents: 0,
    });
    const withCode = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...defaultCheckout,
      freeAddonItemName: 'Egg Drop Soup',
      promoCode: 'WELCOME10',
    });
    expect(withCode.body.orderItems.some((l: { isFreePromo: boolean }) => l.isFreePromo)).toBe(
      false,
    );
    expect(withCode.body.freeAddon).toMatchObject({ offered: false, dropped: true });
  });
});

describe('promo code look-ups (C7.2, C7.3)', () => {
  it('answers a valid code with its percentage and an invalid one with the spec message', async () => {
    const ok = await t.app.inject('/api/businessInfos/merchantId/demo/promoCode/lotus15');
    expect(ok.json()).toEqual({ code: 'LOTUS15', percentageOff: 0.15 });
    const bad = await t.app.inject('/api/businessInfos/merchantId/demo/promoCode/EXPIRED5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid promotion code.');
  });

  it('tells which free items an amount reaches', async () => {
    const below = await t.app.inject(
      '/api/businessInfos/merchantId/demo/autoAppliedPromoCode/amount/4000',
    );
    expect(below.json().offered).toBe(false);
    const above = await t.app.inject(
      '/api/businessInfos/merchantId/demo/autoAppliedPromoCode/amount/8001',
    );
    expect(above.json()).toMatchObject({ offered: true, amountCents: 8000 });
  });
});
