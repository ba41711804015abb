// Card payments to check (docs/decisions/merchant-dashboard.md "Payments to check"): the orders the
// reconciler failed with their payment 'unknown' (a provider without a look-up by our order id),
// listed for their merchant, and the merchant's word on what the gateway's portal showed, recorded
// once and audited. Checklist: P6.14 (every transactions call needs that merchant's session; the
// rule re-checked on the server), P6.10 (a merchant reaches only its own orders). The unknown
// outcome is produced as in payments-recovery.test.ts: the sandbox without its look-up, speaking
// as tsys, and the card whose approval is lost.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { merchantAudit, orders, paymentTransactions } from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T16:00:00Z');
let t: App;

/** tsys-like: no look-up by our order id (recovery 'flag'), as in payments-recovery.test.ts. */
const { inquireByOrder: _noLookup, ...withoutLookup } = createSandboxGateway({
  provider: 'tsys',
  timeoutMs: 20,
  capabilities: { recovery: 'flag' },
});
const flagGateway: PaymentGateway = withoutLookup;

/** The sandbox approves this card, then the answer is lost (a timeout). */
const LOST_ANSWER = '4999006200620062';
const APPROVED = '4111111111111111';

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: {
      payments: createPaymentAdapters(testConfig(), {
        sandbox: { timeoutMs: 20 },
        gateways: { tsys: flagGateway },
      }),
    },
  });
});
afterAll(() => t.app.close());

type Merchant = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

async function merchant(): Promise<Merchant> {
  const m = await createMerchant(t.ctx.db);
  await setPaymentProvider(t.ctx, m.id, { provider: 'tsys', credentials: { any: 'x' } });
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

function send(m: Merchant, number: string, customerName = 'Ada Diner') {
  const draft = orderDraft({ taxCents: 70, phone: '5551234567' });
  return placeOrderWithPayment(t.ctx, {
    merchantId: m.merchantId,
    anonUserId: `anon-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    order: { ...draft, customer: { ...draft.customer, customerName } },
    payment: {
      method: 'creditcard',
      card: { number, expiry: '1230', cvv: '123', billingStreet: '1 Main St', billingZip: '10001' },
    },
  });
}

const orderRow = async (id: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chargeOf = async (id: string) =>
  (
    await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, id),
          inArray(paymentTransactions.operation, ['auth', 'sale']),
        ),
      )
  )[0]!;
const auditOf = (id: string) =>
  t.ctx.db.select().from(merchantAudit).where(eq(merchantAudit.orderId, id));

/** An order of `m` failed by the reconciler with its card outcome unknown. */
async function unknownOrder(m: Merchant, customerName?: string): Promise<string> {
  const res = await send(m, LOST_ANSWER, customerName);
  expect(res.state).toBe('awaiting_payment');
  clock.advance(3 * 60_000);
  await runPaymentJobs(t.ctx);
  expect(await orderRow(res.orderId)).toMatchObject({ state: 'failed', paymentStatus: 'unknown' });
  return res.orderId;
}

const base = (m: { merchantId: string }) => `/api/transactions/merchantId/${m.merchantId}`;

function list(m: { merchantId: string }, cookie: string) {
  return t.app.inject({
    method: 'GET',
    url: `${base(m)}/paymentChecks`,
    headers: cookie ? { cookie } : {},
  });
}

function resolve(m: { merchantId: string }, cookie: string, orderId: string, outcome: string) {
  return t.app.inject({
    method: 'PUT',
    url: `${base(m)}/paymentChecks/${orderId}`,
    headers: cookie ? { cookie } : {},
    payload: { outcome },
  });
}

interface Check {
  _id: string;
  createdAt: string;
  provider: string;
  amountCents: number;
  customerName: string;
  phone: string;
  cardLast4: string | null;
  reason: string;
}
const checksOf = async (m: Merchant) => {
  const res = await list(m, m.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { checks: Check[] }).checks;
};

describe('the list of card payments to check', () => {
  it("lists only the merchant's own unknown payments, newest first, with what the portal needs", async () => {
    const a = await merchant();
    const b = await merchant();
    const older = await unknownOrder(a, 'Grace Older');
    const placed = await send(a, APPROVED);
    expect(placed.state).toBe('placed');
    const othersUnknown = await unknownOrder(b);
    const newer = await unknownOrder(a, 'Alan Newer');

    const checks = await checksOf(a);
    expect(checks.map((c) => c._id)).toEqual([newer, older]);
    expect(checks).not.toContainEqual(expect.objectContaining({ _id: placed.orderId }));
    expect(checks).not.toContainEqual(expect.objectContaining({ _id: othersUnknown }));
    const created = (await orderRow(newer)).createdAt;
    expect(checks[0]).toEqual({
      _id: newer,
      createdAt: created.toISOString(),
      provider: 'tsys',
      amountCents: 1070,
      customerName: 'Alan Newer',
      phone: '5551234567',
      cardLast4: null,
      reason: expect.stringMatching(/gateway portal/),
    });
    expect(new Date(checks[1]!.createdAt).getTime()).toBeLessThan(created.getTime());
    expect((await checksOf(b)).map((c) => c._id)).toEqual([othersUnknown]);
  });

  it('lists at most 100, the newest, whatever their age', async () => {
    const a = await merchant();
    const first = await unknownOrder(a);
    const row = await orderRow(first);
    // 105 more of the same order, a day apart going back: copies, not 105 trips to the gateway.
    const copies = Array.from({ length: 105 }, (_, i) => ({
      ...row,
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      createdAt: new Date(row.createdAt.getTime() - (i + 1) * 86_400_000),
    }));
    await t.ctx.db.insert(orders).values(copies);
    const checks = await checksOf(a);
    expect(checks).toHaveLength(100);
    expect(checks[0]!._id).toBe(first);
    expect(checks[99]!._id).toBe(copies[98]!.id); // 99 days back, the oldest of the hundred
    // A copy has no charge row: the order's own provider and total stand in.
    expect(checks[1]).toMatchObject({ provider: 'tsys', amountCents: 1070, cardLast4: null });
  });

  it('answers an empty list to a merchant with nothing to check', async () => {
    const a = await merchant();
    await send(a, APPROVED);
    expect(await checksOf(a)).toEqual([]);
  });
});

describe("the merchant's word on a payment to check", () => {
  it("records 'not charged': payment none, the charge checked, audited, gone from the list; a second answer is refused (409)", async () => {
    const a = await merchant();
    const id = await unknownOrder(a);
    const res = await resolve(a, a.cookie, id, 'not_charged');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: id, outcome: 'not_charged', paymentStatus: 'none' });
    expect(await orderRow(id)).toMatchObject({ state: 'failed', paymentStatus: 'none' });
    const charge = await chargeOf(id);
    expect(charge.status).toBe('error');
    expect(charge.message).toMatch(/^Checked by the merchant: not charged/);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'payment_check',
      merchantId: a.id,
      detail: {
        outcome: 'not_charged',
        paymentStatus: { before: 'unknown', after: 'none' },
        provider: 'tsys',
        amountCents: 1070,
      },
    });
    expect(audit[0]!.sessionRef).toMatch(/^[0-9a-f]{16}$/);
    expect(await checksOf(a)).toEqual([]);

    const again = await resolve(a, a.cookie, id, 'released');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'This card payment was already checked, or its outcome is known',
    });
    expect((await orderRow(id)).paymentStatus).toBe('none');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("records 'released': payment voided and the charge checked", async () => {
    const a = await merchant();
    const id = await unknownOrder(a);
    const res = await resolve(a, a.cookie, id, 'released');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: id, outcome: 'released', paymentStatus: 'voided' });
    expect(await orderRow(id)).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
    const charge = await chargeOf(id);
    expect(charge.status).toBe('error');
    expect(charge.message).toMatch(/^Checked by the merchant: charge released/);
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'payment_check',
      detail: { outcome: 'released', paymentStatus: { before: 'unknown', after: 'voided' } },
    });
  });

  it('lets only one of two answers sent at once win', async () => {
    const a = await merchant();
    const id = await unknownOrder(a);
    const answers = await Promise.all([
      resolve(a, a.cookie, id, 'not_charged'),
      resolve(a, a.cookie, id, 'released'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as { paymentStatus: string };
    expect((await orderRow(id)).paymentStatus).toBe(won.paymentStatus);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses an order whose outcome is known (409), an unknown id (404) and a bad outcome (400)', async () => {
    const a = await merchant();
    const placed = await send(a, APPROVED);
    const known = await resolve(a, a.cookie, placed.orderId, 'not_charged');
    expect(known.statusCode).toBe(409);
    expect((await orderRow(placed.orderId)).paymentStatus).toBe('authorized');
    expect((await resolve(a, a.cookie, randomUUID(), 'not_charged')).statusCode).toBe(404);
    const id = await unknownOrder(a);
    expect((await resolve(a, a.cookie, id, 'refunded')).statusCode).toBe(400);
    expect((await orderRow(id)).paymentStatus).toBe('unknown');
  });
});

describe("another merchant's payments to check (P6.10, P6.14)", () => {
  it('refuses them to anyone but their merchant', async () => {
    const a = await merchant();
    const b = await merchant();
    const id = await unknownOrder(a);
    // Another merchant's session, or none, on A's paths.
    expect((await list(a, b.cookie)).statusCode).toBe(403);
    expect((await list(a, '')).statusCode).toBe(401);
    expect((await resolve(a, b.cookie, id, 'not_charged')).statusCode).toBe(403);
    expect((await resolve(a, '', id, 'not_charged')).statusCode).toBe(401);
    // B on its own path naming A's order: not B's to check.
    const viaOwnPath = await resolve(b, b.cookie, id, 'not_charged');
    expect(viaOwnPath.statusCode).toBe(404);
    expect(await orderRow(id)).toMatchObject({ paymentStatus: 'unknown' });
    expect(await auditOf(id)).toEqual([]);
    expect((await checksOf(a)).map((c) => c._id)).toEqual([id]);
  });
});
