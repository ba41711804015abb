// The order's life on the merchant's side (issue 26, docs/decisions/order-life.md): accept (with
// the ready minutes), ready, complete and cancel through the orders module's commands — each
// audited and recorded as an order event, a command outside its states a 409 naming the state —
// and many commands on one order at once, across two app instances on one PostgreSQL database:
// one wins, the others get a 409 naming the state it left, and money moves at most once.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  merchantAudit,
  orderEvents,
  orders,
  paymentTransactions,
} from '../../src/server/db/schema/index.js';
import { acceptOrder, recordOrderVoid } from '../../src/server/modules/orders/index.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { createTestApp, withSecondInstance } from '../support/test-app.js';
import { onPostgresServer } from '../support/test-db.js';

// Shared by both instances: a session cookie signed by one must be read by the other.
const env = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  RATE_LIMIT_MULTIPLIER: '1000',
};
let t: App;
let m: Awaited<ReturnType<typeof createMerchant>> & { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ env });
  const a = await createMerchant(t.ctx.db);
  m = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
});
afterAll(() => t.app.close());

const path = (id: string, command: string) =>
  `/api/orders7/merchantId/${m.merchantId}/order/_id/${id}/${command}`;
const call = (app: App, id: string, command: string, payload?: object) =>
  app.app.inject({
    method: 'POST',
    url: path(id, command),
    headers: { cookie: m.cookie },
    ...(payload ? { payload } : {}),
  });
const stateOf = async (id: string) =>
  (await t.ctx.db.select({ state: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.state;
const cashOrder = async () => (await placeTestOrder(t.ctx, m.merchantId)).orderId;

describe('the order life commands (merchant routes)', () => {
  it('accepts with the ready minutes, marks ready, completes: each audited and an order event', async () => {
    const id = await cashOrder();
    const accepted = await call(t, id, 'accept', { willBeReadyInMinutes: 20 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'placed',
      stage: 'accepted',
      willBeReadyInMinutes: 20,
    });
    expect((await call(t, id, 'ready')).json()).toMatchObject({ stage: 'ready' });
    expect((await call(t, id, 'complete')).json()).toMatchObject({ stage: 'completed' });
    expect(await stateOf(id)).toBe('completed');

    const audit = await t.ctx.db
      .select({ action: merchantAudit.action })
      .from(merchantAudit)
      .where(eq(merchantAudit.orderId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['accept', 'complete', 'markReady']);
    const events = await t.ctx.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id));
    // placed, then one per command.
    expect(events.map((e) => e.kind)).toEqual(['placed', 'updated', 'updated', 'updated']);
  });

  it('refuses a command outside its states with 409 naming the state, writing nothing', async () => {
    const id = await cashOrder();
    expect((await call(t, id, 'cancel')).statusCode).toBe(200);
    const again = await call(t, id, 'accept', { willBeReadyInMinutes: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is cancelled: accept is not allowed');
    expect(again.json().issues).toEqual([
      { path: ['params', 'id'], message: 'This order is cancelled: accept is not allowed' },
    ]);
    expect((await call(t, id, 'complete')).statusCode).toBe(409);
    expect(await stateOf(id)).toBe('cancelled');
  });

  it('names the bad minutes (400) and another merchant’s or an unknown order is a 404', async () => {
    const id = await cashOrder();
    const bad = await call(t, id, 'accept', { willBeReadyInMinutes: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().issues)).toContain('willBeReadyInMinutes');
    const other = await createMerchant(t.ctx.db);
    const theirs = (await placeTestOrder(t.ctx, other.merchantId)).orderId;
    expect((await call(t, theirs, 'ready')).statusCode).toBe(404);
    expect(await stateOf(theirs)).toBe('placed');
  });

  it('cancels a card order and releases its money through payments (a void, once)', async () => {
    const placed = await placeTestOrder(t.ctx, m.merchantId, undefined, 'card', 'anon-card');
    const res = await call(t, placed.orderId, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(placed.orderId)).toBe('cancelled');
    const voids = await t.ctx.db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.orderId, placed.orderId),
          eq(paymentTransactions.operation, 'void'),
        ),
      );
    expect(voids.map((v) => [v.status, v.idempotencyKey])).toEqual([
      ['approved', `void:${placed.orderId}`],
    ]);
  });
});

describe.skipIf(!onPostgresServer())('many commands on one order at once, two instances', () => {
  it('lets one of accept, ready, complete and cancel win; the others answer 409 naming the state', async () => {
    await withSecondInstance({ env }, async (other) => {
      for (let round = 0; round < 5; round += 1) {
        const id = await cashOrder();
        const commands = ['accept', 'cancel', 'complete', 'cancel', 'accept', 'complete'];
        const answers = await Promise.all(
          commands.map((c, i) =>
            call(
              i % 2 ? other : t,
              id,
              c,
              c === 'accept' ? { willBeReadyInMinutes: 10 } : undefined,
            ),
          ),
        );
        const state = await stateOf(id);
        const won = answers.filter((a) => a.statusCode === 200);
        // accept may be followed by complete or cancel (both allowed after it); cancel and
        // complete are ends of this race: never both.
        expect(state === 'cancelled' || state === 'completed' || state === 'accepted').toBe(true);
        const ended = answers
          .map((a, i) => (a.statusCode === 200 ? commands[i] : null))
          .filter((c) => c === 'cancel' || c === 'complete');
        expect(ended.length).toBeLessThanOrEqual(1);
        expect(won.length).toBeGreaterThanOrEqual(1);
        for (const a of answers.filter((x) => x.statusCode !== 200)) {
          expect(a.statusCode).toBe(409);
          expect(a.json().message).toMatch(/^This order is (accepted|cancelled|completed): /);
        }
        // Cash: no gateway row at all.
        const money = await t.ctx.db
          .select()
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.orderId, id)));
        expect(money).toHaveLength(0);
      }
    });
  });

  it('a void the gateway approved is recorded after a concurrent accept commits, not lost to it', async () => {
    // The bug the race below once found, made deterministic: the accept's transaction is open
    // when the void's record starts; the record must wait for it and void the accepted order.
    await withSecondInstance({ env }, async (other) => {
      const placed = await placeTestOrder(t.ctx, m.merchantId, undefined, 'card', 'anon-lock');
      const row = (await t.ctx.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]!;
      const target = { merchantUuid: row.merchantId, orderId: row.id, timeZone: 'UTC' };
      let record: Promise<unknown> | undefined;
      await other.ctx.db.transaction(async (tx) => {
        await acceptOrder(other.ctx, tx, target, 10, {
          merchantUuid: row.merchantId,
          sessionRef: 'test',
        });
        record = t.ctx.db.transaction((tx2) => recordOrderVoid(t.ctx, tx2, target));
        // Long enough for the record to read the order while the accept is uncommitted.
        await new Promise((r) => setTimeout(r, 300));
      });
      const done = (await record) as { after: { state: string } } | undefined;
      expect(done?.after.state).toBe('voided');
      const after = (await t.ctx.db.select().from(orders).where(eq(orders.id, row.id)))[0]!;
      expect([after.state, after.hasVoid, after.paymentStatus]).toEqual(['voided', true, 'voided']);
    });
  });

  // This race once ended with a merchant's void approved at the gateway while the order stayed
  // accepted (money released, order still open): the void's record lost to the accept's write.
  // Commands now decide on the locked row, so the record waits for the accept and then voids.
  it('card orders: of accept, ready, cancel and the merchant’s void at once, the money moves at most once', async () => {
    const voidCall = (app: App, transactionId: string) =>
      app.app.inject({
        method: 'PUT',
        url: `/api/transactions/merchantId/${m.merchantId}/transactionId/${transactionId}/void`,
        headers: { cookie: m.cookie },
      });
    await withSecondInstance({ env }, async (other) => {
      for (let round = 0; round < 6; round += 1) {
        const placed = await placeTestOrder(t.ctx, m.merchantId, undefined, 'card', 'anon-race');
        const id = placed.orderId;
        const steps: [string, (app: App) => ReturnType<typeof voidCall>][] = [
          ['cancel', (app) => call(app, id, 'cancel')],
          ['void', (app) => voidCall(app, placed.transactionId!)],
          ['accept', (app) => call(app, id, 'accept', { willBeReadyInMinutes: 10 })],
          ['ready', (app) => call(app, id, 'ready')],
          ['cancel', (app) => call(app, id, 'cancel')],
          ['void', (app) => voidCall(app, placed.transactionId!)],
        ];
        // Each round starts on another instance, so each command comes from both.
        const answers = await Promise.all(
          steps.map(([, run], i) => run((i + round) % 2 ? other : t)),
        );
        for (const a of answers) expect([200, 409, 503]).toContain(a.statusCode);
        const order = (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
        const gatewayVoids = await t.ctx.db
          .select()
          .from(paymentTransactions)
          .where(
            and(
              eq(paymentTransactions.orderId, id),
              eq(paymentTransactions.operation, 'void'),
              eq(paymentTransactions.status, 'approved'),
            ),
          );
        // One void at most, ever: the ledger's key void:<order id> is shared by both paths.
        expect(gatewayVoids.length).toBeLessThanOrEqual(1);
        const cancels = answers.filter((a, i) => steps[i]![0] === 'cancel' && a.statusCode === 200);
        expect(cancels.length).toBeLessThanOrEqual(1);
        if (order.state === 'cancelled' || order.state === 'voided') {
          // Ended by one of them, its money released once, and the order says so.
          expect(gatewayVoids).toHaveLength(1);
          expect(order.paymentStatus).toBe('voided');
        } else {
          // Neither ended it: the card is still held.
          expect(gatewayVoids).toHaveLength(0);
          expect(order.paymentStatus).toBe('authorized');
        }
      }
    });
  });

  it('card orders: of a tip adjustment, a cancel and a void at once, the order records what won (issue 26 item 3)', async () => {
    const tx = (transactionId: string) =>
      `/api/transactions/merchantId/${m.merchantId}/transactionId/${transactionId}`;
    await withSecondInstance({ env }, async (other) => {
      for (let round = 0; round < 6; round += 1) {
        const placed = await placeTestOrder(t.ctx, m.merchantId, undefined, 'card', 'anon-tips');
        const id = placed.orderId;
        const before = (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
        const steps: [string, (app: App) => ReturnType<typeof call>][] = [
          [
            'tips',
            (app) =>
              app.app.inject({
                method: 'PUT',
                url: tx(placed.transactionId!),
                headers: { cookie: m.cookie },
                payload: { adjustedTips: '3' },
              }),
          ],
          ['cancel', (app) => call(app, id, 'cancel')],
          [
            'void',
            (app) =>
              app.app.inject({
                method: 'PUT',
                url: `${tx(placed.transactionId!)}/void`,
                headers: { cookie: m.cookie },
              }),
          ],
        ];
        const answers = await Promise.all(
          steps.map(([, run], i) => run((i + round) % 2 ? other : t)),
        );
        for (const a of answers) expect([200, 409, 503]).toContain(a.statusCode);
        const order = (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
        const voids = await t.ctx.db
          .select()
          .from(paymentTransactions)
          .where(
            and(
              eq(paymentTransactions.orderId, id),
              eq(paymentTransactions.operation, 'void'),
              eq(paymentTransactions.status, 'approved'),
            ),
          );
        expect(voids.length).toBeLessThanOrEqual(1);
        if (order.state === 'cancelled' || order.state === 'voided') {
          expect(voids).toHaveLength(1);
          expect(order.paymentStatus).toBe('voided');
        } else {
          expect(voids).toHaveLength(0);
          expect(order.state).toBe('placed');
        }
        // The tip command wrote the order only when the tip adjustment answered 200, and then
        // with the new tips and a total moved by exactly the tip's change.
        if (order.tipsCents !== before.tipsCents) {
          expect(answers[0]!.statusCode).toBe(200);
          expect(order.tipsCents).toBe(300);
          expect(order.totalCents).toBe(before.totalCents - before.tipsCents + 300);
        }
        if (answers[0]!.statusCode !== 200) expect(order.tipsCents).toBe(before.tipsCents);
      }
    });
  });
});
