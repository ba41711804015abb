// The order-placed page's customer-info form (spec §4 customer-info flow, §5 customer info rules,
// §7 POST /api/contacts/customerInfo; checklist C7.38, C7.39, E3.60, T4.87, V5.99–V5.102): the
// details are stored and emailed to the merchant's own customerInfoCollect recipients with its
// subject; addresses and subjects sent by the browser are ignored (no open mail relay).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { customerInfoSubmissions, orders, outbox } from '../../src/server/db/schema/index.js';
import { createMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

const COLLECT = {
  enabled: true,
  noticeMsg: 'Join our club',
  recevingEmail: ['club@bistro.example', 'owner@bistro.example'],
  subject: 'New club member',
};

let t: App;
let collecting: Awaited<ReturnType<typeof createMerchant>>;
let notCollecting: Awaited<ReturnType<typeof createMerchant>>;
let ipSeq = 0;
let orderSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  collecting = await createMerchant(t.ctx.db, { customerInfoCollect: COLLECT });
  notCollecting = await createMerchant(t.ctx.db, {
    customerInfoCollect: { ...COLLECT, enabled: false },
  });
});
afterAll(() => t.app.close());

function info(over: Record<string, string> = {}) {
  return {
    fname: 'Ada',
    lname: 'Lovelace',
    email: `${uniqueId('ada')}@example.com`,
    phone: '(555) 123-4567',
    address: '12 Analytical Way, London',
    ...over,
  };
}

/** Each call from its own address, so the per-IP limit is only met where a test means to. */
async function submit(body: unknown, ip = `10.77.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contacts/customerInfo',
    remoteAddress: ip,
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() };
}

async function submissionsFor(email: string) {
  return t.ctx.db
    .select()
    .from(customerInfoSubmissions)
    .where(eq(customerInfoSubmissions.email, email));
}

async function emailFor(submissionId: string) {
  return t.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.messageKey, `customer-info-email:${submissionId}`));
}

async function orderOf(merchantUuid: string, state: 'placed' | 'failed' = 'placed') {
  const [row] = await t.ctx.db
    .insert(orders)
    .values({
      merchantId: merchantUuid,
      state,
      ...(state === 'placed' ? { orderNumber: ++orderSeq, dailyOrderNumber: orderSeq } : {}),
      anonUserId: uniqueId('anon'),
      idempotencyKey: uniqueId('key'),
      orderMethod: 'pickup',
      paymentMethod: 'cash',
      subtotalCents: 1000,
      taxCents: 100,
      tipsCents: 0,
      totalCents: 1100,
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('POST /api/contacts/customerInfo', () => {
  it('stores the details with the phone’s digits and queues one email to the merchant’s recipients with its subject', async () => {
    const ci = info();
    const res = await submit({ merchantId: collecting.merchantId, customerInfo: ci });
    expect(res).toEqual({ status: 200, body: { success: true } });

    const rows = await submissionsFor(ci.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: collecting.id,
      orderId: null,
      fname: 'Ada',
      lname: 'Lovelace',
      phone: '5551234567',
      address: '12 Analytical Way, London',
    });
    const mail = await emailFor(rows[0]!.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'email', merchantId: collecting.id, status: 'pending' });
    expect(mail[0]!.payload).toMatchObject({
      to: COLLECT.recevingEmail,
      subject: COLLECT.subject,
      replyTo: ci.email,
      purpose: 'customer-info',
    });
    expect(mail[0]!.payload.text).toContain('Phone: 5551234567');
  });

  it('ignores recipients and a subject sent in the body', async () => {
    const ci = info();
    const res = await submit({
      merchantId: collecting.merchantId,
      customerInfo: ci,
      recipients: ['victim@elsewhere.example'],
      option: { subject: 'You won a prize' },
    });
    expect(res.status).toBe(200);
    const [row] = await submissionsFor(ci.email);
    const [mail] = await emailFor(row!.id);
    expect(mail!.payload.to).toEqual(COLLECT.recevingEmail);
    expect(mail!.payload.subject).toBe(COLLECT.subject);
    expect(JSON.stringify(mail!.payload)).not.toContain('victim@elsewhere.example');
    expect(JSON.stringify(mail!.payload)).not.toContain('You won a prize');
  });

  it.each(['fname', 'lname', 'email', 'phone', 'address'])(
    'says "This field needs to be filled" when %s is empty, and stores nothing',
    async (field) => {
      const ci = info({ [field]: '  ' });
      const res = await submit({ merchantId: collecting.merchantId, customerInfo: ci });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This field needs to be filled');
      expect(res.body.issues[0].path).toEqual(['body', 'customerInfo', field]);
      if (field !== 'email') expect(await submissionsFor(ci.email)).toEqual([]);
    },
  );

  it('says "This field needs to be filled" when a field is missing', async () => {
    const { address: _address, ...ci } = info();
    const res = await submit({ merchantId: collecting.merchantId, customerInfo: ci });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This field needs to be filled');
  });

  it('says "Invalid Email format" for an address that is not one, and stores nothing', async () => {
    const res = await submit({
      merchantId: collecting.merchantId,
      customerInfo: info({ email: 'a@b' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid Email format');
    expect(await submissionsFor('a@b')).toEqual([]);
  });

  it('says "Invalid phone format" for fewer than 10 digits, and stores nothing', async () => {
    const ci = info({ phone: '555-123-456' });
    const res = await submit({ merchantId: collecting.merchantId, customerInfo: ci });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid phone format');
    expect(await submissionsFor(ci.email)).toEqual([]);
  });

  it('refuses a store that does not collect customer info (404), storing and sending nothing', async () => {
    const ci = info();
    const res = await submit({ merchantId: notCollecting.merchantId, customerInfo: ci });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This store does not collect customer information');
    expect(await submissionsFor(ci.email)).toEqual([]);
  });

  it('keeps the details but queues no email when collection is on with no recipient', async () => {
    const m = await createMerchant(t.ctx.db, {
      customerInfoCollect: { ...COLLECT, recevingEmail: [] },
    });
    const ci = info();
    expect((await submit({ merchantId: m.merchantId, customerInfo: ci })).status).toBe(200);
    const [row] = await submissionsFor(ci.email);
    expect(row!.merchantId).toBe(m.id);
    expect(await emailFor(row!.id)).toEqual([]);
  });

  it('refuses an unknown merchant (404)', async () => {
    const res = await submit({ merchantId: uniqueId('nobody'), customerInfo: info() });
    expect(res.status).toBe(404);
  });

  it('links the submission to the merchant’s own order', async () => {
    const orderId = await orderOf(collecting.id);
    const ci = info();
    const res = await submit({ merchantId: collecting.merchantId, orderId, customerInfo: ci });
    expect(res.status).toBe(200);
    expect((await submissionsFor(ci.email))[0]!.orderId).toBe(orderId);
  });

  it('refuses another merchant’s order id, a failed order and an unknown one (404)', async () => {
    const others = await orderOf(notCollecting.id);
    const failed = await orderOf(collecting.id, 'failed');
    for (const orderId of [others, failed, '00000000-0000-4000-8000-000000000000']) {
      const ci = info();
      const res = await submit({ merchantId: collecting.merchantId, orderId, customerInfo: ci });
      expect(res.status, orderId).toBe(404);
      expect(res.body.message).toBe('Order not found');
      expect(await submissionsFor(ci.email)).toEqual([]);
    }
  });

  it('refuses an order id that is not an id (400)', async () => {
    const res = await submit({
      merchantId: collecting.merchantId,
      orderId: '1 OR 1=1',
      customerInfo: info(),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toEqual(['body', 'orderId']);
  });

  it('limits one address to 5 submissions a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await submit(
        { merchantId: notCollecting.merchantId, customerInfo: info() },
        '10.78.0.1',
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses[5]).toBe(429);
  });
});
