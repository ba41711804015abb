// The order-placed read says where the order is handed over (issue 25: "it shows the pickup
// address with a map link or the delivery address"): the store's address, its branch's when the
// order chose the branch, or the delivery address the diner gave. The diner's phone stays out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { phoneVerifications } from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import { uniqueId } from '../support/fixtures.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
let t: App;
let menu: ItemView[];
let phoneSeq = 3125557100;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

/** A diner with a verified phone and two dishes in the cart. */
async function readyDiner(): Promise<{ d: Diner; phone: string }> {
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
  const items = ['Kung Pao Chicken', 'Mapo Tofu'].map((n) => menu.find((i) => i.name === n)!);
  const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
    orderItems: items.map((i) => simpleChoice(i)),
  });
  expect(added.status).toBe(200);
  return { d, phone };
}

async function placedPage(over: Record<string, unknown>) {
  const { d, phone } = await readyDiner();
  const res = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    checkout: {
      orderMethod: 'pickup',
      paymentMethod: 'cash',
      tip: { kind: 'percent', ratePpm: 100_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      phone,
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const page = await t.app.inject(`/api/orderPlaced/merchantId/demo/order/_id/${res.body._id}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toContain(phone);
  return page.json() as { handover: unknown; merchant_info: { phone: string } };
}

describe('the order-placed read: where the order is handed over', () => {
  it('pickup at the store: its name and address', async () => {
    const page = await placedPage({});
    expect(page.handover).toEqual({
      kind: 'store',
      name: 'Golden Lotus',
      address: '52 Mott Street, New York, NY 10013',
    });
    expect(page.merchant_info.phone).toBe('2125550188');
  });

  it('pickup at the branch: the branch', async () => {
    const page = await placedPage({ isBranch: true });
    expect(page.handover).toEqual({
      kind: 'store',
      name: 'Golden Lotus Flushing',
      address: '41-28 Main Street, Flushing, NY 11355',
    });
  });

  it('delivery: the address the diner gave', async () => {
    const page = await placedPage({
      orderMethod: 'delivery',
      tip: { kind: 'percent', ratePpm: 150_000 },
      deliveryAddress: '100 Centre Street, New York, NY',
      deliveryLocation: { lat: 40.7147, lng: -74.0017 },
    });
    expect(page.handover).toEqual({
      kind: 'delivery',
      name: '',
      address: '100 Centre Street, New York, NY',
    });
  });
});
