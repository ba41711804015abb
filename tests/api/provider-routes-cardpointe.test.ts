// The spec's cardPointe paths (docs/decisions/provider-routes.md), on the sandbox gateway standing
// in under the provider's name. Checklist: C7.56 (the store's provider), C7.57 (inquireByOrderID),
// C7.58/C7.60 (auth with `acount`, a card check of 0), C7.59 (the amount is the server's), C7.61
// (capture with amount, retref), C7.62 (void with retref).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CHECK_ONLY } from '../../src/contract/provider-routes.js';
import {
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { orders, paymentTransactions, sandboxLedger } from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import { FAKE_RECAPTCHA_SECRET, startFakeRecaptcha } from '../fakes/recaptcha.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { APPROVED_CARD, orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)
const payments = () =>
  createPaymentAdapters(testConfig(), {
    gateways: {
      cardPointe: createSandboxGateway({
        provider: 'cardPointe',
        capabilities: { flow: 'auth_capture', tipAdjust: 'capture' },
      }),
    },
  });

let t: App;
type Signed = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let a: Signed;
let b: Signed;

async function signedMerchant(app: App): Promise<Signed> {
  const m = await createMerchant(app.ctx.db, { ecommProvider: 'cardPointe' });
  return { ...m, cookie: await signInMerchant(app.app, m.merchantId, m.password) };
}

beforeAll(async () => {
  t = await createTestApp({ clock, adapters: { payments: payments() } });
  a = await signedMerchant(t);
  b = await signedMerchant(t);
});
afterAll(() => t.app.close());

const base = (m: { merchantId: string }) => `/api/cardPointes/merchantId/${m.merchantId}`;

/** The spec's auth body (C7.58), a card check of 0 with the sandbox's approved card. */
const checkBody = (over: Record<string, unknown> = {}) => ({
  acount: APPROVED_CARD.number,
  expiry: APPROVED_CARD.expiry,
  cvv2: APPROVED_CARD.cvv,
  amount: 0,
  postal: APPROVED_CARD.billingZip,
  address: APPROVED_CARD.billingStreet,
  name: 'Ada Diner',
  phone: '5551234567',
  email: 'ada@example.com',
  recaptchaToken: 'token',
  ...over,
});

let ip = 0;
/** Each diner call from its own address, so the per-IP limit is tested on its own. */
const auth = (app: App, m: { merchantId: string }, body: object, remoteAddress?: string) =>
  app.app.inject({
    method: 'POST',
    url: `${base(m)}/auth`,
    payload: body,
    remoteAddress: remoteAddress ?? `10.1.0.${++ip}`,
  });

const post = (m: Signed, op: string, body: object, cookie: string | null = m.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `${base(m)}/${op}`,
    payload: body,
    headers: cookie ? { cookie } : {},
  });

async function ledgerOf(merchantUuid: string) {
  return t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantId, merchantUuid));
}

async function ordersOf(merchantUuid: string) {
  return t.ctx.db.select().from(orders).where(eq(orders.merchantId, merchantUuid));
}

async function cardOrder(m: Signed) {
  const placed = await placeTestOrder(
    t.ctx,
    m.merchantId,
    orderDraft({ subtotalCents: 2000, taxCents: 140, tipsCents: 300 }),
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

describe('POST .../auth: the diner’s card check of 0 (C7.58, C7.60)', () => {
  it('authorises 0 on the store’s gateway and answers approved with brand and last four only', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'cardPointe' });
    const res = await auth(t, m, checkBody());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      approved: true,
      card: { brand: 'MC', last4: '5454' },
      message: null,
    });
    expect(res.body).not.toContain(APPROVED_CARD.number);
    // The gateway checked the card for 0; nothing of ours was written (no order, no charge).
    const ledger = await ledgerOf(m.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'verified', amountCents: 0, cardLast4: '5454' });
    expect(await ordersOf(m.id)).toEqual([]);
  });

  it('answers approved false for a declined card, with the reason', async () => {
    const res = await auth(t, a, checkBody({ acount: '4000000000000002' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      approved: false,
      card: { brand: 'VISA', last4: '0002' },
      message: 'The card was declined (Do not honor).',
    });
  });

  it('answers approved false and releases the check when the address does not match', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'cardPointe' });
    const res = await auth(t, m, checkBody({ postal: '99999' }));
    expect(res.json()).toMatchObject({
      approved: false,
      message: 'The billing address does not match the card.',
    });
    expect((await ledgerOf(m.id))[0]).toMatchObject({ status: 'voided', avsResult: 'N' });
  });

  it.each([1, 2440, -5, '1234'])(
    'refuses amount %s with a 400 naming amount, and calls no gateway (C7.59)',
    async (amount) => {
      const m = await createMerchant(t.ctx.db, { ecommProvider: 'cardPointe' });
      const res = await auth(t, m, checkBody({ amount }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_input',
        message: CARD_CHECK_ONLY,
        issues: [{ path: ['body', 'amount'], message: CARD_CHECK_ONLY }],
      });
      expect(await ledgerOf(m.id)).toEqual([]);
    },
  );

  it('refuses an amount with a point: the unit is cents', async () => {
    const res = await auth(t, a, checkBody({ amount: '0.00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['body', 'amount']);
  });

  it('names the spec’s card field `acount` when the card is missing or invalid', async () => {
    const { acount: _omit, ...without } = checkBody();
    const missing = await auth(t, a, without);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toEqual(['body', 'acount']);
    const invalid = await auth(t, a, checkBody({ acount: '4111111111111112', postal: 'x' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'Invalid credit card information provided.',
      issues: [
        { path: ['body', 'acount'], message: 'Invalid' },
        { path: ['body', 'postal'], message: 'Invalid' },
      ],
    });
  });

  it('answers 409 when the store does not use cardPointe (C7.56), and 404 for no store', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'cardPointe' });
    await setPaymentProvider(t.ctx, m.id, { provider: 'tsys' });
    const res = await auth(t, m, checkBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'This store does not use cardPointe',
    });
    expect(await ledgerOf(m.id)).toEqual([]);
    expect((await auth(t, { merchantId: 'no-such-store' }, checkBody())).statusCode).toBe(404);
  });

  it('is rate limited per IP like the other diner calls', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await auth(t, a, checkBody({ amount: 1 }), '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not held back.
    expect((await auth(t, a, checkBody({ amount: 1 }), '10.9.9.10')).statusCode).toBe(400);
  });
});

describe('POST .../auth with reCAPTCHA configured', () => {
  it('requires the body’s recaptchaToken to verify before any gateway call', async () => {
    const fake = await startFakeRecaptcha();
    const app = await createTestApp({
      clock,
      adapters: { payments: payments() },
      env: {
        RECAPTCHA_SECRET: FAKE_RECAPTCHA_SECRET,
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_VERIFY_URL: fake.verifyUrl,
      },
    });
    try {
      const m = await createMerchant(app.ctx.db, { ecommProvider: 'cardPointe' });
      const none = await auth(app, m, checkBody({ recaptchaToken: undefined }));
      expect(none.statusCode).toBe(403);
      const failed = await auth(app, m, checkBody({ recaptchaToken: 'fail#pc1' }));
      expect(failed.statusCode).toBe(403);
      const rows = await app.ctx.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.merchantId, m.id));
      expect(rows).toEqual([]);
      const passed = await auth(app, m, checkBody({ recaptchaToken: 'pass:card_payment:0.9#pc2' }));
      expect(passed.statusCode).toBe(200);
      expect(passed.json().approved).toBe(true);
      expect(new URLSearchParams(fake.requests.at(-1)!.body).get('response')).toBe(
        'pass:card_payment:0.9#pc2',
      );
    } finally {
      await app.app.close();
      await fake.close();
    }
  });
});

describe('GET .../inquireByOrderID/{id} (C7.57)', () => {
  it('answers the gateway’s status and amount of the merchant’s order, by _id or number, without card data', async () => {
    const placed = await cardOrder(a);
    for (const ref of [placed.orderId, String(placed.orderNumber)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base(a)}/inquireByOrderID/${ref}`,
        headers: { cookie: a.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        found: true,
        status: 'authorized',
        amountCents: 2440,
        tipCents: 300,
      });
    }
  });

  it('needs the merchant’s own session, and finds no other merchant’s order', async () => {
    const placed = await cardOrder(a);
    const url = `${base(a)}/inquireByOrderID/${placed.orderId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } })).statusCode,
    ).toBe(403);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${base(b)}/inquireByOrderID/${placed.orderId}`,
      headers: { cookie: b.cookie },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('POST .../capture (C7.61)', () => {
  it('captures the authorisation with the order’s own total and records it', async () => {
    const placed = await cardOrder(a);
    const res = await post(a, 'capture', { retref: placed.retref, amount: 2440 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: placed.orderId,
      amountCents: 2440,
      retref: placed.retref,
    });
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('captured');
    const [ledger] = await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.orderRef, placed.orderId));
    expect(ledger).toMatchObject({ status: 'captured', capturedCents: 2440 });
    const captures = await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, placed.orderId),
          eq(paymentTransactions.operation, 'capture'),
        ),
      );
    expect(captures).toMatchObject([
      { status: 'approved', amountCents: 2440, retref: placed.retref },
    ]);
    // Once: the authorisation is no longer open.
    const again = await post(a, 'capture', { retref: placed.retref });
    expect(again.statusCode).toBe(409);
    expect(again.json().issues[0].message).toBe('This payment is not an open authorisation');
  });

  it('captures the server’s total when no amount is sent, and refuses a different one (C7.59)', async () => {
    const placed = await cardOrder(a);
    const lower = await post(a, 'capture', { retref: placed.retref, amount: 100 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      message: 'Fail to capture payment',
      issues: [{ path: ['body', 'amount'], message: expect.stringContaining('2440 cents') }],
    });
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('authorized');
    const res = await post(a, 'capture', { retref: placed.retref });
    expect(res.statusCode).toBe(200);
    const [ledger] = await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.orderRef, placed.orderId));
    expect(ledger!.capturedCents).toBe(2440);
  });

  it('needs the merchant’s session (401/403) and finds no other merchant’s retref (404)', async () => {
    const placed = await cardOrder(a);
    expect((await post(a, 'capture', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post(a, 'capture', { retref: placed.retref }, b.cookie)).statusCode).toBe(403);
    const theirs = await post(b, 'capture', { retref: placed.retref });
    expect(theirs.statusCode).toBe(404);
    expect((await post(a, 'capture', { retref: '999999999999' })).statusCode).toBe(404);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('authorized');
  });
});

describe('POST .../void (C7.62)', () => {
  it('voids the merchant’s charge by retref under the void rules of /api/transactions', async () => {
    const placed = await cardOrder(a);
    const res = await post(a, 'void', { retref: placed.retref });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderId: placed.orderId, hasVoid: true, canVoid: false });
    expect(await orderRow(placed.orderId)).toMatchObject({ state: 'voided', hasVoid: true });
    const again = await post(a, 'void', { retref: placed.retref });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Fail to void order');
  });

  it('needs the merchant’s session and leaves another merchant’s charge alone', async () => {
    const placed = await cardOrder(a);
    expect((await post(a, 'void', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post(a, 'void', { retref: placed.retref }, b.cookie)).statusCode).toBe(403);
    expect((await post(b, 'void', { retref: placed.retref })).statusCode).toBe(404);
    expect((await orderRow(placed.orderId)).state).toBe('placed');
  });

  it('answers 409 once the store has moved to another provider', async () => {
    const m = await signedMerchant(t);
    const placed = await cardOrder(m);
    await setPaymentProvider(t.ctx, m.id, { provider: 'sandbox' });
    const res = await post(m, 'void', { retref: placed.retref });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use cardPointe');
    expect((await orderRow(placed.orderId)).state).toBe('placed');
  });
});
