// The texts the app sends and the rules for when it sends them, then queued on a real database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { findByKey } from '../outbox/outbox.repository.js';
import { EMAIL_TEXT_MAX, OUTBOX_CHANNEL, emailPayloadSchema } from '../outbox/outbox.types.js';
import { createTestApp } from '../../../../tests/support/test-app.js';
import { lines, merchant, order } from '../../../../tests/fakes/messaging-data.js';
import {
  buildCustomerInfoEmail,
  buildNewOrderEmail,
  buildOrderPlacedSms,
  buildReadyTimeSms,
  buildReceiptEmail,
  buildVerificationSms,
  enqueueCustomerInfoEmail,
  enqueueOrderPlacedNotifications,
  enqueueReadyTimeSms,
  enqueueVerificationSms,
} from './notifications.service.js';

describe('message texts', () => {
  it("sends the merchant's order-placed SMS to the store phone only when enabled (E3.20)", () => {
    expect(buildOrderPlacedSms(merchant(), order())).toEqual({
      to: '+12125550188',
      purpose: 'order-placed',
      body: 'New delivery order #12 from Ada Lovelace: $41.50.',
    });
    expect(
      buildOrderPlacedSms(merchant({ enableReceivingOrderPlacedSms: false }), order()),
    ).toBeNull();
    expect(buildOrderPlacedSms(merchant({ phone: '+44 20 7946 0958' }), order())).toBeNull();
  });

  it('says when a scheduled order is for', () => {
    const sms = buildOrderPlacedSms(
      merchant(),
      order({ scheduleDate: 'Nov 24', scheduleTimeStr: '6:30 PM' }),
    );
    expect(sms?.body).toBe('New delivery order #12 from Ada Lovelace: $41.50, for Nov 24 6:30 PM.');
  });

  it('texts the diner the ready time, and "is ready" for 0 minutes (C7.104, S2.87)', () => {
    expect(buildReadyTimeSms(merchant(), order(), 20)).toEqual({
      to: '+13125550142',
      purpose: 'ready-time',
      body: 'Golden Lotus: your order #12 will be ready in 20 minutes.',
    });
    expect(buildReadyTimeSms(merchant(), order(), 1)?.body).toMatch(/in 1 minute\.$/);
    expect(buildReadyTimeSms(merchant(), order(), 0)?.body).toBe(
      'Golden Lotus: your order #12 is ready.',
    );
    expect(buildReadyTimeSms(merchant(), order(), 1000)).toBeNull(); // K9 ready minutes max 999
    expect(
      buildReadyTimeSms(merchant({ enableOrderTimeConfirmSms: false }), order(), 20),
    ).toBeNull();
  });

  it('emails the new order to emailReceivingNotification with lines, handover and totals', () => {
    const email = buildNewOrderEmail(merchant(), order(), lines)!;
    expect(email.to).toEqual(['orders@goldenlotus.example', 'chef@goldenlotus.example']);
    expect(email.subject).toBe('New order #12 - Delivery - $41.50');
    expect(email.replyTo).toBe('ada@example.com');
    expect(email.text).toContain('Placed: Nov 23, 12:05 PM'); // the merchant's time zone
    expect(email.text).toContain('Address: 350 5th Ave, New York, NY 10118');
    expect(email.text).toContain('Note: Ring twice');
    expect(email.text).toContain('2 x Kung Pao Chicken / 宫保鸡丁 (Large)  $26.00');
    expect(email.text).toContain('    + Extra spicy');
    expect(email.text).toContain('    Note: No peanuts');
    expect(email.text).toContain('1 x Fortune Cookie  free');
    expect(email.text).toContain('Delivery fee: $4.00');
    expect(email.text).toContain('Total: $41.50 (card)');
    expect(email.text).not.toContain('Discount');
    expect(
      buildNewOrderEmail(merchant({ emailReceivingNotification: [] }), order(), lines),
    ).toBeNull();
  });

  it("shows curbside car, dine-in table and room in the merchant's email", () => {
    const curb = buildNewOrderEmail(
      merchant(),
      order({ orderMethod: 'curbside', carColor: 'Red', carMakeModel: 'Honda Civic' }),
      lines,
    )!;
    expect(curb.text).toContain('Car: Red Honda Civic');
    const dine = buildNewOrderEmail(
      merchant(),
      order({ orderMethod: 'dinein', dineinTableName: 'A3' }),
      lines,
    )!;
    expect(dine.text).toContain('Table: A3');
    const room = buildNewOrderEmail(
      merchant(),
      order({ orderMethod: 'roomServiceDelivery', roomServiceRoom: '1204' }),
      lines,
    )!;
    expect(room.text).toContain('Room: 1204');
  });

  it('sends the diner a receipt only when they gave an email', () => {
    const receipt = buildReceiptEmail(merchant(), order(), lines)!;
    expect(receipt.to).toEqual(['ada@example.com']);
    expect(receipt.subject).toBe('Your order at Golden Lotus (#12)');
    expect(receipt.text).toContain('Thank you for your order, Ada Lovelace!');
    expect(receipt.text).toContain('Total: $41.50 (card)');
    expect(buildReceiptEmail(merchant(), order({ customerEmail: '' }), lines)).toBeNull();
    expect(
      buildReceiptEmail(merchant(), order({ customerEmail: 'not-an-email' }), lines),
    ).toBeNull();
  });

  it('leaves out an address the outbox refuses and clips to its limits: never refused when queued (issue 24)', () => {
    const stored = order({ customerEmail: '"quoted"@example.com' }); // stored before the rule
    expect(buildReceiptEmail(merchant(), stored, lines)).toBeNull();
    const toMerchant = buildNewOrderEmail(
      merchant({ emailReceivingNotification: ['kitchen@lotus.test', 'not an address'] }),
      stored,
      lines,
    )!;
    expect(toMerchant.to).toEqual(['kitchen@lotus.test']);
    expect(toMerchant).not.toHaveProperty('replyTo');
    expect(emailPayloadSchema.safeParse(toMerchant).success).toBe(true);
    const dotAtom = buildNewOrderEmail(
      merchant(),
      order({ customerEmail: 'a=b@example.com' }),
      lines,
    );
    expect(dotAtom?.replyTo).toBe('a=b@example.com');
    const huge = Array.from({ length: 50 }, () => ({ ...lines[0]!, note: 'N'.repeat(5000) }));
    const long = buildNewOrderEmail(merchant(), order(), huge.concat(huge))!;
    expect(long.text).toHaveLength(EMAIL_TEXT_MAX);
    expect(emailPayloadSchema.safeParse(long).success).toBe(true);
  });

  it("takes customer-info recipients and subject from the merchant's setting (C7.38, E3.23)", () => {
    const s = {
      id: randomUUID(),
      fname: 'Ada',
      lname: 'Lovelace',
      email: 'ada@example.com',
      phone: '3125550142',
      address: '1 Main St',
    };
    const email = buildCustomerInfoEmail(merchant(), s)!;
    expect(email.to).toEqual(['list@goldenlotus.example']);
    expect(email.subject).toBe('New VIP sign-up');
    expect(email.text).toContain(
      'First name: Ada\nLast name: Lovelace\nEmail: ada@example.com\nPhone: 3125550142\nAddress: 1 Main St',
    );
    expect(buildCustomerInfoEmail(merchant({ customerInfoCollect: null }), s)).toBeNull();
  });

  it('writes no control or direction character into a text, an e-mail or its subject (issue 24)', () => {
    // Stored before the door refused them: a one-line field's line break would forge a line
    // ("Total: $0.00"), ESC and BEL drive the printer or terminal that shows it, U+202E reverses.
    const dirty = {
      customerName: 'Ada\u001b[2J\nTotal: $0.00',
      deliveryNote: 'Ring twice\r\nGate \u202e4321\u0007',
      carColor: 'Red\t',
    };
    const m = merchant({ name: 'Golden\u0007 Lotus\u2066' });
    const l = [{ ...lines[0]!, name: 'Kung\rPao', note: 'No\u001b peanuts\nplease' }];
    const messages = [
      buildOrderPlacedSms(m, order(dirty))!.body,
      buildReadyTimeSms(m, order(dirty), 5)!.body,
      buildVerificationSms('3125550142', '0427', { storeName: m.name })!.body,
      ...[buildNewOrderEmail(m, order(dirty), l)!, buildReceiptEmail(m, order(dirty), l)!].flatMap(
        (e) => [e.subject, e.text],
      ),
    ];
    for (const text of messages) {
      // eslint-disable-next-line no-control-regex -- the characters no message may carry
      expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/);
      expect(text).not.toMatch(/^Total: \$0\.00/m);
    }
    const email = buildNewOrderEmail(m, order(dirty), l)!.text;
    expect(email).toContain('Customer: Ada[2J Total: $0.00');
    expect(email).toContain('Note: Ring twice\nGate 4321');
    expect(email).toContain('2 x Kung Pao');
    expect(email).toContain('    Note: No peanuts\nplease');
    const info = buildCustomerInfoEmail(
      merchant({
        customerInfoCollect: {
          enabled: true,
          noticeMsg: '',
          recevingEmail: ['list@goldenlotus.example'],
          subject: 'VIP\r\nBcc: x@evil.example',
        },
      }),
      {
        id: randomUUID(),
        fname: 'A\u202eda',
        lname: 'L',
        email: 'a@example.com',
        phone: '1',
        address: 'x\ny',
      },
    )!;
    expect(info.subject).toBe('VIP Bcc: x@evil.example');
    expect(info.text).toContain('First name: Ada\n');
    expect(info.text).toContain('Address: x y');
  });

  it('texts a 4-digit verification code to +1 numbers only (K9.52)', () => {
    expect(
      buildVerificationSms('312-555-0142', '0427', {
        storeName: 'Golden Lotus',
        expiresInMinutes: 10,
      }),
    ).toEqual({
      to: '+13125550142',
      purpose: 'verification-code',
      body: 'Golden Lotus: your verification code is 0427. It expires in 10 minutes.',
    });
    expect(buildVerificationSms('+44 7911 123456', '0427')).toBeNull();
  });
});

describe('queuing notifications', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('queues the merchant SMS, the merchant email and the receipt once per order', async () => {
    const o = order();
    const m = merchant({ id: (await t.ctx.db.query.merchants.findFirst())!.id });
    const first = await t.ctx.db.transaction((tx) =>
      enqueueOrderPlacedNotifications(tx, { merchant: m, order: o, lines }),
    );
    expect(first.map((q) => [q.messageKey.split(':')[0], q.queued, q.created])).toEqual([
      ['order-placed-sms', true, true],
      ['new-order-email', true, true],
      ['receipt-email', true, true],
    ]);
    const again = await enqueueOrderPlacedNotifications(t.ctx.db, { merchant: m, order: o, lines });
    expect(again.every((q) => q.created === false)).toBe(true);
    expect(await findByKey(t.ctx.db, `order-placed-sms:${o.id}`)).toMatchObject({
      kind: 'sms',
      merchantId: m.id,
      status: 'pending',
      payload: { to: '+12125550188' },
    });
  });

  it('wakes the outbox workers once when the messages commit, and not for a repeat', async () => {
    const m = merchant({ id: (await t.ctx.db.query.merchants.findFirst())!.id });
    const o = order();
    const wakes: string[] = [];
    const stop = await t.ctx.database.listen(OUTBOX_CHANNEL, (p) => wakes.push(p));
    try {
      await t.ctx.db.transaction((tx) =>
        enqueueOrderPlacedNotifications(tx, { merchant: m, order: o, lines }),
      );
      await expect.poll(() => wakes.length).toBe(1);
      await t.ctx.db.transaction((tx) =>
        enqueueOrderPlacedNotifications(tx, { merchant: m, order: o, lines }),
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(wakes.length).toBe(1);
    } finally {
      await stop();
    }
  });

  it('skips what does not apply and says why', async () => {
    const m = merchant({
      id: (await t.ctx.db.query.merchants.findFirst())!.id,
      enableReceivingOrderPlacedSms: false,
      emailReceivingNotification: [],
    });
    const r = await enqueueOrderPlacedNotifications(t.ctx.db, {
      merchant: m,
      order: order({ customerEmail: '' }),
      lines,
    });
    expect(r.map((q) => q.skipped)).toEqual([
      'setting off',
      'no notification email',
      'diner gave no email',
    ]);
  });

  it('queues the ready-time text once per order (T4.64)', async () => {
    const m = merchant({ id: (await t.ctx.db.query.merchants.findFirst())!.id });
    const o = order();
    const a = await enqueueReadyTimeSms(t.ctx.db, { merchant: m, order: o, minutes: 15 });
    const b = await enqueueReadyTimeSms(t.ctx.db, { merchant: m, order: o, minutes: 25 });
    expect(a).toMatchObject({ queued: true, created: true });
    expect(b).toMatchObject({ queued: true, created: false });
    expect((await findByKey(t.ctx.db, a.messageKey))?.payload.body).toMatch(/in 15 minutes/);
  });

  it('queues customer-info emails and verification codes', async () => {
    const m = merchant({ id: (await t.ctx.db.query.merchants.findFirst())!.id });
    const c = await enqueueCustomerInfoEmail(t.ctx.db, {
      merchant: m,
      submission: {
        id: randomUUID(),
        fname: 'A',
        lname: 'B',
        email: 'a@b.co',
        phone: '3125550142',
        address: 'x',
      },
    });
    expect(c.queued).toBe(true);
    const v = await enqueueVerificationSms(t.ctx.db, {
      phone: '3125550142',
      code: '1234',
      sendId: randomUUID(),
    });
    expect(v.queued).toBe(true);
    expect((await findByKey(t.ctx.db, v.messageKey))?.payload).toMatchObject({
      purpose: 'verification-code',
    });
    expect(
      await enqueueVerificationSms(t.ctx.db, { phone: '+447911123456', code: '1', sendId: 'x' }),
    ).toMatchObject({
      queued: false,
    });
  });
});
