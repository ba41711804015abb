// The merchant's transaction calls at the spec's paths, with the spec's void and tip rules
// re-checked on the server. Checklist: E3.57/C7.106 (transaction has retref), E3.58 (masked card),
// T4.58–T4.63 and P6.11/P6.14 (void and tip adjustment by provider, day and paid state),
// C7.107 (void sets hasVoid), C7.108 (amount = old total + tip delta), V5.69/V5.70 (adjusted tips),
// M8.16/M8.18/M8.19 ("Fail to adjust tips amount", "Fail to update transaction.", "Fail to void order").
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ProviderName,
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { merchants, orders, sandboxLedger } from '../../src/server/db/schema/index.js';
import {
  decryptCredentials,
  setPaymentProvider,
} from '../../src/server/modules/payments/credentials.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { APPROVED_CARD, orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)
let t: App;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        sandbox: { timeoutMs: 20 },
        gateways: {
          // Sandbox stand-ins speaking as each provider, with that provider's flow (see
          // docs/decisions/payments-core.md); the real adapters replace them in a later wave.
          cardPointe: createSandboxGateway({
            provider: 'cardPointe',
            capabilities: { flow: 'auth_capture', tipAdjust: 'capture' },
          }),
          tsys: createSandboxGateway({
            provider: 'tsys',
            capabilities: { flow: 'sale', tipAdjust: 'none' },
          }),
          tsys2: createSandboxGateway({
            provider: 'tsys2',
            capabilities: { flow: 'sale', tipAdjust: 'adjust' },
            verification: 'strict',
          }),
          // Capable of both at the gateway, yet the spec allows neither for this provider.
          authorizeNet: createSandboxGateway({
            provider: 'authorizeNet',
            capabilities: { flow: 'sale', tipAdjust: 'adjust' },
          }),
        },
      }),
    },
  });
});
afterAll(() => t.app.close());

const draft = () => orderDraft({ subtotalCents: 2000, taxCents: 140, tipsCents: 300 });

type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
const signedIn = new Map<ProviderName, SignedIn>();

/** One merchant per provider, signed in once (sign-in is rate limited per instance). */
async function merchantWith(provider: ProviderName): Promise<SignedIn> {
  const known = signedIn.get(provider);
  if (known) return known;
  const m = await createMerchant(t.ctx.db, { ecommProvider: provider });
  const cookie = await signInMerchant(t.app, m.merchantId, m.password);
  signedIn.set(provider, { ...m, cookie });
  return { ...m, cookie };
}

async function cardOrder(m: { merchantId: string }, cash = false) {
  return placeOrderWithPayment(t.ctx, {
    merchantId: m.merchantId,
    anonUserId: 'anon-m',
    idempotencyKey: randomUUID(),
    order: draft(),
    payment: cash
      ? { method: 'cash' }
      : {
          method: 'creditcard',
          card: { ...APPROVED_CARD },
        },
  });
}

const base = (m: { merchantId: string }) => `/api/transactions/merchantId/${m.merchantId}`;

async function getTx(m: { merchantId: string; cookie: string }, orderRef: string | number) {
  return t.app.inject({
    method: 'GET',
    url: `${base(m)}/orderId/${orderRef}`,
    headers: { cookie: m.cookie },
  });
}

async function voidTx(m: { merchantId: string; cookie: string }, transactionId: string) {
  return t.app.inject({
    method: 'PUT',
    url: `${base(m)}/transactionId/${transactionId}/void`,
    headers: { cookie: m.cookie },
  });
}

async function adjust(
  m: { merchantId: string; cookie: string },
  transactionId: string,
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'PUT',
    url: `${base(m)}/transactionId/${transactionId}`,
    headers: { cookie: m.cookie },
    payload: body,
  });
}

async function orderRow(id: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('GET .../orderId/{orderId} (E3.57, E3.58, C7.106)', () => {
  it('returns the order transaction with retref and a masked card, by _id or by order number', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    const byId = await getTx(m, placed.orderId);
    expect(byId.statusCode).toBe(200);
    const body = byId.json();
    expect(body).toMatchObject({
      transactionId: placed.transactionId,
      orderId: placed.orderId,
      orderNumber: expect.any(Number),
      amountCents: 2440,
      cardNumber: '************5454',
      cardType: 'MC',
      paid: true,
      hasVoid: false,
      canVoid: true,
      canAdjustTips: true,
    });
    expect(body.retref).toMatch(/^\d{12}$/);
    expect(JSON.stringify(body)).not.toContain('5454545454545454');
    expect((await getTx(m, placed.orderNumber!)).json().transactionId).toBe(placed.transactionId);
  });

  it('answers 404 for a cash order (no card transaction) and for another merchant’s order', async () => {
    const m = await merchantWith('sandbox');
    const other = await merchantWith('tsys');
    const cash = await cardOrder(m, true);
    expect((await getTx(m, cash.orderId)).statusCode).toBe(404);
    const theirs = await cardOrder(other);
    expect((await getTx(m, theirs.orderId)).statusCode).toBe(404);
    expect((await voidTx(m, theirs.transactionId!)).statusCode).toBe(404);
  });
});

describe('void (T4.58–T4.61, C7.107)', () => {
  it.each(['sandbox', 'cardPointe', 'tsys', 'tsys2'] as const)(
    'is allowed the same day for provider %s: the payment is voided and hasVoid set',
    async (provider) => {
      const m = await merchantWith(provider);
      const placed = await cardOrder(m);
      const res = await voidTx(m, placed.transactionId!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hasVoid: true, canVoid: false, canAdjustTips: false });
      expect(await orderRow(placed.orderId)).toMatchObject({
        state: 'voided',
        hasVoid: true,
        paymentStatus: 'voided',
        orderNumber: placed.orderNumber,
      });
      const [ledger] = await t.ctx.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.orderRef, placed.orderId));
      expect(ledger!.status).toBe('voided');
      // Once only.
      const again = await voidTx(m, placed.transactionId!);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Fail to void order');
    },
  );

  it('is refused for provider authorizeNet (not in the spec list), with "Fail to void order"', async () => {
    const m = await merchantWith('authorizeNet');
    const placed = await cardOrder(m);
    expect((await getTx(m, placed.orderId)).json()).toMatchObject({ canVoid: false });
    const res = await voidTx(m, placed.transactionId!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      message: 'Fail to void order',
      issues: [{ message: 'Void is not available for provider authorizeNet' }],
    });
    expect((await orderRow(placed.orderId)).hasVoid).toBe(false);
  });

  it('is refused the next day in the merchant’s time zone (P6.14)', async () => {
    const local = manualClock('2026-05-13T04:30:00Z'); // 23:30 on the 12th in Chicago
    const app = await createTestApp({ clock: local });
    try {
      const created = await createMerchant(app.ctx.db);
      const m = {
        ...created,
        cookie: await signInMerchant(app.app, created.merchantId, created.password),
      };
      const placed = await placeOrderWithPayment(app.ctx, {
        merchantId: m.merchantId,
        anonUserId: 'anon-day',
        idempotencyKey: randomUUID(),
        order: draft(),
        payment: {
          method: 'creditcard',
          card: {
            number: '4111111111111111',
            expiry: '1230',
            cvv: '123',
            billingStreet: '1 Main St',
            billingZip: '60601',
          },
        },
      });
      const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
        app.app.inject({
          method,
          url,
          headers: { cookie: m.cookie },
          ...(payload ? { payload } : {}),
        });
      local.advance(20 * 60_000); // 23:50, still the same day
      const today = await call('GET', `${base(m)}/orderId/${placed.orderId}`);
      expect(today.json()).toMatchObject({ canVoid: true, canAdjustTips: true });
      local.advance(20 * 60_000); // 00:10 on the 13th
      const res = await call('PUT', `${base(m)}/transactionId/${placed.transactionId}/void`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'Fail to void order',
        issues: [{ message: 'Only same-day orders can be changed' }],
      });
      const tips = await call('PUT', `${base(m)}/transactionId/${placed.transactionId}`, {
        adjustedTips: '5',
      });
      expect(tips.statusCode).toBe(409);
      expect(tips.json().message).toBe('Fail to adjust tips amount');
    } finally {
      await app.app.close();
    }
  });

  it('a void the gateway refuses answers "Fail to void order" and hasVoid stays false (M8.19)', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    await t.ctx.db
      .update(sandboxLedger)
      .set({ status: 'refunded' })
      .where(eq(sandboxLedger.orderRef, placed.orderId));
    const res = await voidTx(m, placed.transactionId!);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Fail to void order');
    expect(await orderRow(placed.orderId)).toMatchObject({ hasVoid: false, state: 'placed' });
  });
});

describe('tip adjustment (T4.62, T4.63, C7.108)', () => {
  it.each(['sandbox', 'cardPointe', 'tsys2'] as const)(
    'is allowed the same day for provider %s: amount = old total + tip delta',
    async (provider) => {
      const m = await merchantWith(provider);
      const placed = await cardOrder(m);
      const res = await adjust(m, placed.transactionId!, {
        adjustedTips: '5.25',
        amountCents: 2665,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ amountCents: 2440 - 300 + 525, tipCents: 525 });
      expect(await orderRow(placed.orderId)).toMatchObject({ tipsCents: 525, totalCents: 2665 });
      const [ledger] = await t.ctx.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.orderRef, placed.orderId));
      expect(ledger).toMatchObject({ amountCents: 2665, tipCents: 525 });
    },
  );

  it('cardPointe captures the new total once, so a second adjustment is refused', async () => {
    const m = await merchantWith('cardPointe');
    const placed = await cardOrder(m);
    expect((await adjust(m, placed.transactionId!, { adjustedTips: 4 })).statusCode).toBe(200);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('captured');
    const again = await adjust(m, placed.transactionId!, { adjustedTips: 6 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Fail to adjust tips amount');
  });

  it('is refused for provider tsys (void only) with "Fail to adjust tips amount"', async () => {
    const m = await merchantWith('tsys');
    const placed = await cardOrder(m);
    expect((await getTx(m, placed.orderId)).json()).toMatchObject({
      canVoid: true,
      canAdjustTips: false,
    });
    const res = await adjust(m, placed.transactionId!, { adjustedTips: '2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Fail to adjust tips amount',
      issues: [{ message: 'Tip adjustment is not available for provider tsys' }],
    });
  });

  it('empty adjusted tips answer "Adjusted Tips can not be empty"; non-numeric ones "Invalid" (V5.69, V5.70)', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    for (const body of [{}, { adjustedTips: '' }, { adjustedTips: '  ' }, { adjustedTips: null }]) {
      const res = await adjust(m, placed.transactionId!, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Adjusted Tips can not be empty');
    }
    const bad = await adjust(m, placed.transactionId!, { adjustedTips: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid');
    expect((await orderRow(placed.orderId)).tipsCents).toBe(300);
  });

  it('an amount that is not the server’s new total answers "Fail to update transaction." and changes nothing', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    const res = await adjust(m, placed.transactionId!, { adjustedTips: '1', amountCents: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Fail to update transaction.');
    expect((await orderRow(placed.orderId)).totalCents).toBe(2440);
  });

  it('cannot touch a voided order', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    expect((await voidTx(m, placed.transactionId!)).statusCode).toBe(200);
    expect((await adjust(m, placed.transactionId!, { adjustedTips: 1 })).statusCode).toBe(409);
  });
});

describe('capture policy (docs/decisions/payments-core.md)', () => {
  it('the end-of-day sweep captures yesterday’s authorisations with their adjusted totals', async () => {
    const m = await merchantWith('sandbox');
    const placed = await cardOrder(m);
    expect((await adjust(m, placed.transactionId!, { adjustedTips: '10' })).statusCode).toBe(200);
    await runPaymentJobs(t.ctx);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('authorized');
    clock.advance(24 * 60 * 60_000);
    await runPaymentJobs(t.ctx);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('captured');
    const [ledger] = await t.ctx.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.orderRef, placed.orderId));
    expect(ledger).toMatchObject({ status: 'captured', capturedCents: 2440 - 300 + 1000 });
  });

  it('sale providers (tsys2) are captured at placement', async () => {
    const m = await merchantWith('tsys2');
    const placed = await cardOrder(m);
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: 'captured' });
  });
});

describe('credentials', () => {
  it('are stored encrypted per merchant, readable by the core only, and never returned', async () => {
    const m = await createMerchant(t.ctx.db);
    const secret = { merchid: '496160873888', apiPassword: 'S3cret-Pass-Word-9' };
    await setPaymentProvider(t.ctx, m.id, { provider: 'cardPointe', credentials: secret });
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
    expect(row!.ecommProvider).toBe('cardPointe');
    expect(row!.paymentCredentials!.toString('latin1')).not.toContain('S3cret');
    expect(decryptCredentials(t.ctx.config.credentialsKey, m.id, row!.paymentCredentials!)).toEqual(
      secret,
    );
    // Bound to its merchant: another merchant's id does not open it.
    expect(() =>
      decryptCredentials(t.ctx.config.credentialsKey, randomUUID(), row!.paymentCredentials!),
    ).toThrow();
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/businessInfos/merchantId/${m.merchantId}/businessInfo`,
    });
    expect(info.body).not.toContain('S3cret');
    expect(info.body).not.toContain('496160873888');
  });
});
