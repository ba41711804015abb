// The ready-time text (spec §7 POST .../sendOrderTimeSMS): the minutes are always saved; with the
// text on, it goes through the outbox to the order's stored phone, once per order (once delivered:
// a text that failed for good may be sent again), same day only, with the spec's messages.
// Checklist: C7.104, C7.105 (the body's phone is ignored), T4.64 (once), T4.65 (same day), T4.66
// (enableOrderTimeConfirmSms), M8.14/M8.15 (the two failure texts), V5 ready minutes ≤ 999.
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { merchantAudit, orders, outbox } from '../../src/server/db/schema/index.js';
import { placeOrderWithPayment } from '../../src/server/modules/payments/payments.service.js';
import { orderDraft } from '../support/orders.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const NOW = '2026-05-12T15:00:00Z'; // 10:00 in Chicago (the fixture merchant)
const clock = manualClock(NOW);
let t: App;
type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
let on: SignedIn;
let off: SignedIn;

const draft = () => orderDraft({ phone: '3125550177' });

async function placed(who: { merchantId: string }, at = NOW) {
  clock.set(at);
  try {
    const r = await placeOrderWithPayment(t.ctx, {
      merchantId: who.merchantId,
      anonUserId: 'anon-sms',
      idempotencyKey: randomUUID(),
      order: draft(),
      payment: { method: 'cash' },
    });
    return r.orderId;
  } finally {
    clock.set(NOW);
  }
}

const send = (who: SignedIn, body: Record<string, unknown>, cookie = who.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders7/merchantId/${who.merchantId}/sendOrderTimeSMS`,
    headers: { cookie },
    payload: body,
  });

const textsOf = (orderId: string) =>
  t.ctx.db
    .select()
    .from(outbox)
    .where(like(outbox.messageKey, `ready-time-sms:${orderId}%`));

async function orderRow(id: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await createMerchant(t.ctx.db, { enableOrderTimeConfirmSms: true });
  on = { ...a, cookie: await signInMerchant(t.app, a.merchantId, a.password) };
  const b = await createMerchant(t.ctx.db, { enableOrderTimeConfirmSms: false });
  off = { ...b, cookie: await signInMerchant(t.app, b.merchantId, b.password) };
});
afterAll(() => t.app.close());

describe('POST .../sendOrderTimeSMS', () => {
  it("saves the minutes and texts the order's stored phone, not one in the body", async () => {
    const id = await placed(on);
    const res = await send(on, { _id: id, willBeReadyInMinutes: '25', phone: '2125550000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasSentOrderTimeSMS: true,
      text: 'queued',
      order: { _id: id, willBeReadyInMinutes: 25, hasSentOrderTimeSMS: true },
    });
    const [sms] = await textsOf(id);
    expect(sms!.payload).toMatchObject({ to: '+13125550177', purpose: 'ready-time' });
    expect((sms!.payload as { body: string }).body).toMatch(/will be ready in 25 minutes\.$/);
    const audit = await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(and(eq(merchantAudit.orderId, id), eq(merchantAudit.action, 'ready_time')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ text: 'queued' });
  });

  it('takes the whole order as read with the minutes changed; refuses a key no read has (issue 28)', async () => {
    const id = await placed(on);
    const read = await t.app.inject({
      url: `/api/orders7/merchantId/${on.merchantId}/order/_id/${id}`,
      headers: { cookie: on.cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    const unknown = await send(on, { ...read.json(), willBeReadyInMinutes: 20, smsText: 'Hi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toContainEqual({
      path: ['body'],
      message: 'Unrecognized key: "smsText"',
    });
    const res = await send(on, { ...read.json(), willBeReadyInMinutes: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ _id: id, willBeReadyInMinutes: 20 });
  });

  it('sends once: a second send is refused and queues nothing', async () => {
    const id = await placed(on);
    expect((await send(on, { _id: id, willBeReadyInMinutes: 10 })).statusCode).toBe(200);
    const again = await send(on, { _id: id, willBeReadyInMinutes: 15 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'Fail to send Text Message / Please try later',
      issues: [{ message: 'The ready time was already texted' }],
    });
    expect(await textsOf(id)).toHaveLength(1);
    expect((await orderRow(id)).willBeReadyInMinutes).toBe(10);
  });

  it('queues one text for two sends at the same moment', async () => {
    const id = await placed(on);
    const both = await Promise.all([
      send(on, { _id: id, willBeReadyInMinutes: 20 }),
      send(on, { _id: id, willBeReadyInMinutes: 30 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await textsOf(id)).toHaveLength(1);
  });

  it('may send again once the earlier text failed for good', async () => {
    const id = await placed(on);
    expect((await send(on, { _id: id, willBeReadyInMinutes: 5 })).statusCode).toBe(200);
    await t.ctx.db
      .update(outbox)
      .set({ status: 'dead' })
      .where(like(outbox.messageKey, `ready-time-sms:${id}%`));
    const retry = await send(on, { _id: id, willBeReadyInMinutes: 0 });
    expect(retry.statusCode).toBe(200);
    const texts = await textsOf(id);
    expect(texts.map((m) => m.messageKey).sort()).toEqual([
      `ready-time-sms:${id}`,
      `ready-time-sms:${id}:2`,
    ]);
    const second = texts.find((m) => m.messageKey.endsWith(':2'))!;
    expect((second.payload as { body: string }).body).toMatch(/is ready\.$/);
  });

  it('saves the minutes without a text when texts are off', async () => {
    const id = await placed(off);
    const res = await send(off, { _id: id, willBeReadyInMinutes: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasSentOrderTimeSMS: false,
      text: 'off',
      order: { willBeReadyInMinutes: 40 },
    });
    expect(await textsOf(id)).toHaveLength(0);
  });

  it("refuses yesterday's order", async () => {
    const id = await placed(on, '2026-05-11T15:00:00Z');
    const res = await send(on, { _id: id, willBeReadyInMinutes: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json().issues[0].message).toBe('Only same-day orders can be texted');
    expect(await textsOf(id)).toHaveLength(0);
  });

  it.each([
    [undefined, 'Fail to send SMS [Empty minutes selected]'],
    ['', 'Fail to send SMS [Empty minutes selected]'],
    ['1000', 'Invalid'],
    ['-5', 'Invalid'],
    ['ten', 'Invalid'],
  ])('refuses the minutes %j with %s', async (minutes, message) => {
    const id = await placed(on);
    const res = await send(on, { _id: id, willBeReadyInMinutes: minutes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message,
      issues: [{ path: ['body', 'willBeReadyInMinutes'], message }],
    });
    expect(await textsOf(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or another merchant’s order, 401 and 403 to the wrong caller', async () => {
    expect((await send(on, { _id: randomUUID(), willBeReadyInMinutes: 5 })).statusCode).toBe(404);
    const theirs = await placed(off);
    expect((await send(on, { _id: theirs, willBeReadyInMinutes: 5 })).statusCode).toBe(404);
    const mine = await placed(on);
    expect((await send(on, { _id: mine, willBeReadyInMinutes: 5 }, '')).statusCode).toBe(401);
    expect((await send(on, { _id: mine, willBeReadyInMinutes: 5 }, off.cookie)).statusCode).toBe(
      403,
    );
  });
});
