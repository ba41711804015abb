// The spec's tsys2 paths under /api/tsyses2 (docs/decisions/provider-routes.md): card checks on
// the sandbox gateway standing in as tsys2 (a sale provider with strict verification), GenerateKey
// against the local TransIT fake. Checklist: C7.71 (generateKey never answers the key), C7.72
// (the browser sends neither key nor amount), C7.73 (void), C7.74 (return), C7.75
// (transactionAdjustment refused), C7.76 (tipAdjustment with adjustedTips, retref), C7.77
// (response objects), C7.79–C7.80 (AVS / CVV verification), C7.56 (the store's provider).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CHECK_ONLY } from '../../src/contract/provider-routes.js';
import { TRANSACTION_KEY_NOT_SENT } from '../../src/contract/provider-routes-tsys2.js';
import {
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import {
  merchantAudit,
  merchants,
  paymentTransactions,
  sandboxLedger,
} from '../../src/server/db/schema/index.js';
import {
  decryptCredentials,
  setPaymentProvider,
} from '../../src/server/modules/payments/credentials.js';
import { FAKE_TRANSIT, type FakeTransit, startTransitFake } from '../fakes/transit.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)
let t: App;
let transit: FakeTransit;
type Signed = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let a: Signed;
let b: Signed;

async function signedMerchant(provider: 'tsys2' | 'tsys' | 'cardPointe' | 'sandbox' = 'tsys2') {
  const m = await createMerchant(t.ctx.db, { ecommProvider: provider });
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

beforeAll(async () => {
  transit = await startTransitFake();
  t = await createTestApp({
    clock,
    env: { RATE_LIMIT_MULTIPLIER: '100', TRANSIT_BASE_URL: transit.baseUrl },
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        gateways: {
          tsys2: createSandboxGateway({
            provider: 'tsys2',
            capabilities: { flow: 'sale', tipAdjust: 'adjust' },
            verification: 'strict',
          }),
        },
      }),
    },
  });
  a = await signedMerchant();
  b = await signedMerchant();
});
afterAll(async () => {
  await t.app.close();
  await transit.close();
});

const post = (op: string, body: object | undefined, cookie: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tsyses2/${op}`,
    ...(body ? { payload: body } : {}),
    headers: cookie ? { cookie } : {},
  });

const saleBody = (merchantId: string, over: Record<string, unknown> = {}) => ({
  merchantId,
  cardNumber: '4111111111111111',
  expirationDate: '1230',
  cvv2: '123',
  addressLine1: '1 Main St',
  zip: '60601',
  amount: 0,
  recaptchaToken: 'token',
  ...over,
});

async function cardOrder(m: { merchantId: string }) {
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

async function ledgerOfOrder(orderId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(sandboxLedger)
    .where(eq(sandboxLedger.orderRef, orderId));
  return row!;
}

const RESPONSE_KEYS = [
  'authCode',
  'cardType',
  'responseCode',
  'responseMessage',
  'status',
  'totalAmount',
  'transactionID',
];

describe('POST /api/tsyses2/sale: the diner’s card check of 0 (C7.72, C7.77)', () => {
  it('answers approved with a SaleResponse carrying the spec’s fields', async () => {
    const res = await post('sale', saleBody(a.merchantId), null);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      approved: true,
      card: { brand: 'VISA', last4: '1111' },
      message: null,
      SaleResponse: {
        status: 'PASS',
        responseCode: '00',
        transactionID: expect.stringMatching(/^\d{12}$/),
        authCode: expect.any(String),
        cardType: 'VISA',
        totalAmount: 0,
      },
    });
    expect(Object.keys(body.SaleResponse).sort()).toEqual(RESPONSE_KEYS);
  });

  it('answers FAIL with the gateway’s code for a declined card', async () => {
    const res = await post(
      'sale',
      saleBody(a.merchantId, { cardNumber: '4000000000000002' }),
      null,
    );
    expect(res.json()).toMatchObject({
      approved: false,
      SaleResponse: { status: 'FAIL', responseCode: '05', transactionID: null },
    });
  });

  it.each([
    [
      'address verification is not Y (C7.79)',
      { zip: '99999' },
      'The billing address does not match the card.',
    ],
    [
      'CVV verification is not M or P (C7.80)',
      { cvv2: '999' },
      'The card security code (CVV) does not match.',
    ],
  ])('is not approved, and the check is voided, when %s', async (_why, over, message) => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys2' });
    const res = await post('sale', saleBody(m.merchantId, over), null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approved: false, message });
    const rows = await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.merchantId, m.id));
    expect(rows).toMatchObject([{ status: 'voided', amountCents: 0 }]);
  });

  it('refuses a transactionKey from the browser, naming it, before any gateway call (C7.72)', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'tsys2' });
    const res = await post(
      'sale',
      saleBody(m.merchantId, { transactionKey: FAKE_TRANSIT.transactionKey }),
      null,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'transactionKey'], message: TRANSACTION_KEY_NOT_SENT },
    ]);
    expect(
      await t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantId, m.id)),
    ).toEqual([]);
  });

  it('refuses any amount but 0: orders are charged by send order (C7.59, C7.72)', async () => {
    const res = await post('sale', saleBody(a.merchantId, { amount: '2440' }), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CARD_CHECK_ONLY,
      issues: [{ path: ['body', 'amount'] }],
    });
  });

  it('answers 409 for a store that does not use tsys2', async () => {
    const other = await createMerchant(t.ctx.db, { ecommProvider: 'tsys' });
    const res = await post('sale', saleBody(other.merchantId), null);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use tsys2');
  });
});

describe('POST /api/tsyses2/void (C7.73, C7.77)', () => {
  it('voids the merchant’s sale and answers a VoidResponse', async () => {
    const placed = await cardOrder(a);
    const res = await post('void', { retref: placed.retref }, a.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.VoidResponse).sort()).toEqual(RESPONSE_KEYS);
    expect(body).toMatchObject({
      VoidResponse: {
        status: 'PASS',
        responseCode: '00',
        transactionID: placed.retref,
        cardType: 'MC',
        totalAmount: 2440,
      },
      transaction: { orderId: placed.orderId, hasVoid: true },
    });
    expect((await ledgerOfOrder(placed.orderId)).status).toBe('voided');
  });

  it('needs the merchant’s session; another merchant’s retref is not found', async () => {
    const placed = await cardOrder(a);
    expect((await post('void', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post('void', { retref: placed.retref }, b.cookie)).statusCode).toBe(404);
    expect((await ledgerOfOrder(placed.orderId)).status).toBe('captured');
  });
});

describe('POST /api/tsyses2/tipAdjustment (C7.76, C7.77)', () => {
  it('replaces the tip and answers a TipAdjustmentResponse with the new total', async () => {
    const placed = await cardOrder(a);
    const res = await post(
      'tipAdjustment',
      { retref: placed.retref, adjustedTips: '5.25' },
      a.cookie,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.TipAdjustmentResponse).sort()).toEqual(
      [...RESPONSE_KEYS, 'tip'].sort(),
    );
    expect(body).toMatchObject({
      TipAdjustmentResponse: { status: 'PASS', totalAmount: 2665, tip: 525, cardType: 'MC' },
      transaction: { amountCents: 2665, tipCents: 525 },
    });
    expect(await ledgerOfOrder(placed.orderId)).toMatchObject({ amountCents: 2665, tipCents: 525 });
  });

  it('ignores an amount in the body: the total is the server’s', async () => {
    const placed = await cardOrder(a);
    const res = await post(
      'tipAdjustment',
      { retref: placed.retref, adjustedTips: 1, amount: 1 },
      a.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().TipAdjustmentResponse.totalAmount).toBe(2240);
  });

  it('needs the merchant’s session; another merchant’s retref is not found', async () => {
    const placed = await cardOrder(a);
    const body = { retref: placed.retref, adjustedTips: 9 };
    expect((await post('tipAdjustment', body, null)).statusCode).toBe(401);
    expect((await post('tipAdjustment', body, b.cookie)).statusCode).toBe(404);
    expect((await ledgerOfOrder(placed.orderId)).tipCents).toBe(300);
  });
});

describe('POST /api/tsyses2/return (C7.74, C7.77)', () => {
  it('returns the whole order total once and records a refund row', async () => {
    const placed = await cardOrder(a);
    const res = await post('return', { retref: placed.retref, amount: 2440 }, a.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.ReturnResponse).sort()).toEqual(
      [...RESPONSE_KEYS, 'returnedAmount'].sort(),
    );
    expect(body.ReturnResponse).toMatchObject({
      status: 'PASS',
      totalAmount: 2440,
      returnedAmount: 2440,
    });
    expect(await ledgerOfOrder(placed.orderId)).toMatchObject({
      status: 'refunded',
      refundedCents: 2440,
    });
    const refunds = await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, placed.orderId),
          eq(paymentTransactions.operation, 'refund'),
        ),
      );
    expect(refunds).toMatchObject([{ status: 'approved', amountCents: 2440 }]);
    const again = await post('return', { retref: placed.retref }, a.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().issues[0].message).toBe('This payment was already returned');
  });

  it('refuses an amount other than the order total, naming amount (C7.59)', async () => {
    const placed = await cardOrder(a);
    const res = await post('return', { retref: placed.retref, amount: 5000 }, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().issues).toEqual([
      {
        path: ['body', 'amount'],
        message: 'The amount of this order is 2440 cents: the server uses its own amount',
      },
    ]);
    expect((await ledgerOfOrder(placed.orderId)).refundedCents).toBe(0);
  });

  it('needs the merchant’s session; another merchant’s retref is not found', async () => {
    const placed = await cardOrder(a);
    expect((await post('return', { retref: placed.retref }, null)).statusCode).toBe(401);
    expect((await post('return', { retref: placed.retref }, b.cookie)).statusCode).toBe(404);
    expect((await ledgerOfOrder(placed.orderId)).refundedCents).toBe(0);
  });
});

describe('POST /api/tsyses2/transactionAdjustment (C7.75)', () => {
  it('is refused: TransIT documents no such operation; tip adjustment is the way', async () => {
    const res = await post('transactionAdjustment', { retref: '123', amount: 100 }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'TSYS does not support transaction adjustment; use tip adjustment',
    );
    expect((await post('transactionAdjustment', {}, null)).statusCode).toBe(401);
  });
});

describe('POST /api/tsyses2/generateKey (C7.71)', () => {
  const login = {
    mid: FAKE_TRANSIT.mid,
    userId: FAKE_TRANSIT.userId,
    password: FAKE_TRANSIT.password,
    deviceId: FAKE_TRANSIT.deviceId,
    environment: 'stage' as const,
  };

  async function storedCredentials(merchantUuid: string) {
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, merchantUuid));
    return {
      provider: row!.ecommProvider,
      credentials: decryptCredentials(
        t.ctx.config.credentialsKey,
        merchantUuid,
        row!.paymentCredentials!,
      ),
    };
  }

  it('keeps the new key with the store’s credentials and answers only success', async () => {
    const m = await signedMerchant();
    const before = new Set(transit.keys);
    const res = await post('generateKey', login, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const issued = [...transit.keys].filter((k) => !before.has(k));
    expect(issued).toHaveLength(1);
    expect(res.body).not.toContain(issued[0]);
    expect(transit.calls.at(-1)).toMatchObject({
      op: 'GenerateKey',
      fields: { mid: login.mid, userID: login.userId, deviceID: login.deviceId },
    });
    expect(await storedCredentials(m.id)).toEqual({
      provider: 'tsys2',
      credentials: { deviceId: login.deviceId, transactionKey: issued[0], environment: 'stage' },
    });
    // The audit says who set credentials; never the key or the password.
    const audit = await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(eq(merchantAudit.merchantId, m.id));
    expect(audit).toMatchObject([{ action: 'payment_credentials' }]);
    expect(JSON.stringify(audit)).not.toContain(issued[0]);
    expect(JSON.stringify(audit)).not.toContain(login.password);
  });

  it('answers 400 when TransIT refuses the login, without repeating the password', async () => {
    const m = await signedMerchant();
    transit.knobs.echoPasswordOnFail = true;
    try {
      const res = await post('generateKey', { ...login, password: 'Wrong-Pass-1' }, m.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('TransIT refused the key request');
      expect(res.body).not.toContain('Wrong-Pass-1');
    } finally {
      transit.knobs.echoPasswordOnFail = false;
    }
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row!.paymentCredentials).toBeNull();
  });

  it('is for a merchant’s session only, and only for a TransIT store', async () => {
    const calls = transit.calls.length;
    expect((await post('generateKey', login, null)).statusCode).toBe(401);
    const other = await signedMerchant('cardPointe');
    const res = await post('generateKey', login, other.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store does not use tsys2');
    expect(transit.calls.length).toBe(calls);
  });

  it('stores the key for a tsys store as its tsys credentials', async () => {
    const m = await signedMerchant('tsys');
    expect((await post('generateKey', login, m.cookie)).statusCode).toBe(200);
    expect((await storedCredentials(m.id)).provider).toBe('tsys');
  });

  it('gives a store on another gateway its first TransIT key and switches it, when asked for that provider', async () => {
    const m = await signedMerchant('sandbox');
    const res = await post('generateKey', { ...login, provider: 'tsys2' }, m.cookie);
    expect(res.statusCode).toBe(200);
    expect((await storedCredentials(m.id)).provider).toBe('tsys2');
  });

  it('switches nothing for another merchant', async () => {
    await setPaymentProvider(t.ctx, b.id, { provider: 'tsys2', credentials: null });
    expect((await post('generateKey', login, a.cookie)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, b.id));
    expect(row!.paymentCredentials).toBeNull();
  });
});
