// Converge's hosted card page end to end against its fake (issue 14, spec C7.70): send order
// writes the order awaiting payment and answers the page step; tokenSession gives a token only
// for the diner's own order and only for its total (C7.59: the amount is the server's); the
// browser's report of an approval is confirmed with the gateway before the order is placed; a
// decline or a cancel fails the order and frees the cart; the auth-only is completed at the end of
// the business day. docs/decisions/gateway-converge.md.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { orders } from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import {
  CONVERGE_FAKE_CARDS,
  FAKE_CONVERGE_CREDENTIALS,
  startConvergeFake,
} from '../fakes/converge.js';
import {
  type Diner,
  cartPath,
  markPhoneVerified,
  menuOf,
  newDiner,
  simpleChoice,
} from '../support/diner.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
const fake = await startConvergeFake();
let t: App;
let slug: string;
let phoneSeq = 3125552100;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      CONVERGE_BASE_URL: fake.baseUrl,
      CONVERGE_EXPERIMENTAL: 'true',
      GATEWAY_TIMEOUT_MS: '5000',
    },
  });
  const m = await createMerchant(t.ctx.db);
  await setPaymentProvider(t.ctx, m.id, {
    provider: 'elavon',
    credentials: { ...FAKE_CONVERGE_CREDENTIALS },
  });
  slug = m.merchantId;
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

/** An answer's body, read loosely as the diner helper reads it. */
type Body = Awaited<ReturnType<Diner['call']>>['body'];

async function sendCardOrder(): Promise<{ d: Diner; body: Body }> {
  const d = await newDiner(t.app);
  const phone = String(phoneSeq++);
  await markPhoneVerified(t.ctx.db, d.uid, phone, clock.now());
  const [item] = await menuOf(t.app, slug);
  await d.call('POST', cartPath(slug, 'orderItems', d.uid), { orderItems: [simpleChoice(item!)] });
  // No card fields: the card is typed on Converge's page.
  const res = await d.call('POST', cartPath(slug, 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    checkout: {
      orderMethod: 'pickup',
      paymentMethod: 'creditcard',
      tip: { kind: 'percent', ratePpm: 100_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      phone,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { d, body: res.body };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const tokenPath = (cents: number, orderId: string) =>
  `/api/elavons/amount/${dollars(cents)}/tokenSession?merchantId=${slug}&orderId=${orderId}`;
const finish = (d: Diner, orderId: string, outcome: object) =>
  d.call('POST', cartPath(slug, 'hostedPayment', d.uid), { orderId, outcome });
const orderRow = async (id: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the hosted card page (elavon)', () => {
  it('writes the order awaiting payment and answers the page step, without card fields', async () => {
    const { body } = await sendCardOrder();
    expect(body).toMatchObject({
      state: 'awaiting_payment',
      paid: false,
      orderId: null,
      hostedPayment: {
        provider: 'elavon',
        scriptUrl: `${fake.baseUrl}/hosted-payments/PayWithConverge.js`,
      },
    });
    expect(body.message).toMatch(/secure payment page/);
  });

  it('gives a token only for the order total and only to the diner who placed it', async () => {
    const { d, body } = await sendCardOrder();
    const lower = await d.call('GET', tokenPath(body.totalCents - 1, body._id));
    expect(lower.status).toBe(409);
    expect(lower.body.message).toMatch(/does not match the order total/);
    const other = await newDiner(t.app);
    expect((await other.call('GET', tokenPath(body.totalCents, body._id))).status).toBe(404);
    const ok = await d.call('GET', tokenPath(body.totalCents, body._id));
    expect(ok.status).toBe(200);
    const session = fake.tokens.get(ok.body.token)!;
    expect(session).toMatchObject({ type: 'ccauthonly', amountCents: body.totalCents });
  });

  it('places the order only after the gateway confirms the approval; the end of day completes it', async () => {
    const { d, body } = await sendCardOrder();
    const { body: s } = await d.call('GET', tokenPath(body.totalCents, body._id));
    const resp = fake.pay(s.token, { number: CONVERGE_FAKE_CARDS.approve });
    const done = await finish(d, body._id, { kind: 'approved', transactionId: resp.ssl_txn_id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ state: 'placed', paid: true, card: { last4: '1111' } });
    expect(done.body.hostedPayment).toBeUndefined();
    // Reporting it again answers the same placed order.
    const again = await finish(d, body._id, { kind: 'approved', transactionId: resp.ssl_txn_id });
    expect(again.body).toMatchObject({ state: 'placed', orderId: done.body.orderId });
    // The cart was emptied by the placement.
    const cart = await d.call('GET', `/api/shoppingCarts/merchantId/${slug}/userId/${d.uid}`);
    expect(cart.body.orderItems).toHaveLength(0);

    clock.advance(24 * 60 * 60_000);
    try {
      await runPaymentJobs(t.ctx);
      expect((await orderRow(body._id)).paymentStatus).toBe('captured');
      expect(fake.transactions.get(resp.ssl_txn_id!)!.completedCents).toBe(body.totalCents);
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });

  it('does not believe a browser that reports another order’s approval', async () => {
    const first = await sendCardOrder();
    const { body: s1 } = await first.d.call(
      'GET',
      tokenPath(first.body.totalCents, first.body._id),
    );
    const paid = fake.pay(s1.token, { number: CONVERGE_FAKE_CARDS.approve });
    const second = await sendCardOrder();
    const res = await finish(second.d, second.body._id, {
      kind: 'approved',
      transactionId: paid.ssl_txn_id,
    });
    expect(res.status).toBe(402);
    expect(await orderRow(second.body._id)).toMatchObject({ state: 'failed', paid: false });
  });

  it('a second approval (two pages, or after the order failed) is released, never left held', async () => {
    // Two tabs of one order, both paid: the first places the order, the second is voided.
    const { d, body } = await sendCardOrder();
    const { body: s1 } = await d.call('GET', tokenPath(body.totalCents, body._id));
    const { body: s2 } = await d.call('GET', tokenPath(body.totalCents, body._id));
    const first = fake.pay(s1.token, { number: CONVERGE_FAKE_CARDS.approve });
    const second = fake.pay(s2.token, { number: CONVERGE_FAKE_CARDS.approve });
    const placed = await finish(d, body._id, { kind: 'approved', transactionId: first.ssl_txn_id });
    expect(placed.body).toMatchObject({ state: 'placed', paid: true });
    const again = await finish(d, body._id, { kind: 'approved', transactionId: second.ssl_txn_id });
    expect(again.body).toMatchObject({ state: 'placed', orderId: placed.body.orderId });
    expect(fake.transactions.get(second.ssl_txn_id!)!.state).not.toBe('open');
    expect(fake.transactions.get(first.ssl_txn_id!)!.state).toBe('open');
    // Reported twice: released once.
    await finish(d, body._id, { kind: 'approved', transactionId: second.ssl_txn_id });
    const releases = [...fake.transactions.values()].filter(
      (x) => x.originalTxnId === second.ssl_txn_id,
    );
    expect(releases).toHaveLength(1);

    // The page closed (the order failed), then paid on another tab: the diner's money is let go.
    const late = await sendCardOrder();
    const { body: s3 } = await late.d.call('GET', tokenPath(late.body.totalCents, late.body._id));
    expect((await finish(late.d, late.body._id, { kind: 'cancelled' })).status).toBe(402);
    const paid = fake.pay(s3.token, { number: CONVERGE_FAKE_CARDS.approve });
    const res = await finish(late.d, late.body._id, {
      kind: 'approved',
      transactionId: paid.ssl_txn_id,
    });
    expect(res.status).toBe(402);
    expect(await orderRow(late.body._id)).toMatchObject({ state: 'failed', paid: false });
    expect(fake.transactions.get(paid.ssl_txn_id!)!.state).not.toBe('open');
  });

  it('a decline on the page fails the order with the decline; a cancel fails it and frees the cart', async () => {
    const declined = await sendCardOrder();
    const { body: s } = await declined.d.call(
      'GET',
      tokenPath(declined.body.totalCents, declined.body._id),
    );
    const resp = fake.pay(s.token, { number: CONVERGE_FAKE_CARDS.decline });
    const res = await finish(declined.d, declined.body._id, {
      kind: 'declined',
      transactionId: resp.ssl_txn_id,
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/declined/);

    const cancelled = await sendCardOrder();
    const c = await finish(cancelled.d, cancelled.body._id, { kind: 'cancelled' });
    expect(c.status).toBe(402);
    expect(c.body.message).toMatch(/not completed/);
    expect(await orderRow(cancelled.body._id)).toMatchObject({ state: 'failed' });
    // The diner may try again at once: the cart is no longer held by the failed order.
    const retry = await cancelled.d.call('POST', cartPath(slug, 'sendOrder', cancelled.d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: {
        orderMethod: 'pickup',
        paymentMethod: 'creditcard',
        tip: { kind: 'percent', ratePpm: 100_000 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone: (await orderRow(cancelled.body._id)).phone,
      },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.state).toBe('awaiting_payment');
  });

  it('an abandoned page is left for its window, then failed and flagged for the merchant', async () => {
    const { body } = await sendCardOrder();
    clock.advance(5 * 60_000);
    try {
      await runPaymentJobs(t.ctx);
      expect((await orderRow(body._id)).state).toBe('awaiting_payment');
      clock.advance(20 * 60_000);
      await runPaymentJobs(t.ctx);
      expect(await orderRow(body._id)).toMatchObject({ state: 'failed', paymentStatus: 'unknown' });
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });
});

describe('saving Converge credentials checks the API user’s rights (issue 30)', () => {
  const save = async (cookie: string, merchantId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/merchants/merchantId/${merchantId}/paymentGateway`,
      headers: { cookie },
      payload: { provider: 'elavon', credentials: { ...FAKE_CONVERGE_CREDENTIALS } },
    });

  it('refuses to save, naming the missing right, and saves once it is given', async () => {
    const created = await createMerchant(t.ctx.db);
    const m = {
      merchantId: created.merchantId,
      cookie: await signInMerchant(t.app, created.merchantId, created.password),
    };
    fake.setMissingRights(['batchEdit']);
    try {
      const res = await save(m.cookie, m.merchantId);
      expect(res.statusCode).toBe(400);
      const issue = (res.json().issues as { path: string[]; message: string }[])[0]!;
      expect(issue.path).toEqual(['body', 'credentials']);
      expect(issue.message).toContain('"Batches - Edit"');
      expect(JSON.stringify(res.json())).not.toContain(FAKE_CONVERGE_CREDENTIALS.pin);
    } finally {
      fake.setMissingRights([]);
    }
    const ok = await save(m.cookie, m.merchantId);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
