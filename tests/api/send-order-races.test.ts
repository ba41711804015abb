// One cart, one order (issue 9): a cart being placed is claimed before any gateway call, so a
// second placement of it (another tab, a double click that made a new key, another instance) gets
// 409 naming the order in progress and never a second authorisation; only the lines that were
// ordered leave the cart; a failed placement releases the cart; the 50-line cap holds under
// concurrent adds; an idempotency key is bound to its request whenever it is replayed.
// Checklist: T4.40 (no double submission), T4.43 (after a decline the diner can try again).
// Races are asserted on the PostgreSQL server only (PGlite serialises everything).
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  createPaymentAdapters,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import {
  cartLines,
  carts,
  orderLines,
  orders,
  paymentTransactions,
  phoneVerifications,
  sandboxLedger,
} from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import { MAX_CART_LINES } from '../../src/contract/cart.js';
import { uniqueId } from '../support/fixtures.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock, testConfig, withSecondInstance } from '../support/test-app.js';
import { onPostgresServer } from '../support/test-db.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
// Shared by both instances: the diner's cookie and the request fingerprints must be read alike.
const env = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  RATE_LIMIT_MULTIPLIER: '1000',
};

/** The sandbox, with every authorisation counted and held until the test opens the gate. */
function gatedSandbox() {
  const base = createPaymentAdapters(testConfig(env)).gatewayFor('sandbox')!;
  const state = { calls: 0, open: Promise.resolve(), release: () => {} };
  const gateway: PaymentGateway = {
    ...base,
    authorize: async (e, req) => {
      state.calls++;
      await state.open;
      return base.authorize(e, req);
    },
  };
  return {
    adapters: { payments: { gatewayFor: (p: string) => (p === 'sandbox' ? gateway : undefined) } },
    get calls() {
      return state.calls;
    },
    /** Holds the next authorisations until release(). */
    hold() {
      state.open = new Promise<void>((resolve) => {
        state.release = resolve;
      });
    },
    release: () => state.release(),
  };
}

const gate = gatedSandbox();
let t: App;
let menu: ItemView[];
let phoneSeq = 3125550400;
const byName = (n: string) => menu.find((i) => i.name === n)!;

beforeAll(async () => {
  t = await createTestApp({ clock, env, adapters: gate.adapters as never });
  menu = await menuOf(t.app, 'demo');
});
afterAll(() => t.app.close());
// A test that failed while holding the gateway must not hold the next ones.
afterEach(() => gate.release());

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
    paymentMethod: 'creditcard',
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'asap' },
    customerName: 'Ada Lovelace',
    phone,
    card,
    ...over,
  };
}

/** A diner with a verified phone and a cart of two lines. */
async function readyDiner(app = t): Promise<{ d: Diner; phone: string }> {
  const d = await newDiner(app.app);
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
    orderItems: ['Kung Pao Chicken', 'Mapo Tofu'].map((n) => simpleChoice(byName(n))),
  });
  expect(added.status).toBe(200);
  return { d, phone };
}

const send = (d: Diner, body: Record<string, unknown>) =>
  d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    ...body,
  });

const ordersOf = (uid: string) => t.ctx.db.select().from(orders).where(eq(orders.anonUserId, uid));

async function chargesOf(orderIds: string[]) {
  if (orderIds.length === 0) return { transactions: [], ledger: [] };
  return {
    transactions: await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.orderId, orderIds)),
    ledger: await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(inArray(sandboxLedger.orderRef, orderIds)),
  };
}

async function cartItemNames(d: Diner): Promise<string[]> {
  const cart = await d.call('GET', cartPath('demo', 'userId', d.uid));
  return cart.body.orderItems.map((l: { name: string }) => l.name);
}

/** Waits until the diner's first order is written and with the gateway. */
async function awaitingOrderOf(uid: string) {
  await expect
    .poll(async () => (await ordersOf(uid)).map((o) => o.state), { timeout: 10_000 })
    .toEqual(['awaiting_payment']);
  return (await ordersOf(uid))[0]!;
}

describe('a cart being placed (claimed before the gateway call)', () => {
  it('refuses a second placement with another key (409 naming the order), and a line added meanwhile stays in the cart', async () => {
    const { d, phone } = await readyDiner();
    gate.hold();
    const first = send(d, { checkout: checkout(phone) });
    const inProgress = await awaitingOrderOf(d.uid);

    // (Before the claim, this second request went to the gateway too and waited there.)
    const secondCall = send(d, { checkout: checkout(phone) });
    const second = await Promise.race([
      secondCall,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the second placement reached the gateway')), 5_000),
      ),
    ]);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('conflict');
    expect(second.body.message).toContain(inProgress.id);
    expect(second.body.issues).toEqual([{ path: ['orderInProgress'], message: inProgress.id }]);

    // Another tab adds a line while the card is with the gateway.
    const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: [simpleChoice(byName('Spring Rolls (2)'))],
    });
    expect(added.status).toBe(200);

    gate.release();
    const placed = await first;
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ _id: inProgress.id, state: 'placed', paid: true });
    const lines = await t.ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, inProgress.id));
    expect(lines.map((l) => l.name).sort()).toEqual(['Kung Pao Chicken', 'Mapo Tofu']);
    // Only the ordered lines left the cart: the one added during placement is still there.
    expect(await cartItemNames(d)).toEqual(['Spring Rolls (2)']);
    const [cart] = await t.ctx.db.select().from(carts).where(eq(carts.anonUserId, d.uid));
    expect(cart).toMatchObject({ placingOrderId: null, placingUntil: null });
    expect(await ordersOf(d.uid)).toHaveLength(1);
  });

  it('releases the cart after a decline: a declined card then an approved one make one order', async () => {
    const { d, phone } = await readyDiner();
    const declined = await send(d, {
      checkout: checkout(phone, { card: { ...card, cardNumber: '4000000000000002' } }),
    });
    expect(declined.status).toBe(402);
    expect(await cartItemNames(d)).toEqual(['Kung Pao Chicken', 'Mapo Tofu']);
    const approved = await send(d, { checkout: checkout(phone) });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'placed', paid: true });
    const all = await ordersOf(d.uid);
    expect(all.map((o) => o.state).sort()).toEqual(['failed', 'placed']);
    expect(await cartItemNames(d)).toEqual([]);
  });

  it('takes over a claim left behind after it expired', async () => {
    const { d, phone } = await readyDiner();
    const stale = '00000000-0000-4000-8000-000000000001';
    await t.ctx.db
      .update(carts)
      .set({ placingOrderId: stale, placingUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(carts.anonUserId, d.uid));
    const refused = await send(d, { checkout: checkout(phone) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(stale);
    await t.ctx.db
      .update(carts)
      .set({ placingUntil: new Date(clock.now().getTime() - 1) })
      .where(eq(carts.anonUserId, d.uid));
    const placed = await send(d, { checkout: checkout(phone) });
    expect(placed.status).toBe(200);
    expect(placed.body.state).toBe('placed');
  });
});

describe('idempotency done fully', () => {
  it('refuses the same key with another body after the order completed (409), and replays the same answer with the card summary', async () => {
    const { d, phone } = await readyDiner();
    const idempotencyKey = uniqueId('key-');
    const body = { idempotencyKey, checkout: checkout(phone) };
    const first = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paid: true, card: { last4: '1111', brand: 'VISA' } });

    const again = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });

    const other = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey,
      checkout: checkout(phone, { customerName: 'Someone Else' }),
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('conflict');
    expect(await ordersOf(d.uid)).toHaveLength(1);
  });
});

describe.skipIf(!onPostgresServer())('races on the PostgreSQL server', () => {
  it('20 concurrent send orders of one cart with 20 keys: one order, one authorisation, 19 × 409 naming it', async () => {
    const { d, phone } = await readyDiner();
    const callsBefore = gate.calls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(d, { checkout: checkout(phone) })),
    );
    const all = await ordersOf(d.uid);
    expect(all).toHaveLength(1);
    const [order] = all;
    expect(order!.state).toBe('placed');
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body._id).toBe(order!.id);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.message).toContain(order!.id);
    const { transactions, ledger } = await chargesOf(all.map((o) => o.id));
    expect(transactions.filter((x) => x.operation === 'auth')).toHaveLength(1);
    expect(ledger).toHaveLength(1);
    expect(gate.calls - callsBefore).toBe(1);
  });

  it('the same across two app instances on their own connection pools', async () => {
    await withSecondInstance({ env, clock, adapters: gate.adapters as never }, async (other) => {
      const { d, phone } = await readyDiner();
      const callsBefore = gate.calls;
      const inject = (app: App, key: string) =>
        app.app.inject({
          method: 'POST',
          url: cartPath('demo', 'sendOrder', d.uid),
          remoteAddress: d.ip,
          headers: { cookie: d.cookie },
          payload: { idempotencyKey: key, checkout: checkout(phone) },
        });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => inject(i % 2 ? other : t, uniqueId('key-'))),
      );
      const all = await ordersOf(d.uid);
      expect(all).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
      const { transactions, ledger } = await chargesOf(all.map((o) => o.id));
      expect(transactions.filter((x) => x.operation === 'auth')).toHaveLength(1);
      expect(ledger).toHaveLength(1);
      expect(gate.calls - callsBefore).toBe(1);
    });
  });

  it('20 concurrent retries of one key while the card is with the gateway all answer the order with its card summary', async () => {
    const { d, phone } = await readyDiner();
    const body = { idempotencyKey: uniqueId('key-'), checkout: checkout(phone) };
    gate.hold();
    const first = d.call('POST', cartPath('demo', 'sendOrder', d.uid), body);
    await awaitingOrderOf(d.uid);
    const retries = Array.from({ length: 20 }, () =>
      d.call('POST', cartPath('demo', 'sendOrder', d.uid), body),
    );
    await new Promise((r) => setTimeout(r, 200));
    gate.release();
    const answers = await Promise.all([first, ...retries]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ state: 'placed', paid: true, card: { last4: '1111' } });
    }
    expect(await ordersOf(d.uid)).toHaveLength(1);
  });

  it(`keeps the ${MAX_CART_LINES}-line cap under concurrent adds`, async () => {
    const d = await newDiner(t.app);
    const soup = simpleChoice(byName('Spring Rolls (2)'));
    const start = MAX_CART_LINES - 5;
    // Each line its own note: identical lines would merge into one (line-merge.ts).
    const filled = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
      orderItems: Array.from({ length: start }, (_, i) => ({ ...soup, note: `line ${i}` })),
    });
    expect(filled.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        d.call('POST', cartPath('demo', 'orderItems', d.uid), {
          orderItems: [{ ...soup, note: `extra ${i}` }],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(15);
    const [cart] = await t.ctx.db.select().from(carts).where(eq(carts.anonUserId, d.uid));
    const lines = await t.ctx.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
    expect(lines).toHaveLength(MAX_CART_LINES);
  });
});
