// Issue 24 item 1: one e-mail rule, checked once at the door (docs/decisions/domain-rules.md
// "E-mail addresses"). An address checkout info accepts is one the outbox accepts and SMTP
// delivers; one the rule refuses is refused on customerEmail when it is saved and when the order
// is sent, so no card is ever authorised for an order the outbox would then refuse. Walked through
// cash and card (sandbox gateway) placement, with the outbox delivering to a local SMTP server.
// Checklist V5.21 (email optional, at most 50), E3.44, E3.20 (new-order email, receipt).
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemView } from '../../src/contract/menu.js';
import type { App } from '../../src/server/app.js';
import {
  orders,
  outbox,
  phoneVerifications,
  sandboxLedger,
} from '../../src/server/db/schema/index.js';
import { findMerchantBySlug } from '../../src/server/modules/merchants/merchants.repository.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import { type FakeSmtp, startFakeSmtp } from '../fakes/smtp.js';
import { uniqueId } from '../support/fixtures.js';
import { type Diner, cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-11-24T17:00:00Z'); // a Tuesday noon: the demo store is open
let t: App;
let smtp: FakeSmtp;
let menu: ItemView[];
let demoUuid = '';
let phoneSeq = 3125550200;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    clock,
    env: { SMTP_URL: smtp.url, EMAIL_FROM: 'Forkful Orders <orders@forkful.test>' },
  });
  menu = await menuOf(t.app, 'demo');
  demoUuid = (await findMerchantBySlug(t.ctx.db, 'demo'))!.id;
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
});

const card = {
  cardNumber: '4111 1111 1111 1111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

async function readyDiner(): Promise<{ d: Diner; phone: string }> {
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
  return { d, phone };
}

function checkout(phone: string, email: string, pay: 'cash' | 'creditcard') {
  return {
    orderMethod: 'pickup',
    paymentMethod: pay,
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'asap' },
    customerName: 'Ada Lovelace',
    phone,
    customerEmail: email,
  };
}

/** Authorisations at the sandbox for this store whose order is not placed: must stay none. */
async function heldWithoutOrder() {
  const held = await t.ctx.db
    .select({ orderRef: sandboxLedger.orderRef })
    .from(sandboxLedger)
    .where(
      and(
        eq(sandboxLedger.merchantId, demoUuid),
        inArray(sandboxLedger.status, ['authorized', 'captured']),
      ),
    );
  if (held.length === 0) return [];
  const notPlaced = await t.ctx.db
    .select({ id: orders.id, state: orders.state })
    .from(orders)
    .where(
      and(
        inArray(
          orders.id,
          held.map((h) => h.orderRef),
        ),
        ne(orders.state, 'placed'),
      ),
    );
  return notPlaced;
}

const EMAIL_RULE_MESSAGE = 'Please enter a valid email';

// Each is a dot-atom the rule accepts (placed, and its mail delivered) or one it refuses (refused
// at the door, on customerEmail, with the message above): never accepted and refused later.
const ADDRESSES = [
  { email: 'a=b@example.com', accepted: true },
  { email: 'a!b@example.com', accepted: true },
  { email: '=1+1@example.com', accepted: true },
  { email: '"quoted"@example.com', accepted: false },
  { email: 'plain.diner@example.com', accepted: true },
] as const;

describe.each(['cash', 'creditcard'] as const)('an e-mail address through %s placement', (pay) => {
  it.each(ADDRESSES)('$email: accepted ⇒ placed and mailed; refused ⇒ at the door', async (a) => {
    const { d, phone } = await readyDiner();
    const info = checkout(phone, a.email, pay);
    const saved = await d.call('PUT', cartPath('demo', 'checkoutInfo', d.uid), info);
    const sent = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
      idempotencyKey: uniqueId('key-'),
      checkout: { ...info, ...(pay === 'creditcard' ? { card } : {}) },
    });
    const mine = await t.ctx.db.select().from(orders).where(eq(orders.anonUserId, d.uid));

    if (!a.accepted) {
      for (const res of [saved, sent]) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toBe(EMAIL_RULE_MESSAGE); // what the checkout's banner shows
        expect(res.body.issues).toContainEqual({
          path: expect.arrayContaining(['customerEmail']),
          message: EMAIL_RULE_MESSAGE,
        });
      }
      expect(mine).toEqual([]); // nothing written, nothing charged
    } else {
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ state: 'placed', paid: pay === 'creditcard' });
      expect(mine).toHaveLength(1);
      const keys = [`receipt-email:${mine[0]!.id}`, `new-order-email:${mine[0]!.id}`];
      // Queued at the database's time, ahead of this test's clock: due now in the test's time.
      const queued = await t.ctx.db
        .update(outbox)
        .set({ nextAttemptAt: clock.now() })
        .where(inArray(outbox.messageKey, keys))
        .returning();
      expect(queued).toHaveLength(2);
      await processOutbox(t.ctx);
      const receipt = smtp.received.find((m) => m.envelopeTo.includes(a.email));
      expect(receipt?.parsed.subject).toMatch(/^Your order at /);
      const toMerchant = smtp.received.find(
        (m) =>
          m.envelopeTo.includes('orders@goldenlotus.example') &&
          m.parsed.replyTo?.[0]?.address === a.email,
      );
      expect(toMerchant?.parsed.text).toContain(`Email: ${a.email}`);
    }
    expect(await heldWithoutOrder()).toEqual([]);
  });
});

describe('a placement hook that throws once the card is authorised, through send order', () => {
  it('answers 402 saying the card was released (a definite answer: no retry of the same key)', async () => {
    const { d, phone } = await readyDiner();
    const hook = async () => {
      throw new Error('hook trouble');
    };
    const hooks = t.ctx.hooks.orderPlaced;
    hooks.push(hook);
    let sent;
    try {
      sent = await d.call('POST', cartPath('demo', 'sendOrder', d.uid), {
        idempotencyKey: uniqueId('key-'),
        checkout: { ...checkout(phone, 'diner@example.com', 'creditcard'), card },
      });
    } finally {
      hooks.splice(hooks.indexOf(hook), 1);
    }
    expect(sent.status, JSON.stringify(sent.body)).toBe(402);
    expect(sent.body.message).toBe(
      'We could not place your order, and the charge on your card was released. Your order has NOT been placed yet!',
    );
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.anonUserId, d.uid));
    expect(order).toMatchObject({ state: 'failed', paymentStatus: 'voided' });
    expect(await heldWithoutOrder()).toEqual([]);
  });
});
