// One cart, one order (issue 9), the late claimer: a send order that priced the cart just before
// another placement of it, and claims the cart only after that placement committed (and released
// its claim), must not order the same lines a second time. Seen under load in
// tests/process/send-order-instances.test.ts (two placed orders of one cart); here the late
// claimer is driven directly, so the interleaving is certain on PGlite and on the server alike.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { cartLines, carts, orders } from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import {
  type OrderDraft,
  createAwaitingOrder,
  orderRowFrom,
} from '../../src/server/modules/orders/orders.service.js';
import { createCustomer, signInCustomer, uniqueId } from '../support/fixtures.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

const zero = {
  subtotalCents: 0,
  taxCents: 0,
  tipsCents: 0,
  fixedTipsCents: 0,
  discountCents: 0,
  processingFeeCents: 0,
  serviceFeeCents: 0,
  deliveryFeeCents: 0,
  roomServiceDeliveryFeeCents: 0,
  totalCents: 0,
};

describe('a claim taken after another placement of the cart committed', () => {
  it('refuses with 409 naming the placed order and writes nothing', async () => {
    const c = await createCustomer(t.ctx.db);
    const d = await newDiner(t.app, await signInCustomer(t.app, c.email, c.password));
    const item = menu.find((i) => i.name === 'Kung Pao Chicken')!;
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(item)],
    });
    expect(added.status).toBe(200);
    // What the late request priced: the cart's lines as they were before the first order.
    const [cart] = await t.ctx.db.select().from(carts).where(eq(carts.anonUserId, d.uid));
    const priced = (
      await t.ctx.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id))
    ).map((l) => l.id);
    expect(priced).toHaveLength(1);

    const first = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: {
        orderMethod: 'pickup',
        paymentMethod: 'cash',
        tip: { kind: 'percent', ratePpm: 0 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone: '2125550101',
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const placedId = String(first.body._id);

    // The late request now writes its order and claims the (released) cart.
    const draft = {
      orderMethod: 'pickup',
      amounts: zero,
      customer: { customerName: 'Ada Lovelace', phone: '2125550101' },
      cartLineIds: priced,
      lines: [],
    } as unknown as OrderDraft;
    const row = orderRowFrom(draft, {
      merchantUuid: cart!.merchantId,
      anonUserId: d.uid,
      customerId: null,
      idempotencyKey: uniqueId('late-'),
      requestFingerprint: 'x',
      paymentMethod: 'cash',
      createdAt: clock.now(),
    });
    const late = t.ctx.db.transaction((tx) => createAwaitingOrder(tx, row, []));
    await expect(late).rejects.toMatchObject({ code: 'conflict' });
    await expect(late).rejects.toThrow(placedId);
    const all = await t.ctx.db.select().from(orders).where(eq(orders.anonUserId, d.uid));
    expect(all.map((o) => o.id)).toEqual([placedId]);
  });
});
