// Recovery of an unknown card outcome by each provider's own path (docs/decisions/
// payment-gateways.md "Recovery"): a provider without a look-up by our order id voids an approval
// whose transaction id it holds, and otherwise fails the order with its payment flagged 'unknown'
// for the merchant; a provider whose look-up keeps failing releases by order id once the order is
// past its place deadline. Stand-ins: the sandbox gateway with its look-up taken away (the real
// adapters' own recovery calls are tested against their fakes).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayUnknownOutcome,
  type PaymentGateway,
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import {
  merchants,
  orders,
  paymentTransactions,
  sandboxLedger,
} from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { createMerchant } from '../support/fixtures.js';
import { strandedCardOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T16:00:00Z');
let t: App;

/** tsys-like: no look-up by our order id (recovery 'flag'). */
const { inquireByOrder: _noLookup, ...withoutLookup } = createSandboxGateway({
  provider: 'tsys',
  timeoutMs: 20,
  capabilities: { recovery: 'flag' },
});
const flagGateway: PaymentGateway = withoutLookup;

/** cardPointe-like: a look-up that keeps failing, and a void by order id. */
const sandboxForVoid = createSandboxGateway({ provider: 'cardPointe', timeoutMs: 20 });
const voidedByOrder: string[] = [];
let lookupFails = true;
const lookupGateway: PaymentGateway = {
  ...sandboxForVoid,
  async inquireByOrder(env, req) {
    if (lookupFails) throw new GatewayUnknownOutcome('look-up timed out');
    return sandboxForVoid.inquireByOrder!(env, req);
  },
  async voidByOrder(env, req) {
    voidedByOrder.push(req.orderRef);
    const found = await sandboxForVoid.inquireByOrder!(env, req);
    if (found.found)
      await sandboxForVoid.void(env, { retref: found.result.retref, orderRef: req.orderRef });
  },
};

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        sandbox: { timeoutMs: 20 },
        gateways: { tsys: flagGateway, cardPointe: lookupGateway },
      }),
    },
  });
});
afterAll(() => t.app.close());

const card = (number = '4111111111111111') => ({
  number,
  expiry: '1230',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '10001',
});

async function merchantOn(provider: 'tsys' | 'cardPointe') {
  const m = await createMerchant(t.ctx.db);
  await setPaymentProvider(t.ctx, m.id, { provider, credentials: { any: 'x' } });
  return m;
}

function send(merchantId: string, number: string) {
  return placeOrderWithPayment(t.ctx, {
    merchantId,
    anonUserId: `anon-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    order: {
      orderMethod: 'pickup',
      amounts: {
        subtotalCents: 1000,
        taxCents: 70,
        tipsCents: 0,
        fixedTipsCents: 0,
        discountCents: 0,
        processingFeeCents: 0,
        serviceFeeCents: 0,
        deliveryFeeCents: 0,
        roomServiceDeliveryFeeCents: 0,
        totalCents: 1070,
      },
      customer: { customerName: 'Ada Diner', phone: '5551234567' },
      lines: [{ name: 'Pancakes', unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 }],
    },
    payment: { method: 'creditcard', card: card(number) },
  });
}

const orderRow = async (id: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chargesOf = (id: string) =>
  t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id));
const ledgerOf = (id: string) =>
  t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.orderRef, id));

describe('a provider without a look-up by our order id (recovery: flag)', () => {
  it('fails a timed-out order and flags its payment unknown for the merchant, once due', async () => {
    const m = await merchantOn('tsys');
    const res = await send(m.merchantId, '4999006200620062'); // approved, then the answer is lost
    expect(res.state).toBe('awaiting_payment');
    await runPaymentJobs(t.ctx);
    expect((await orderRow(res.orderId)).state).toBe('awaiting_payment'); // not yet due
    clock.advance(3 * 60_000);
    await runPaymentJobs(t.ctx);
    const order = await orderRow(res.orderId);
    expect(order).toMatchObject({
      state: 'failed',
      paymentStatus: 'unknown',
      failureCode: 'upstream_unavailable',
    });
    expect(order.failureReason).toMatch(/could not confirm your card payment/);
    const [charge] = await chargesOf(res.orderId);
    expect(charge).toMatchObject({ status: 'unknown' });
    expect(charge!.message).toMatch(/gateway portal/);
  });

  it('voids an approval whose placement threw at once, by its transaction id, and fails the order', async () => {
    const m = await merchantOn('tsys');
    const hook = async () => {
      throw new Error('hook trouble');
    };
    t.ctx.hooks.orderPlaced.push(hook);
    try {
      await expect(send(m.merchantId, '4111111111111111')).rejects.toMatchObject({
        code: 'payment_declined',
      });
    } finally {
      t.ctx.hooks.orderPlaced.splice(t.ctx.hooks.orderPlaced.indexOf(hook), 1);
    }
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.merchantId, m.id));
    expect(order).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
    expect((await ledgerOf(order!.id))[0]!.status).toBe('voided');
  });

  it('voids by its transaction id an approval left awaiting (placing and failing it could not be written)', async () => {
    const m = await merchantOn('tsys');
    const stranded = await strandedCardOrder(t.ctx, m.id);
    const [pending] = await chargesOf(stranded.id);
    expect(pending!.retref).toBeTruthy(); // the approval's transaction id was kept
    await runPaymentJobs(t.ctx);
    expect(await orderRow(stranded.id)).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
    expect((await ledgerOf(stranded.id))[0]!.status).toBe('voided');
  });
});

describe('a provider whose look-up keeps failing (recovery: inquire, with void by order id)', () => {
  it('leaves the order while it could still be placed, then voids by order id and fails it', async () => {
    const m = await merchantOn('cardPointe');
    lookupFails = true;
    const res = await send(m.merchantId, '4999006200620062');
    expect(res.state).toBe('awaiting_payment');
    clock.advance(3 * 60_000);
    await runPaymentJobs(t.ctx);
    expect((await orderRow(res.orderId)).state).toBe('awaiting_payment');
    expect(voidedByOrder).not.toContain(res.orderId);
    clock.advance(30 * 60_000);
    await runPaymentJobs(t.ctx);
    expect(voidedByOrder).toContain(res.orderId);
    expect(await orderRow(res.orderId)).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
    expect((await ledgerOf(res.orderId))[0]!.status).toBe('voided');
  });
});

describe('the sweeps go on past one merchant’s trouble', () => {
  it('captures the other merchants’ orders when one merchant’s credentials cannot be read', async () => {
    const broken = await merchantOn('tsys');
    const fine = await merchantOn('tsys');
    const a = await send(broken.merchantId, '4111111111111111');
    const b = await send(fine.merchantId, '4111111111111111');
    expect([a.state, b.state]).toEqual(['placed', 'placed']);
    // Credentials under another key (a rotated CREDENTIALS_KEY, a damaged row).
    await t.ctx.db
      .update(merchants)
      .set({ paymentCredentials: Buffer.alloc(64, 7) })
      .where(eq(merchants.id, broken.id));
    clock.advance(24 * 60 * 60_000);
    const report = await runPaymentJobs(t.ctx);
    expect(report!.captured).toBeGreaterThanOrEqual(1);
    expect((await orderRow(b.orderId)).paymentStatus).toBe('captured');
    expect((await orderRow(a.orderId)).paymentStatus).toBe('authorized');
  });
});
