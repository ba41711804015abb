// Send order's payment core against the sandbox gateway: every outcome a card can have, the
// idempotency of a diner's retries, and the numbers handed out at placement.
// Checklist: T4.40 (no double submission), T4.42/T4.43 (free promo item), T4.44 (card flow),
// E3.50 (increasing orderId), E3.53 (paid, transactionId), M8.47 ("Missing required field"),
// V5.58 (card fields), C7.59 (the amount is the server's).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters } from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import {
  cartLines,
  carts,
  items,
  orders,
  paymentTransactions,
  sandboxLedger,
} from '../../src/server/db/schema/index.js';
import type { OrderDraft } from '../../src/server/modules/orders/orders.service.js';
import {
  type CardFieldsInput,
  placeOrderWithPayment,
} from '../../src/server/modules/payments/payments.service.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { createMerchant } from '../support/fixtures.js';
import { manualClock, createTestApp, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T16:00:00Z'); // noon in New York
let t: App;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: { payments: createPaymentAdapters(testConfig(), { sandbox: { timeoutMs: 20 } }) },
  });
});
afterAll(() => t.app.close());

function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    orderMethod: 'pickup',
    amounts: {
      subtotalCents: 1000,
      taxCents: 70,
      tipsCents: 150,
      fixedTipsCents: 0,
      discountCents: 0,
      processingFeeCents: 0,
      serviceFeeCents: 0,
      deliveryFeeCents: 0,
      roomServiceDeliveryFeeCents: 0,
      totalCents: 1220,
    },
    customer: { customerName: 'Ada Diner', phone: '5551234567' },
    lines: [{ name: 'Pancakes', unitPriceCents: 1000, quantity: 1, lineTotalCents: 1000 }],
    ...overrides,
  };
}

const card = (overrides: CardFieldsInput = {}): CardFieldsInput => ({
  number: '4111111111111111',
  expiry: '1230',
  cvv: '123',
  billingStreet: '1 Main St',
  billingZip: '10001',
  name: 'Ada Diner',
  ...overrides,
});

const key = () => randomUUID();

async function send(
  merchantId: string,
  opts: { card?: CardFieldsInput; cash?: boolean; key?: string; anon?: string; order?: OrderDraft },
) {
  return placeOrderWithPayment(t.ctx, {
    merchantId,
    anonUserId: opts.anon ?? 'anon-1',
    idempotencyKey: opts.key ?? key(),
    order: opts.order ?? draft(),
    payment: opts.cash ? { method: 'cash' } : { method: 'creditcard', card: opts.card ?? card() },
  });
}

async function orderRow(id: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function ordersOf(merchantUuid: string) {
  return t.ctx.db.select().from(orders).where(eq(orders.merchantId, merchantUuid));
}

async function chargesOf(orderId: string) {
  return t.ctx.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId));
}

async function ledgerOf(orderRef: string) {
  return t.ctx.db.select().from(sandboxLedger).where(eq(sandboxLedger.orderRef, orderRef));
}

/** Moves the clock past the reconciler's bound and runs the payment jobs once. */
async function reconcileLater() {
  clock.advance(3 * 60_000);
  const report = await runPaymentJobs(t.ctx);
  expect(report).not.toBeNull();
  return report!;
}

describe('a card order (T4.44: authorise at placement)', () => {
  it('is authorised with the server amount, placed with numbers, paid, and keeps only masked card data', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, {});
    expect(res).toMatchObject({
      state: 'placed',
      orderNumber: 1,
      dailyOrderNumber: 1,
      businessDate: '2026-05-12',
      paid: true,
      paymentMethod: 'creditcard',
      card: { last4: '1111', brand: 'VISA' },
      replayed: false,
    });
    const order = await orderRow(res.orderId);
    expect(order).toMatchObject({ state: 'placed', paid: true, paymentStatus: 'authorized' });
    expect(order.transactionId).toBe(res.transactionId);
    const [charge] = await chargesOf(res.orderId);
    expect(charge).toMatchObject({
      operation: 'auth',
      status: 'approved',
      amountCents: 1220,
      cardLast4: '1111',
      cardBrand: 'VISA',
      cardExpiry: '1230',
    });
    expect(charge!.retref).toMatch(/^\d{12}$/);
    expect(charge!.authCode).toMatch(/^[A-Z0-9]{6}$/);
    const ledger = await ledgerOf(res.orderId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'authorized', amountCents: 1220 });
  });

  it('empties the diner cart in the placing transaction', async () => {
    const m = await createMerchant(t.ctx.db);
    const [item] = await t.ctx.db.select().from(items).where(eq(items.merchantId, m.id)).limit(1);
    const [cart] = await t.ctx.db
      .insert(carts)
      .values({ merchantId: m.id, anonUserId: 'anon-cart' })
      .returning();
    await t.ctx.db.insert(cartLines).values({ cartId: cart!.id, itemId: item!.id, quantity: 2 });
    await send(m.merchantId, { anon: 'anon-cart' });
    const left = await t.ctx.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
    expect(left).toEqual([]);
  });

  it('publishes the placed state on the merchant channel', async () => {
    const m = await createMerchant(t.ctx.db);
    const seen: string[] = [];
    const stop = await t.ctx.database.listen(
      `merchant_orders_${m.id.replace(/-/g, '')}`,
      (payload) => seen.push(payload),
    );
    const res = await send(m.merchantId, {});
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(seen[0]!)).toEqual({ orderId: res.orderId, state: 'placed' });
    await stop();
  });

  it('a cash order is placed at once, unpaid, without any gateway call (E3.53)', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, { cash: true });
    expect(res).toMatchObject({
      state: 'placed',
      orderNumber: 1,
      paid: false,
      transactionId: null,
    });
    expect(await chargesOf(res.orderId)).toEqual([]);
    expect(await ledgerOf(res.orderId)).toEqual([]);
  });
});

describe('card fields (M8.47, V5.58)', () => {
  it('answers "Missing required field" naming each missing field, and writes nothing', async () => {
    const m = await createMerchant(t.ctx.db);
    const err = await send(m.merchantId, { card: { number: '4111111111111111', cvv: '' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'invalid_input', message: 'Missing required field' });
    expect((err as { issues: { path: string[] }[] }).issues.map((i) => i.path.at(-1))).toEqual([
      'expiry',
      'cvv',
      'billingStreet',
      'billingZip',
    ]);
    expect(await ordersOf(m.id)).toEqual([]);
  });

  it('refuses invalid card fields with the spec message, before any order or charge', async () => {
    const m = await createMerchant(t.ctx.db, { allowAmericanExpressCard: false });
    await expect(
      send(m.merchantId, { card: card({ number: '4111111111111112' }) }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Invalid credit card information provided.',
    });
    await expect(send(m.merchantId, { card: card({ expiry: '0126' }) })).rejects.toMatchObject({
      message: 'Invalid credit card information provided.',
    });
    const amex = await send(m.merchantId, { card: card({ number: '371449635398431' }) }).catch(
      (e: unknown) => e,
    );
    expect(amex).toMatchObject({
      issues: [{ message: 'This merchant is not accepting American Express' }],
    });
    expect(await ordersOf(m.id)).toEqual([]);
  });

  it('refuses an order whose amounts do not add up, so a wrong total is never charged (C7.59)', async () => {
    const m = await createMerchant(t.ctx.db);
    const bad = draft();
    bad.amounts = { ...bad.amounts, totalCents: 1 };
    await expect(send(m.merchantId, { order: bad })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(await ordersOf(m.id)).toEqual([]);
  });
});

describe('a card that does not go through', () => {
  it('declined: the order fails, burns no number, the free promo item leaves the cart (T4.43)', async () => {
    const m = await createMerchant(t.ctx.db);
    const [item] = await t.ctx.db.select().from(items).where(eq(items.merchantId, m.id)).limit(1);
    const [cart] = await t.ctx.db
      .insert(carts)
      .values({ merchantId: m.id, anonUserId: 'anon-promo' })
      .returning();
    await t.ctx.db.insert(cartLines).values([
      { cartId: cart!.id, itemId: item!.id, quantity: 1 },
      {
        cartId: cart!.id,
        itemId: item!.id,
        quantity: 1,
        isFreePromo: true,
        note: 'Free addon item',
      },
    ]);
    const err = await send(m.merchantId, {
      anon: 'anon-promo',
      card: card({ number: '4000000000000002' }),
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'payment_declined',
      message: 'Your card was declined (Do not honor). Your order has NOT been placed yet!',
    });
    const [order] = await ordersOf(m.id);
    expect(order).toMatchObject({ state: 'failed', orderNumber: null, paymentStatus: 'declined' });
    const left = await t.ctx.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
    expect(left.map((l) => l.isFreePromo)).toEqual([false]);
    // The next order gets number 1: the decline burned none.
    expect((await send(m.merchantId, {})).orderNumber).toBe(1);
  });

  it('insufficient funds and the over-limit amount are declined too', async () => {
    const m = await createMerchant(t.ctx.db);
    await expect(
      send(m.merchantId, { card: card({ number: '4000000000009995' }) }),
    ).rejects.toMatchObject({ code: 'payment_declined', message: /Insufficient funds/ });
    const big = draft();
    big.amounts = { ...big.amounts, subtotalCents: 500_000, totalCents: 500_220 };
    await expect(send(m.merchantId, { order: big })).rejects.toMatchObject({
      code: 'payment_declined',
    });
  });

  it.each([
    ['address (AVS N) by card', { number: '4000000000000101' }, /billing address/],
    ['address (AVS N) by ZIP 99999', { billingZip: '99999' }, /billing address/],
    ['CVV (N) by card', { number: '4000000000000127' }, /security code/],
    ['CVV (N) by code 999', { cvv: '999' }, /security code/],
  ])(
    'approved but failing the %s check: the charge is voided and the order declined',
    async (_label, fields, message) => {
      const m = await createMerchant(t.ctx.db);
      await expect(send(m.merchantId, { card: card(fields) })).rejects.toMatchObject({
        code: 'payment_declined',
        message,
      });
      const [order] = await ordersOf(m.id);
      expect(order).toMatchObject({ state: 'failed', orderNumber: null, paymentStatus: 'voided' });
      const [ledger] = await ledgerOf(order!.id);
      expect(ledger!.status).toBe('voided');
      const ops = (await chargesOf(order!.id)).map((c) => `${c.operation}:${c.status}`).sort();
      expect(ops).toEqual(['auth:approved', 'void:approved']);
    },
  );

  it('gateway unreachable: the order fails at once with a clear message and nothing is charged', async () => {
    const m = await createMerchant(t.ctx.db);
    await expect(
      send(m.merchantId, { card: card({ number: '4000000000000044' }) }),
    ).rejects.toMatchObject({
      code: 'upstream_unavailable',
      message: /Card payments are unavailable/,
    });
    const [order] = await ordersOf(m.id);
    expect(order!.state).toBe('failed');
    expect(await ledgerOf(order!.id)).toEqual([]);
  });

  it('a merchant whose provider has no adapter yet cannot take cards, and nothing is written', async () => {
    const m = await createMerchant(t.ctx.db, { ecommProvider: 'elavon' });
    await expect(send(m.merchantId, {})).rejects.toMatchObject({ code: 'upstream_unavailable' });
    expect(await ordersOf(m.id)).toEqual([]);
  });
});

describe('unknown outcomes and the reconciler', () => {
  it('timeout after the gateway approved: the order waits, then the reconciler places it', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, { card: card({ number: '4999006200620062' }) });
    expect(res).toMatchObject({ state: 'awaiting_payment', orderNumber: null });
    expect(res.message).toMatch(/do not pay again/);
    // Not yet due: a fresh awaiting order is left alone.
    expect((await runPaymentJobs(t.ctx))!.placed).toBe(0);
    expect((await orderRow(res.orderId)).state).toBe('awaiting_payment');
    const report = await reconcileLater();
    expect(report.placed).toBeGreaterThanOrEqual(1);
    const order = await orderRow(res.orderId);
    expect(order).toMatchObject({ state: 'placed', orderNumber: 1, paid: true });
    const [charge] = await chargesOf(res.orderId);
    expect(charge).toMatchObject({ status: 'approved', cardLast4: '0062' });
  });

  it('timeout before the gateway processed it: the reconciler finds nothing and fails the order', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, { card: card({ number: '5111006200620062' }) });
    expect(res.state).toBe('awaiting_payment');
    await reconcileLater();
    const order = await orderRow(res.orderId);
    expect(order).toMatchObject({ state: 'failed', orderNumber: null });
    // A retry of the same request now answers with the failure, and charges nothing.
    await expect(
      placeOrderWithPayment(t.ctx, {
        merchantId: m.merchantId,
        anonUserId: 'anon-1',
        idempotencyKey: order.idempotencyKey,
        order: draft(),
        payment: { method: 'creditcard', card: card({ number: '5111006200620062' }) },
      }),
    ).rejects.toMatchObject({ code: 'upstream_unavailable', message: /could not be completed/ });
  });

  it('a garbage answer is treated as unknown and reconciled from the gateway ledger', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, { card: card({ number: '4000000000000069' }) });
    expect(res.state).toBe('awaiting_payment');
    await reconcileLater();
    expect(await orderRow(res.orderId)).toMatchObject({ state: 'placed', paid: true });
  });

  it('an approval found too late is voided instead of placed', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await send(m.merchantId, { card: card({ number: '4999006200620062' }) });
    clock.advance(45 * 60_000);
    await runPaymentJobs(t.ctx);
    expect(await orderRow(res.orderId)).toMatchObject({
      state: 'failed',
      paymentStatus: 'voided',
    });
    expect((await ledgerOf(res.orderId))[0]!.status).toBe('voided');
  });

  it('an approval whose placement fails (a hook throws) fails the order and is voided at once (issue 24)', async () => {
    const m = await createMerchant(t.ctx.db);
    const hook = async () => {
      throw new Error('hook trouble');
    };
    const hooks = t.ctx.hooks.orderPlaced;
    hooks.push(hook);
    try {
      await expect(send(m.merchantId, {})).rejects.toMatchObject({ code: 'payment_declined' });
    } finally {
      hooks.splice(hooks.indexOf(hook), 1);
    }
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.merchantId, m.id));
    expect(order).toMatchObject({ state: 'failed', paymentStatus: 'voided', orderNumber: null });
    expect((await ledgerOf(order!.id))[0]!.status).toBe('voided');
    await reconcileLater(); // nothing left for the reconciler
    expect(await orderRow(order!.id)).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
  });

  it('runs one runner at a time: a second concurrent run does nothing', async () => {
    const runs = await Promise.all([runPaymentJobs(t.ctx), runPaymentJobs(t.ctx)]);
    expect(runs.filter((r) => r === null)).toHaveLength(1);
  });
});

describe('idempotency (T4.40)', () => {
  it('20 concurrent submissions with one key make one order and one authorisation', async () => {
    const m = await createMerchant(t.ctx.db);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(m.merchantId, { key: k })),
    );
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.state === 'placed' && r.orderNumber === 1)).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ordersOf(m.id)).toHaveLength(1);
    const [orderId] = [...ids];
    expect(await chargesOf(orderId!)).toHaveLength(1);
    expect(await ledgerOf(orderId!)).toHaveLength(1);
  });

  it('the same key with a different request answers 409 conflict and charges nothing more', async () => {
    const m = await createMerchant(t.ctx.db);
    const k = key();
    const first = await send(m.merchantId, { key: k });
    // Another card (the fingerprint keeps last four, expiry and billing ZIP, never the number).
    await expect(
      send(m.merchantId, { key: k, card: card({ number: '5454545454545454' }) }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const other = draft();
    other.customer = { customerName: 'Someone Else' };
    await expect(send(m.merchantId, { key: k, order: other })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await ledgerOf(first.orderId)).toHaveLength(1);
  });

  it('a retry of a declined request answers the same decline without asking the gateway again', async () => {
    const m = await createMerchant(t.ctx.db);
    const k = key();
    const declined = card({ number: '4000000000000002' });
    const first = await send(m.merchantId, { key: k, card: declined }).catch((e: unknown) => e);
    const again = await send(m.merchantId, { key: k, card: declined }).catch((e: unknown) => e);
    expect(again).toMatchObject({
      code: (first as { code: string }).code,
      message: (first as { message: string }).message,
    });
    const [order] = await ordersOf(m.id);
    expect(await ledgerOf(order!.id)).toHaveLength(1);
  });

  it('the same key from another diner is a different order', async () => {
    const m = await createMerchant(t.ctx.db);
    const k = key();
    const a = await send(m.merchantId, { key: k, anon: 'anon-a' });
    const b = await send(m.merchantId, { key: k, anon: 'anon-b' });
    expect(a.orderId).not.toBe(b.orderId);
  });
});

describe('order numbers (E3.50, DESIGN §5)', () => {
  it('concurrent placements get gapless numbers in commit order; declines burn none', async () => {
    const m = await createMerchant(t.ctx.db);
    // pg_notify messages are delivered in commit order: the order they arrive in is the proof.
    const committed: string[] = [];
    const stop = await t.ctx.database.listen(
      `merchant_orders_${m.id.replace(/-/g, '')}`,
      (payload) => committed.push((JSON.parse(payload) as { orderId: string }).orderId),
    );
    const kinds = Array.from({ length: 16 }, (_, i) =>
      i % 4 === 0 ? 'decline' : i % 4 === 1 ? 'cash' : 'card',
    );
    const results = await Promise.allSettled(
      kinds.map((kind) =>
        send(m.merchantId, {
          cash: kind === 'cash',
          card: card(kind === 'decline' ? { number: '4000000000000002' } : {}),
        }),
      ),
    );
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(placed).toHaveLength(12);
    const numberOf = new Map(placed.map((p) => [p.orderId, p.orderNumber]));
    await expect.poll(() => committed.length, { timeout: 10_000 }).toBe(12);
    expect(committed.map((id) => numberOf.get(id))).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(new Set(placed.map((p) => p.dailyOrderNumber)).size).toBe(12);
    await stop();
  });

  it('the daily number starts again on the merchant’s next local day, the order number goes on', async () => {
    const local = manualClock('2026-05-13T03:30:00Z'); // 23:30 on the 12th in New York
    const app = await createTestApp({ clock: local });
    try {
      const m = await createMerchant(app.ctx.db, { timeZone: 'America/New_York' });
      const place = () =>
        placeOrderWithPayment(app.ctx, {
          merchantId: m.merchantId,
          anonUserId: 'anon-day',
          idempotencyKey: key(),
          order: draft(),
          payment: { method: 'cash' },
        });
      expect(await place()).toMatchObject({
        orderNumber: 1,
        dailyOrderNumber: 1,
        businessDate: '2026-05-12',
      });
      expect(await place()).toMatchObject({ orderNumber: 2, dailyOrderNumber: 2 });
      local.advance(60 * 60_000); // 00:30 on the 13th
      expect(await place()).toMatchObject({
        orderNumber: 3,
        dailyOrderNumber: 1,
        businessDate: '2026-05-13',
      });
    } finally {
      await app.app.close();
    }
  });

  it('property: any mix of approvals, declines and cash orders numbers the placed ones 1..n', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('card', 'decline', 'cash'), { minLength: 1, maxLength: 8 }),
        async (kinds) => {
          const m = await createMerchant(t.ctx.db);
          const numbers: (number | null)[] = [];
          for (const kind of kinds) {
            const r = await send(m.merchantId, {
              cash: kind === 'cash',
              card: card(kind === 'decline' ? { number: '4000000000000002' } : {}),
            }).catch(() => null);
            numbers.push(r?.orderNumber ?? null);
          }
          const placed = kinds.filter((k) => k !== 'decline').length;
          expect(numbers.filter((n) => n !== null)).toEqual(
            Array.from({ length: placed }, (_, i) => i + 1),
          );
          const { rows } = await t.ctx.database.query(
            'select last_order_number from merchant_counters where merchant_id = $1',
            [m.id],
          );
          expect(rows[0]!.last_order_number).toBe(placed);
        },
      ),
      { numRuns: 8, seed: 4242 },
    );
  });
});
