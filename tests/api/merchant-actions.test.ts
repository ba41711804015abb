// A void and a tip adjustment on one order are serialised, and both are audited (issue 12):
// each claims the order (orders.merchant_action_until) before its gateway call, so a second action
// on the same order answers 409 instead of racing the first at the gateway; every outcome is
// recorded in merchant_audit with the merchant's session reference and the time, never card data.
// The race is asserted on the PostgreSQL server as well (npm run test:pg); PGlite runs it too, as
// the claim is committed before the gateway call either way.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayUnavailable,
  type PaymentGateway,
  createPaymentAdapters,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { merchantAudit, orders } from '../../src/server/db/schema/index.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { MERCHANT_ACTION_CLAIM_MS } from '../../src/server/modules/transactions/transactions.service.js';
import { APPROVED_CARD, orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)

/** The sandbox, counting voids and tip adjustments, able to hold them or to fail the next one. */
function watchedSandbox() {
  const base = createPaymentAdapters(testConfig(), { sandbox: { timeoutMs: 20 } }).gatewayFor(
    'sandbox',
  )!;
  const state = {
    calls: { void: 0, tipAdjust: 0 },
    open: Promise.resolve(),
    release: () => {},
    failNext: false,
  };
  /** Counts the call, waits while held, fails it when asked to. */
  const enter = async (name: 'void' | 'tipAdjust') => {
    state.calls[name]++;
    await state.open;
    if (state.failNext) {
      state.failNext = false;
      throw new GatewayUnavailable('the gateway did not answer');
    }
  };
  const gateway: PaymentGateway = {
    ...base,
    void: async (env, req) => {
      await enter('void');
      return base.void(env, req);
    },
    tipAdjust: async (env, req) => {
      await enter('tipAdjust');
      return base.tipAdjust(env, req);
    },
  };
  return {
    adapters: { payments: { gatewayFor: (p: string) => (p === 'sandbox' ? gateway : undefined) } },
    state,
    hold() {
      state.open = new Promise<void>((resolve) => {
        state.release = resolve;
      });
    },
  };
}

const sandbox = watchedSandbox();
let t: App;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ clock, adapters: sandbox.adapters as never });
  const created = await createMerchant(t.ctx.db, { ecommProvider: 'sandbox' });
  m = { ...created, cookie: await signInMerchant(t.app, created.merchantId, created.password) };
});
afterAll(() => t.app.close());
afterEach(() => {
  sandbox.state.release();
  sandbox.state.failNext = false;
});

const draft = () => orderDraft({ subtotalCents: 2000, taxCents: 140, tipsCents: 300 });

async function cardOrder() {
  const placed = await placeOrderWithPayment(t.ctx, {
    merchantId: m.merchantId,
    anonUserId: 'anon-actions',
    idempotencyKey: randomUUID(),
    order: draft(),
    payment: {
      method: 'creditcard',
      card: { ...APPROVED_CARD },
    },
  });
  return { orderId: placed.orderId, transactionId: placed.transactionId! };
}

const base = () => `/api/transactions/merchantId/${m.merchantId}/transactionId`;
const voidTx = (id: string) =>
  t.app.inject({ method: 'PUT', url: `${base()}/${id}/void`, headers: { cookie: m.cookie } });
const adjust = (id: string, adjustedTips: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${base()}/${id}`,
    headers: { cookie: m.cookie },
    payload: { adjustedTips },
  });

const auditOf = (orderId: string) =>
  t.ctx.db.select().from(merchantAudit).where(eq(merchantAudit.orderId, orderId));
async function orderRow(id: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Resolves once the watched gateway has been called `n` times in all. */
async function gatewayCalls(n: number) {
  for (let i = 0; i < 500; i++) {
    if (sandbox.state.calls.void + sandbox.state.calls.tipAdjust >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the gateway was not called');
}

describe('one merchant action at the gateway per order', () => {
  it('answers 409 to a tip adjustment while a void of the same order is at the gateway', async () => {
    const o = await cardOrder();
    const before = { ...sandbox.state.calls };
    sandbox.hold();
    const voiding = voidTx(o.transactionId);
    await gatewayCalls(before.void + before.tipAdjust + 1);
    const racing = await adjust(o.transactionId, '5');
    expect(racing.statusCode).toBe(409);
    expect(racing.json()).toMatchObject({
      message: 'Fail to adjust tips amount',
      issues: [{ path: ['transactionId'], message: 'Another change to this order is in progress' }],
    });
    sandbox.state.release();
    expect((await voiding).statusCode).toBe(200);
    // The adjustment never reached the gateway, and the voided order kept its tips.
    expect(sandbox.state.calls.tipAdjust).toBe(before.tipAdjust);
    const row = await orderRow(o.orderId);
    expect(row).toMatchObject({ hasVoid: true, tipsCents: 300, merchantAction: null });
    // After the void, the rules (not the claim) refuse the adjustment.
    const after = await adjust(o.transactionId, '5');
    expect(after.statusCode).toBe(409);
    expect(after.json().issues[0].message).toBe('This order is already voided');
  });

  it('lets one of a void and a tip adjustment sent at the same moment through, never both', async () => {
    const o = await cardOrder();
    const before = sandbox.state.calls.void + sandbox.state.calls.tipAdjust;
    sandbox.hold();
    const both = [voidTx(o.transactionId), adjust(o.transactionId, '5')];
    await gatewayCalls(before + 1);
    // Give the other request every chance to reach the gateway too, if the claim let it.
    await new Promise((r) => setTimeout(r, 200));
    sandbox.state.release();
    const codes = (await Promise.all(both)).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(sandbox.state.calls.void + sandbox.state.calls.tipAdjust).toBe(before + 1);
  });

  it('ends the claim when the gateway fails, so the merchant can try again', async () => {
    const o = await cardOrder();
    sandbox.state.failNext = true;
    const failed = await adjust(o.transactionId, '5');
    expect(failed.statusCode).toBe(503);
    expect((await orderRow(o.orderId)).merchantAction).toBeNull();
    const retried = await adjust(o.transactionId, '5');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ tipCents: 500, amountCents: 2640 });
  });

  it('lets a claim left by a crash expire', async () => {
    const o = await cardOrder();
    const now = clock.now();
    await t.ctx.db
      .update(orders)
      .set({ merchantAction: 'void', merchantActionUntil: new Date(now.getTime() + 60_000) })
      .where(eq(orders.id, o.orderId));
    expect((await voidTx(o.transactionId)).statusCode).toBe(409);
    clock.advance(MERCHANT_ACTION_CLAIM_MS);
    expect((await voidTx(o.transactionId)).statusCode).toBe(200);
    clock.set(now);
  });
});

describe('the audit of voids and tip adjustments', () => {
  it('records each outcome with the session reference and the time, and no card data', async () => {
    const o = await cardOrder();
    sandbox.state.failNext = true;
    // The clock is manual: each action gets its own second, so the audit's order is the time's
    // (with one shared time the rows came back in any order and CI met a shuffled one).
    expect((await adjust(o.transactionId, '4')).statusCode).toBe(503);
    clock.advance(1000);
    expect((await adjust(o.transactionId, '4.50')).statusCode).toBe(200);
    clock.advance(1000);
    expect((await voidTx(o.transactionId)).statusCode).toBe(200);

    const entries = (await auditOf(o.orderId)).sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(entries.map((e) => [e.action, (e.detail as { outcome: string }).outcome])).toEqual([
      ['tip_adjust', 'gateway_error'],
      ['tip_adjust', 'approved'],
      ['void', 'approved'],
    ]);
    expect(entries[1]!.detail).toMatchObject({
      tipsCents: { before: 300, after: 450 },
      totalCents: { before: 2440, after: 2590 },
    });
    const refs = new Set(entries.map((e) => e.sessionRef));
    expect(refs.size).toBe(1);
    expect([...refs][0]).toMatch(/^[0-9a-f]{16}$/);
    // The session token itself is not what is stored.
    expect(m.cookie).not.toContain([...refs][0]!);
    // Everything but the random identifiers (a uuid or the session hash may hold "5454" by chance:
    // CI met one): no card number or expiry anywhere.
    const written = entries.map((e) => ({ action: e.action, detail: e.detail, at: e.at }));
    expect(JSON.stringify(written)).not.toMatch(/5454|1230/);
  });
});
