// A lean placement path (issue 9): how many statements one send order sends to PostgreSQL, for a
// signed-in diner's card pickup and an anonymous diner's card delivery with a verified phone.
// Every check still runs (the send-order tests prove each); this only keeps the count down.
// The count includes BEGIN/COMMIT and the sandbox gateway's own ledger writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { phoneVerifications } from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import { createCustomer, signInCustomer, uniqueId } from '../support/fixtures.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { countQueries } from '../support/query-counter.js';
import { createTestApp, manualClock } from '../support/test-app.js';
import { onPostgresServer } from '../support/test-db.js';

/**
 * Today's count for the signed-in pickup (38 before issue 9, 27 before the outbox batching; the
 * anonymous delivery is 21, was 34 and 24): 1 session, 4 reads (merchant, earlier answer of the
 * key, cart with lines, its menu rows), the order written with its claim, the check that its
 * priced lines are still in the cart, lines and charge (7 with BEGIN/COMMIT), 1 sandbox ledger
 * write, and the placing transaction (9: the charge's outcome, the order locked, its numbers, the
 * order updated, the cart released with the 'placed' announcement, the outbox's messages in one
 * insert with their wake-up, the loyalty points, and BEGIN/COMMIT).
 */
const MAX_QUERIES = 20;

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
const byName = (n: string) => menu.find((i) => i.name === n)!;

const card = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());

async function fill(d: Diner) {
  const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
    orderItems: ['Kung Pao Chicken', 'Mapo Tofu'].map((n) => simpleChoice(byName(n))),
  });
  expect(added.status).toBe(200);
}

async function countedSend(d: Diner, checkout: Record<string, unknown>) {
  const stop = countQueries();
  const res = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    checkout,
  });
  const { count, statements } = stop();
  // SHOW_QUERIES=1 prints the statements (their first 110 characters), to see where they go.
  if (process.env.SHOW_QUERIES) console.info(statements.map((s) => s.slice(0, 110)).join('\n'));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ state: 'placed', paid: true });
  return count;
}

describe.skipIf(!onPostgresServer())('queries per send order', () => {
  it('a signed-in diner’s card pickup', async () => {
    const c = await createCustomer(t.ctx.db);
    const d = await newDiner(t.app, await signInCustomer(t.app, c.email, c.password));
    await fill(d);
    const count = await countedSend(d, {
      orderMethod: 'pickup',
      paymentMethod: 'creditcard',
      tip: { kind: 'percent', ratePpm: 150_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      phone: '2125550101',
      card,
    });
    console.info(`queries per send order (signed-in pickup, card): ${count}`);
    expect(count).toBeLessThanOrEqual(MAX_QUERIES);
  });

  it('an anonymous diner’s card delivery with a verified phone', async () => {
    const d = await newDiner(t.app);
    const phone = '2125550102';
    await t.ctx.db.insert(phoneVerifications).values({
      anonUserId: d.uid,
      phone,
      codeHash: 'x'.repeat(64),
      expiresAt: clock.now(),
      lastSentAt: clock.now(),
      verifiedAt: clock.now(),
    });
    await fill(d);
    const count = await countedSend(d, {
      orderMethod: 'delivery',
      paymentMethod: 'creditcard',
      tip: { kind: 'percent', ratePpm: 150_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      phone,
      deliveryAddress: '100 Centre Street, New York, NY',
      deliveryLocation: { lat: 40.7147, lng: -74.0017 },
      card,
    });
    console.info(`queries per send order (anonymous delivery, card): ${count}`);
    expect(count).toBeLessThanOrEqual(MAX_QUERIES);
  });
});
