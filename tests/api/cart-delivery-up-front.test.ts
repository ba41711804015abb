// Delivery money up front (issue 25; docs/decisions/storefront-checkout.md "Delivery money up
// front"): once delivery and an address are saved, the cart answer names the fee's range, the
// distance and how much is missing for the delivery minimum, so the checkout can say it before
// Place; the spec's minimum-order message still comes from send order (check 8, V5.53).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { ItemView } from '../../src/contract/menu.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
const byName = (name: string) => menu.find((i) => i.name === name)!;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

const delivery = {
  orderMethod: 'delivery',
  paymentMethod: 'cash',
  tip: { kind: 'percent', ratePpm: 150_000 },
  time: { kind: 'asap' },
};

describe('the delivery fee, distance and shortfall in the cart answer', () => {
  it('names the range, the fee, the distance and the amount missing for the $20 minimum', async () => {
    const d = await newDiner(t.app);
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Scallion Pancake'))],
    });
    const subtotal = added.body.amounts.subtotalCents as number;
    expect(subtotal).toBeLessThan(2000);
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...delivery,
      deliveryAddress: '100 Centre Street, New York, NY 10013',
      deliveryLocation: { lat: 40.7147, lng: -74.0017 },
    });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({
      ok: true,
      feeCents: 299,
      rangeMiles: 2,
      minimumCents: 2000,
      shortByCents: 2000 - subtotal,
    });
    expect(res.body.delivery.distanceMiles).toBeLessThan(2);

    // More food: the shortfall follows on the next answer without saving the checkout again.
    const more = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'), 2)],
    });
    expect(more.body.delivery).toMatchObject({ ok: true, shortByCents: 0 });
  });

  it('says out of range with no fee and no range', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'), 3)],
    });
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...delivery,
      deliveryAddress: '1 Market Street, Philadelphia, PA 19107',
      deliveryLocation: { lat: 39.9526, lng: -75.1652 },
    });
    expect(res.body.delivery).toMatchObject({
      ok: false,
      message: "You are out of delivery range, it can't be delivered.",
      feeCents: null,
      rangeMiles: null,
    });
  });

  it('says at once that an address the server cannot locate was not found', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Kung Pao Chicken'), 3)],
    });
    const res = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), {
      ...delivery,
      deliveryAddress: '99 Nowhere Road',
    });
    expect(res.body.delivery).toMatchObject({
      ok: false,
      distanceMiles: null,
      message: 'We could not find this delivery address. Please check it and include the ZIP code.',
      feeCents: null,
    });
    // No address yet: nothing to say.
    const empty = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), delivery);
    expect(empty.body.delivery).toBeNull();
  });

  it('has no delivery part for pickup', async () => {
    const d = await newDiner(t.app);
    await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Scallion Pancake'))],
    });
    const res = await d.call('GET', cartPath('demo', 'userId', d.uid));
    expect(res.body.delivery).toBeNull();
  });
});
