// The spec's tsys paths under /api/tsyses (docs/decisions/provider-routes.md), on the sandbox
// gateway standing in under the provider's name. Checklist: C7.63 (expiry YYMM), C7.64 (amount in
// cents without the point), C7.65 (billingAddr, recaptchaToken; the merchant named by the body),
// C7.66 (void), C7.56 (the store's provider).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CHECK_ONLY } from '../../src/contract/provider-routes.js';
import {
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { orders, paymentTransactions, sandboxLedger } from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
} from '../support/fixtures.js';
import { APPROVED_CARD, orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)
let t: App;
type Signed = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let a: Signed;
let b: Signed;

async function signedMerchant(): Promise<Signed> {
  const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys' });
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

beforeAll(async () => {
  t = await createTestApp({
    clock,
    // The limiter is tested with the cardPointe card check; here it stays out of the way.
    env: { RATE_LIMIT_MULTIPLIER: '100' },
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        gateways: {
          tsys: createSandboxGateway({
            provider: 'tsys',
            capabilities: { flow: 'sale', tipAdjust: 'none' },
          }),
        },
      }),
    },
  });
  a = await signedMerchant();
  b = await signedMerchant();
});
afterAll(() => t.app.close());

/** The spec's body (C7.63–C7.65): expiry YYMM, amount in cents, billingAddr, recaptchaToken. */
const checkBody = (merchantId: string, over: Record<string, unknown> = {}) => ({
  merchantId,
  cardNumber: '4111111111111111',
  expiry: '3012',
  cvv2: '123',
  amount: '0',
  billingAddr: { addressLine1: '1 Main St', zip: '60601' },
  cardHolderName: 'Ada Diner',
  recaptchaToken: 'token',
  ...over,
});

const auth = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/tsyses/auth', payload: body });

const voidCall = (retref: string, cookie: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tsyses/void',
    payload: { retref },
    headers: cookie ? { cookie } : {},
  });

async function ledgerOf(merchantUuid: string) {
  return t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantId, merchantUuid));
}

async function cardOrder(m: { merchantId: string }) {
  const placed = await placeTestOrder(
    t.ctx,
    m.merchantId,
    orderDraft({ subtotalCents: 1500, tipsCents: 200 }),
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

describe('POST /api/tsyses/auth: the diner’s card check of 0', () => {
  it('names the store by the body’s merchantId and answers approved with brand and last four', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys' });
    const res = await auth(checkBody(m.merchantId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      approved: true,
      card: { brand: 'VISA', last4: '1111' },
      message: null,
    });
    const ledger = await ledgerOf(m.id);
    expect(ledger).toMatchObject([{ status: 'verified', amountCents: 0 }]);
  });

  it.each([
    ['3012', '1230'],
    ['2912', '1229'],
    ['2701', '0127'],
  ])('turns the spec’s YYMM expiry %s into the gateway’s MMYY %s (C7.63)', async (yymm, mmyy) => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys' });
    const res = await auth(checkBody(m.merchantId, { expiry: yymm }));
    expect(res.statusCode).toBe(200);
    expect((await ledgerOf(m.id))[0]!.cardExpiry).toBe(mmyy);
  });

  it('refuses an expiry that is not YYMM, naming expiry', async () => {
    for (const expiry of ['3013', '2600', '12/29', '122029']) {
      const res = await auth(checkBody(a.merchantId, { expiry }));
      expect(res.statusCode, expiry).toBe(400);
      expect(res.json().issues[0].path, expiry).toEqual(['body', 'expiry']);
    }
    // A month of the past (clock: May 2026) is an expired card.
    const expired = await auth(checkBody(a.merchantId, { expiry: '2604' }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().issues).toEqual([{ path: ['body', 'expiry'], message: 'Invalid' }]);
  });

  it('reads the amount as cents without the point (C7.64) and refuses any but 0', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys' });
    const cents = await auth(checkBody(m.merchantId, { amount: '1234' }));
    expect(cents.statusCode).toBe(400);
    expect(cents.json()).toMatchObject({
      message: CARD_CHECK_ONLY,
      issues: [{ path: ['body', 'amount'] }],
    });
    const dollars = await auth(checkBody(m.merchantId, { amount: '12.34' }));
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json().issues[0]).toMatchObject({
      path: ['body', 'amount'],
      message: 'amount is whole cents, digits only (1234 for $12.34)',
    });
    expect(await ledgerOf(m.id)).toEqual([]);
  });

  it('names billingAddr’s fields when the address is wrong', async () => {
    const res = await auth(
      checkBody(a.merchantId, { billingAddr: { addressLine1: ' ', zip: '6060' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'billingAddr', 'addressLine1'], message: 'Required' },
      { path: ['body', 'billingAddr', 'zip'], message: 'Invalid' },
    ]);
  });

  it('needs a merchantId: unknown store 404, a store on another provider 409 (C7.56, C7.65)', async () => {
    const { merchantId: _omit, ...without } = checkBody(a.merchantId);
    expect((await auth(without)).statusCode).toBe(400);
    expect((await auth(checkBody('no-such-store'))).statusCode).toBe(404);
    const other = await createMerchant(t.ctx.db, { ecommProvider: 'cardPointe' });
    const res = await auth(checkBody(other.merchantId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use tsys');
    expect(await ledgerOf(other.id)).toEqual([]);
  });

  it('answers approved false for a declined card', async () => {
    const res = await auth(checkBody(a.merchantId, { cardNumber: '4000000000009995' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      approved: false,
      card: { brand: 'VISA', last4: '9995' },
      message: 'The card was declined (Insufficient funds).',
    });
  });
});

describe('POST /api/tsyses/void (C7.66)', () => {
  it('voids the signed-in merchant’s charge found by retref', async () => {
    const placed = await cardOrder(a);
    const res = await voidCall(placed.retref, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderId: placed.orderId, provider: 'tsys', hasVoid: true });
    expect(await orderRow(placed.orderId)).toMatchObject({ state: 'voided', hasVoid: true });
  });

  it('needs a merchant’s session: anonymous, a diner or a customer get 401', async () => {
    const placed = await cardOrder(a);
    expect((await voidCall(placed.retref, null)).statusCode).toBe(401);
    const c = await createCustomer(t.ctx.db);
    const customer = await signInCustomer(t.app, c.email, c.password);
    expect((await voidCall(placed.retref, customer)).statusCode).toBe(401);
    expect((await orderRow(placed.orderId)).state).toBe('placed');
  });

  it('finds no other merchant’s retref: 404 and the charge stays', async () => {
    const placed = await cardOrder(a);
    const res = await voidCall(placed.retref, b.cookie);
    expect(res.statusCode).toBe(404);
    expect((await orderRow(placed.orderId)).state).toBe('placed');
    const [ledger] = await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.orderRef, placed.orderId));
    expect(ledger!.status).toBe('captured');
  });

  it('answers 409 when the signed-in merchant’s store does not use tsys', async () => {
    const m = await signedMerchant();
    const placed = await cardOrder(m);
    await setPaymentProvider(t.ctx, m.id, { provider: 'sandbox' });
    const res = await voidCall(placed.retref, m.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use tsys');
  });
});

it('never echoes the card number in any answer', async () => {
  const res = await auth(checkBody(a.merchantId, { cardNumber: APPROVED_CARD.number }));
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain(APPROVED_CARD.number);
});
