// The spec's authorizeNet paths under /api/authorizeNet (docs/decisions/provider-routes.md), on
// the sandbox gateway standing in under the provider's name with Authorize.Net's flow
// (authorise, then capture; no tip adjustment). Checklist: C7.67 (auth: a card check of 0),
// C7.68 (capture), C7.69 with T4.61 (void: the path exists, the spec's void rule refuses it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CHECK_ONLY } from '../../src/contract/provider-routes.js';
import {
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { orders, paymentTransactions, sandboxLedger } from '../../src/server/db/schema/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z');
let t: App;
type Signed = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let a: Signed;
let b: Signed;

async function signedMerchant(): Promise<Signed> {
  const m = await createMerchant(t.ctx.db, { ecommProvider: 'authorizeNet' });
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { RATE_LIMIT_MULTIPLIER: '100' },
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        gateways: {
          authorizeNet: createSandboxGateway({
            provider: 'authorizeNet',
            capabilities: { flow: 'auth_capture', tipAdjust: 'none' },
          }),
        },
      }),
    },
  });
  a = await signedMerchant();
  b = await signedMerchant();
});
afterAll(() => t.app.close());

const checkBody = (merchantId: string, over: Record<string, unknown> = {}) => ({
  merchantId,
  cardNumber: '6011000995500000',
  expirationDate: '0931',
  cardCode: '123',
  amount: 0,
  address: '1 Main St',
  zip: '60601',
  recaptchaToken: 'token',
  ...over,
});

const post = (op: string, body: object, cookie: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/authorizeNet/${op}`,
    payload: body,
    headers: cookie ? { cookie } : {},
  });

async function cardOrder(m: { merchantId: string }) {
  const placed = await placeTestOrder(
    t.ctx,
    m.merchantId,
    orderDraft({ subtotalCents: 3000, taxCents: 210 }),
    'card',
  );
  const [charge] = await t.ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, placed.transactionId!));
  return { ...placed, retref: charge!.retref! };
}

async function orderRow(id: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function ledgerOfOrder(orderId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(sandboxLedger)
    .where(eq(sandboxLedger.orderRef, orderId));
  return row!;
}

describe('POST /api/authorizeNet/auth (C7.67)', () => {
  it('runs a card check of 0 for the store named in the body', async () => {
    const res = await post('auth', checkBody(a.merchantId), null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      approved: true,
      card: { brand: 'DISCOVER', last4: '0000' },
      message: null,
    });
  });

  it('answers approved false for a declined card and for a CVV mismatch', async () => {
    const declined = await post(
      'auth',
      checkBody(a.merchantId, { cardNumber: '4000000000000002' }),
      null,
    );
    expect(declined.json()).toMatchObject({ approved: false, card: { last4: '0002' } });
    const cvv = await post('auth', checkBody(a.merchantId, { cardCode: '999' }), null);
    expect(cvv.json()).toMatchObject({
      approved: false,
      message: 'The card security code (CVV) does not match.',
    });
  });

  it('refuses a non-zero amount, naming amount (C7.59)', async () => {
    const res = await post('auth', checkBody(a.merchantId, { amount: 3210 }), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CARD_CHECK_ONLY,
      issues: [{ path: ['body', 'amount'], message: CARD_CHECK_ONLY }],
    });
  });

  it('names expirationDate and cardCode when they are wrong', async () => {
    const res = await post(
      'auth',
      checkBody(a.merchantId, { expirationDate: '1399', cardCode: '12' }),
      null,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'expirationDate'], message: 'Invalid' },
      { path: ['body', 'cardCode'], message: 'Invalid' },
    ]);
  });

  it('answers 409 for a store that does not use authorizeNet', async () => {
    const other = await createMerchant(t.ctx.db, { ecommProvider: 'tsys2' });
    const res = await post('auth', checkBody(other.merchantId), null);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use authorizeNet');
  });
});

describe('POST /api/authorizeNet/capture (C7.68)', () => {
  it('captures the signed-in merchant’s authorisation with the order’s total', async () => {
    const placed = await cardOrder(a);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('authorized');
    const res = await post('capture', { retref: placed.retref, amount: '3210' }, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderId: placed.orderId, amountCents: 3210 });
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('captured');
    expect(await ledgerOfOrder(placed.orderId)).toMatchObject({
      status: 'captured',
      capturedCents: 3210,
    });
  });

  it('refuses an amount other than the order’s and captures nothing (C7.59)', async () => {
    const placed = await cardOrder(a);
    const res = await post('capture', { retref: placed.retref, amount: 9999 }, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().issues).toEqual([
      {
        path: ['body', 'amount'],
        message: 'The amount of this order is 3210 cents: the server uses its own amount',
      },
    ]);
    expect((await ledgerOfOrder(placed.orderId)).status).toBe('authorized');
  });

  it('needs a merchant’s session, and finds no other merchant’s retref', async () => {
    const placed = await cardOrder(a);
    expect((await post('capture', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post('capture', { retref: placed.retref }, b.cookie)).statusCode).toBe(404);
    expect((await ledgerOfOrder(placed.orderId)).status).toBe('authorized');
  });

  it('refuses an order that is no longer placed: nothing to capture', async () => {
    const placed = await cardOrder(a);
    await t.ctx.db
      .update(orders)
      .set({ state: 'voided', paymentStatus: 'voided' })
      .where(eq(orders.id, placed.orderId));
    const res = await post('capture', { retref: placed.retref }, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().issues[0].message).toBe('This order is not placed');
  });
});

describe('POST /api/authorizeNet/void (C7.69, T4.61)', () => {
  it('exists, but the spec offers no void for authorizeNet: 409 "Fail to void order"', async () => {
    const placed = await cardOrder(a);
    const res = await post('void', { retref: placed.retref }, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Fail to void order',
      issues: [{ message: 'Void is not available for provider authorizeNet' }],
    });
    expect(await orderRow(placed.orderId)).toMatchObject({ state: 'placed', hasVoid: false });
  });

  it('needs a merchant’s session', async () => {
    const placed = await cardOrder(a);
    expect((await post('void', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post('void', { retref: placed.retref }, b.cookie)).statusCode).toBe(404);
  });
});
