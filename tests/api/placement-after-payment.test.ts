// Issue 24 item 1: nothing that can refuse holds a diner's money (docs/decisions/payments-core.md
// "A placement that fails after the card was approved"). A placement hook that throws after the
// card was authorised fails the order and releases the card at once, in the same request; orders
// already stranded awaiting payment with an authorised card (as the old e-mail mismatch left them)
// are placed by the reconciler, or released when placing them still fails. Sandbox gateway.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { orders, outbox, sandboxLedger } from '../../src/server/db/schema/index.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { createMerchant } from '../support/fixtures.js';
import { APPROVED_CARD, orderDraft, placeTestOrder, strandedCardOrder } from '../support/orders.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-05-12T16:00:00Z'); // noon in New York
let t: App;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.app.close());

const orderRow = async (id: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ledgerOf = (id: string) =>
  t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.orderRef, id));
const ordersOf = (merchantUuid: string) =>
  t.ctx.db.select().from(orders).where(eq(orders.merchantId, merchantUuid));

/** Runs `work` with a placement hook that throws (a test-only injection into ctx.hooks). */
async function withThrowingHook<T>(work: () => Promise<T>): Promise<T> {
  const hook = async () => {
    throw new Error('hook trouble');
  };
  const hooks = t.ctx.hooks.orderPlaced;
  hooks.push(hook);
  try {
    return await work();
  } finally {
    hooks.splice(hooks.indexOf(hook), 1);
  }
}

describe('a placement hook that throws after the card was authorised', () => {
  it('fails the order and releases the card at once: no authorisation is left held', async () => {
    const m = await createMerchant(t.ctx.db);
    const attempt = withThrowingHook(() =>
      placeTestOrder(t.ctx, m.merchantId, orderDraft(), 'card'),
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'payment_declined',
      message: expect.stringMatching(/charge on your card was released/),
    });
    const [order] = await ordersOf(m.id);
    // No reconciler run: the request itself released the card.
    expect(order).toMatchObject({
      state: 'failed',
      paymentStatus: 'voided',
      failureCode: 'payment_declined',
    });
    expect((await ledgerOf(order!.id)).map((l) => l.status)).toEqual(['voided']);
  });

  it('answers a retry of the same request with the same failure (never a second charge)', async () => {
    const m = await createMerchant(t.ctx.db);
    const key = randomUUID();
    const send = () =>
      placeOrderWithPayment(t.ctx, {
        merchantId: m.merchantId,
        anonUserId: 'anon-retry',
        idempotencyKey: key,
        order: orderDraft(),
        payment: { method: 'creditcard', card: { ...APPROVED_CARD } },
      });
    await expect(withThrowingHook(send)).rejects.toMatchObject({ code: 'payment_declined' });
    await expect(send()).rejects.toMatchObject({ code: 'payment_declined' });
    const [order] = await ordersOf(m.id);
    expect(await ledgerOf(order!.id)).toHaveLength(1);
  });

  it('a cash order is not written at all (no money moved): the diner may simply try again', async () => {
    const m = await createMerchant(t.ctx.db);
    await expect(
      withThrowingHook(() => placeTestOrder(t.ctx, m.merchantId, orderDraft(), 'cash')),
    ).rejects.toThrow();
    expect(await ordersOf(m.id)).toEqual([]);
  });
});

describe('orders already stranded awaiting payment with an authorised card', () => {
  it('are placed by the reconciler, the address the outbox refuses left out of the messages', async () => {
    const m = await createMerchant(t.ctx.db, {
      emailReceivingNotification: ['kitchen@sunrise.example'],
    });
    const stranded = await strandedCardOrder(t.ctx, m.id, {
      customerEmail: '"quoted"@example.com',
    });
    expect((await ledgerOf(stranded.id)).map((l) => l.status)).toEqual(['authorized']);
    await runPaymentJobs(t.ctx);
    const order = await orderRow(stranded.id);
    expect(order).toMatchObject({ state: 'placed', paid: true, paymentStatus: 'authorized' });
    expect(order.orderNumber).not.toBeNull();
    expect((await ledgerOf(stranded.id)).map((l) => l.status)).toEqual(['authorized']);
    const queued = await t.ctx.db.select().from(outbox).where(eq(outbox.merchantId, m.id));
    const keys = queued.map((q) => q.messageKey);
    expect(keys).toContain(`new-order-email:${stranded.id}`);
    expect(keys).not.toContain(`receipt-email:${stranded.id}`);
    const newOrder = queued.find((q) => q.messageKey === `new-order-email:${stranded.id}`)!;
    expect(newOrder.payload).not.toHaveProperty('replyTo');
  });

  it('are released (order failed, card voided) when placing them still fails', async () => {
    const m = await createMerchant(t.ctx.db);
    const stranded = await strandedCardOrder(t.ctx, m.id, { customerEmail: 'diner@example.com' });
    expect((await ledgerOf(stranded.id)).map((l) => l.status)).toEqual(['authorized']);
    await withThrowingHook(() => runPaymentJobs(t.ctx));
    expect(await orderRow(stranded.id)).toMatchObject({
      state: 'failed',
      paymentStatus: 'voided',
    });
    expect((await ledgerOf(stranded.id)).map((l) => l.status)).toEqual(['voided']);
  });
});
