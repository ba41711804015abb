// Issue 26, "the send-order path reads straight" (spec §7 sendOrder, T4.28–T4.40): one send order,
// cash and card, enters each module at most once at a time — no module is called back while its
// own call is still under way (checkout → payments → orders → payments would be a re-entry).
// Every module's public file is wrapped (tests/support/module-trace.ts); the definition is in
// docs/decisions/order-life.md "Entering a module". The sequence is printed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/server/app.js';
import { phoneVerifications } from '../../src/server/db/schema/index.js';
import type { ItemView } from '../../src/contract/menu.js';
import { uniqueId } from '../support/fixtures.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';

vi.mock('../../src/server/modules/checkout/send-order.service.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('checkout', await orig()),
);
vi.mock('../../src/server/modules/audit/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('audit', await orig()),
);
vi.mock('../../src/server/modules/cache/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('cache', await orig()),
);
vi.mock('../../src/server/modules/captcha/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('captcha', await orig()),
);
vi.mock('../../src/server/modules/cart/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('cart', await orig()),
);
vi.mock('../../src/server/modules/customers/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('customers', await orig()),
);
vi.mock('../../src/server/modules/diners/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('diners', await orig()),
);
vi.mock('../../src/server/modules/files/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('files', await orig()),
);
vi.mock('../../src/server/modules/menu/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('menu', await orig()),
);
vi.mock('../../src/server/modules/merchant-export/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('merchant-export', await orig()),
);
vi.mock('../../src/server/modules/merchants/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('merchants', await orig()),
);
vi.mock('../../src/server/modules/metrics/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('metrics', await orig()),
);
vi.mock('../../src/server/modules/notifications/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('notifications', await orig()),
);
vi.mock('../../src/server/modules/orders/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('orders', await orig()),
);
vi.mock('../../src/server/modules/outbox/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('outbox', await orig()),
);
vi.mock('../../src/server/modules/payments/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('payments', await orig()),
);
vi.mock('../../src/server/modules/printers/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('printers', await orig()),
);
vi.mock('../../src/server/modules/promo/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('promo', await orig()),
);
vi.mock('../../src/server/modules/sessions/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('sessions', await orig()),
);
vi.mock('../../src/server/modules/sign-in-guard/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('sign-in-guard', await orig()),
);
vi.mock('../../src/server/modules/store/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('store', await orig()),
);
vi.mock('../../src/server/modules/transactions/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('transactions', await orig()),
);
vi.mock('../../src/server/modules/verification/index.js', async (orig) =>
  (await import('../support/module-trace.js')).traced('verification', await orig()),
);

// The server project runs files in one worker without isolation (vitest.config.ts): modules an
// earlier file loaded are dropped, so that the app below is built from the wrapped public files,
// and the trace is imported after, as the one instance the wrappers record into.
vi.resetModules();
const { printTrace, reentries, traceModules, traced } = await import('../support/module-trace.js');
const { createTestApp, manualClock } = await import('../support/test-app.js');

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let menu: ItemView[];
let phoneSeq = 3125559100;

beforeAll(async () => {
  t = await createTestApp({ clock });
  menu = await menuOf(t.app, 'demo');
});
afterAll(async () => {
  await t.app.close();
  vi.resetModules();
});

const card = {
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

async function sendTraced(paymentMethod: 'cash' | 'creditcard') {
  const d = await newDiner(t.app);
  const phone = String(phoneSeq++);
  await t.ctx.db.insert(phoneVerifications).values({
    anonUserId: d.uid,
    phone,
    codeHash: 'x'.repeat(64),
    expiresAt: clock.now(),
    lastSentAt: clock.now(),
    verifiedAt: clock.now(),
  });
  const item = menu.find((i) => i.name === 'Kung Pao Chicken')!;
  const added = await d.call('POST', cartPath('demo', 'orderItems', d.uid), {
    orderItems: [simpleChoice(item)],
  });
  expect(added.status).toBe(200);
  const { result, entries } = await traceModules(() =>
    d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: {
        orderMethod: 'pickup',
        paymentMethod,
        tip: { kind: 'percent', ratePpm: 100_000 },
        time: { kind: 'asap' },
        customerName: 'Ada Lovelace',
        phone,
        ...(paymentMethod === 'creditcard' ? { card } : {}),
      },
    }),
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body).toMatchObject({ state: 'placed', paid: paymentMethod === 'creditcard' });
  console.info(`send order (${paymentMethod}), modules entered:\n${printTrace(entries)}`);
  return entries;
}

describe('one send order enters each module once', () => {
  for (const method of ['cash', 'creditcard'] as const) {
    it(`${method}: starts in checkout, reaches payments, orders and the outbox, re-enters none`, async () => {
      const entries = await sendTraced(method);
      const modules = entries.map((e) => e.module);
      expect(modules[0]).toBe('checkout');
      for (const m of ['payments', 'orders', 'outbox']) expect(modules).toContain(m);
      const again = reentries(entries).map((e) => `${e.below.join(' → ')} → ${e.module}.${e.fn}`);
      expect(again, printTrace(entries)).toEqual([]);
    });
  }

  it('the trace sees a re-entry when there is one (the check can fail)', async () => {
    // checkout → b → a → b: b is called back while its first call is under way.
    let depth = 0;
    let back: () => Promise<unknown> = async () => undefined;
    const b2 = traced('b', { call: async () => (depth++ === 0 ? back() : undefined) });
    const a2 = traced('a', { back: async () => b2.call() });
    const root2 = traced('checkout', { sendOrder: async () => b2.call() });
    back = () => a2.back();
    const { entries } = await traceModules(() => root2.sendOrder());
    expect(reentries(entries).map((e) => e.module)).toEqual(['b']);
  });
});
