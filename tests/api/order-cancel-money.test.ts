// What cancel does with a card order's money, per provider, before and after the end-of-day
// capture (issue 26, docs/decisions/order-life.md "What cancel does"), on the vendors' protocols
// against the local fakes: void where the spec and the vendor allow it, refund where the adapter
// can, otherwise the order is cancelled and listed under "card payments to check". Each release is
// one ledger row under its key: a second cancel moves no money.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { orders, paymentTransactions } from '../../src/server/db/schema/index.js';
import { setPaymentProvider } from '../../src/server/modules/payments/credentials.js';
import { runPaymentJobs } from '../../src/server/modules/payments/reconciler.js';
import { FAKE_ANET_KEY, FAKE_ANET_LOGIN, startAuthorizeNetFake } from '../fakes/authorizenet.js';
import {
  FAKE_CP_MERCHID,
  FAKE_CP_PASSWORD,
  FAKE_CP_SITE,
  FAKE_CP_USERNAME,
  startCardPointeFake,
} from '../fakes/cardpointe.js';
import { FAKE_TRANSIT, startTransitFake } from '../fakes/transit.js';
import { cartPath, markPhoneVerified, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createMerchant, signInMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const TUESDAY_NOON = '2026-11-24T17:00:00Z';
const clock = manualClock(TUESDAY_NOON);
let t: App;
const fakes = {
  cardPointe: await startCardPointeFake(),
  transit: await startTransitFake(),
  authorizeNet: await startAuthorizeNetFake(),
};
let phoneSeq = 3125552100;

const CREDENTIALS: Partial<Record<ProviderName, Record<string, string>>> = {
  cardPointe: {
    site: FAKE_CP_SITE,
    merchid: FAKE_CP_MERCHID,
    username: FAKE_CP_USERNAME,
    password: FAKE_CP_PASSWORD,
    environment: 'uat',
  },
  tsys: {
    deviceId: FAKE_TRANSIT.deviceId,
    transactionKey: FAKE_TRANSIT.transactionKey,
    environment: 'stage',
  },
  tsys2: {
    deviceId: FAKE_TRANSIT.deviceId,
    transactionKey: FAKE_TRANSIT.transactionKey,
    environment: 'stage',
  },
  authorizeNet: {
    apiLoginId: FAKE_ANET_LOGIN,
    transactionKey: FAKE_ANET_KEY,
    environment: 'sandbox',
  },
};

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      CARDPOINTE_BASE_URL: fakes.cardPointe.baseUrl,
      TRANSIT_BASE_URL: fakes.transit.baseUrl,
      AUTHORIZENET_BASE_URL: fakes.authorizeNet.baseUrl,
      GATEWAY_TIMEOUT_MS: '5000',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  });
});
afterAll(async () => {
  await t.app.close();
  await Promise.all(Object.values(fakes).map((f) => f.close()));
});

async function storeOn(provider: ProviderName) {
  const m = await createMerchant(t.ctx.db);
  await setPaymentProvider(t.ctx, m.id, {
    provider,
    ...(CREDENTIALS[provider] ? { credentials: CREDENTIALS[provider] } : {}),
  });
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

async function placeCardOrder(slug: string): Promise<string> {
  const d = await newDiner(t.app);
  const phone = String(phoneSeq++);
  await markPhoneVerified(t.ctx.db, d.uid, phone, clock.now());
  const [item] = await menuOf(t.app, slug);
  expect(
    (
      await d.call('POST', cartPath(slug, 'orderItems', d.uid), {
        orderItems: [simpleChoice(item!)],
      })
    ).status,
  ).toBe(200);
  const res = await d.call('POST', cartPath(slug, 'sendOrder', d.uid), {
    idempotencyKey: uniqueId('key-'),
    checkout: {
      orderMethod: 'pickup',
      paymentMethod: 'creditcard',
      tip: { kind: 'percent', ratePpm: 150_000 },
      time: { kind: 'asap' },
      customerName: 'Ada Lovelace',
      phone,
      card: {
        cardNumber: '4111 1111 1111 1111',
        cvv: '123',
        expiry: '12/30',
        billingStreet: '1 Main St',
        billingZip: '10013',
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body._id);
}

const orderRow = async (id: string) =>
  (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const releasesOf = (id: string) =>
  t.ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, id),
        inArray(paymentTransactions.operation, ['void', 'refund']),
      ),
    );

const cancel = (m: { merchantId: string; cookie: string }, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders7/merchantId/${m.merchantId}/order/_id/${id}/cancel`,
    headers: { cookie: m.cookie },
  });

const checksOf = async (m: { merchantId: string; cookie: string }) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/transactions/merchantId/${m.merchantId}/paymentChecks`,
      headers: { cookie: m.cookie },
    })
  ).json() as { checks: { _id: string; reason: string }[] };

type Expected = 'void' | 'refund' | 'check';

// The table of order-life.md "What cancel does": held (before the end-of-day capture; tsys2's
// sale is captured at placement), captured while the vendor's batch is still open (the next day,
// after the capture sweep), and once the batch has settled (the fakes' batch close).
const TABLE: [ProviderName, Expected, Expected, Expected][] = [
  ['sandbox', 'void', 'void', 'void'],
  ['cardPointe', 'void', 'void', 'refund'],
  ['tsys', 'void', 'void', 'refund'],
  ['tsys2', 'void', 'void', 'refund'],
  ['authorizeNet', 'check', 'check', 'refund'],
];

/** The vendors' nightly batch: captured money settles (the sandbox has no batch). */
function settleBatches() {
  fakes.cardPointe.settle();
  fakes.transit.settle();
  fakes.authorizeNet.settle();
}

async function expectReleased(
  m: { merchantId: string; cookie: string },
  id: string,
  expected: Expected,
) {
  const res = await cancel(m, id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ state: 'cancelled', stage: 'cancelled' });
  const order = await orderRow(id);
  const releases = (await releasesOf(id)).filter((r) => r.status === 'approved');
  if (expected === 'check') {
    expect(order).toMatchObject({ state: 'cancelled', paymentStatus: 'unknown' });
    expect(releases).toEqual([]);
    const listed = (await checksOf(m)).checks.find((c) => c._id === id);
    expect(listed?.reason).toMatch(/^Cancelled by the store/);
  } else {
    expect(order).toMatchObject({ state: 'cancelled', paymentStatus: 'voided' });
    expect(releases.map((r) => r.operation)).toEqual([expected]);
    expect(releases[0]!.idempotencyKey).toBe(
      expected === 'void' ? `void:${id}` : `refund:${id}:cancel`,
    );
    if (expected === 'refund') expect(releases[0]!.amountCents).toBe(order.totalCents);
  }
  // Cancelled once: a second cancel is a 409 naming the state, and no money moves again.
  const again = await cancel(m, id);
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe('This order is cancelled: cancel is not allowed');
  expect((await releasesOf(id)).filter((r) => r.status === 'approved')).toHaveLength(
    releases.length,
  );
}

describe.each(TABLE)('cancel of a card order on %s', (provider, held, captured, settled) => {
  it(`before the end-of-day capture: ${held}`, async () => {
    const m = await storeOn(provider);
    const id = await placeCardOrder(m.merchantId);
    expect((await orderRow(id)).paymentStatus).toBe(
      provider === 'tsys2' ? 'captured' : 'authorized',
    );
    await expectReleased(m, id, held);
  });

  for (const [when, expected, batchClosed] of [
    ['after the end-of-day capture, batch open', captured, false],
    ['after the batch settled', settled, true],
  ] as const) {
    it(`${when}: ${expected}`, async () => {
      const m = await storeOn(provider);
      const id = await placeCardOrder(m.merchantId);
      clock.advance(24 * 60 * 60_000);
      try {
        await runPaymentJobs(t.ctx);
        expect((await orderRow(id)).paymentStatus).toBe('captured');
        if (batchClosed) settleBatches();
        // A day on, the merchant signs in again.
        const cookie = await signInMerchant(t.app, m.merchantId, m.password);
        await expectReleased({ ...m, cookie }, id, expected);
      } finally {
        clock.set(TUESDAY_NOON);
      }
    });
  }
});

describe('cancel of a cash order', () => {
  it('moves no money', async () => {
    const m = await storeOn('sandbox');
    const d = await newDiner(t.app);
    const phone = String(phoneSeq++);
    await markPhoneVerified(t.ctx.db, d.uid, phone, clock.now());
    const [item] = await menuOf(t.app, m.merchantId);
    await d.call('POST', cartPath(m.merchantId, 'orderItems', d.uid), {
      orderItems: [simpleChoice(item!)],
    });
    const placed = await d.call('POST', cartPath(m.merchantId, 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: {
        orderMethod: 'pickup',
        paymentMethod: 'cash',
        tip: { kind: 'percent', ratePpm: 0 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = String(placed.body._id);
    expect((await cancel(m, id)).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ state: 'cancelled', paymentStatus: 'none' });
    const calls = await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, id));
    expect(calls).toEqual([]);
  });
});

describe('a cancel cut off before its money moved', () => {
  it('is released by the payment jobs, once', async () => {
    const m = await storeOn('sandbox');
    const id = await placeCardOrder(m.merchantId);
    // As a cancel leaves it when its instance dies between the command and the gateway call.
    await t.ctx.db
      .update(orders)
      .set({ state: 'cancelled', updatedAt: clock.now() })
      .where(eq(orders.id, id));
    await runPaymentJobs(t.ctx);
    // Not yet: a release may still be on its way (within the ledger's claim time).
    expect((await orderRow(id)).paymentStatus).toBe('authorized');
    clock.advance(3 * 60_000);
    try {
      await runPaymentJobs(t.ctx);
      await runPaymentJobs(t.ctx);
      expect(await orderRow(id)).toMatchObject({ state: 'cancelled', paymentStatus: 'voided' });
      const voids = (await releasesOf(id)).filter((r) => r.status === 'approved');
      expect(voids.map((v) => [v.operation, v.idempotencyKey])).toEqual([['void', `void:${id}`]]);
    } finally {
      clock.set(TUESDAY_NOON);
    }
  });
});
