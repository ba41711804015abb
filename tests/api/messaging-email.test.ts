// Email end to end: notifications queued in a transaction, delivered by the outbox worker over
// SMTP (nodemailer, SMTP_URL) to smtp-server on loopback, parsed with postal-mime.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { findByKey } from '../../src/server/modules/outbox/outbox.repository.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import {
  enqueueCustomerInfoEmail,
  enqueueOrderPlacedNotifications,
} from '../../src/server/modules/notifications/notifications.service.js';
import { lines, merchant, order } from '../fakes/messaging-data.js';
import { type FakeSmtp, startFakeSmtp } from '../fakes/smtp.js';
import { createMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let smtp: FakeSmtp;
let merchantRowId = '';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, EMAIL_FROM: 'Forkful Orders <orders@forkful.test>' },
  });
  merchantRowId = (await createMerchant(t.ctx.db)).id;
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
});

const mailTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

describe('email through SMTP', () => {
  it('uses the SMTP adapter when SMTP_URL is set', () => {
    expect(t.ctx.adapters.email.name).toBe('smtp');
  });

  it("delivers the merchant's new-order email and the diner's receipt (E3.20)", async () => {
    const o = order({ customerEmail: `diner-${randomUUID().slice(0, 8)}@example.com` });
    const m = merchant({
      id: merchantRowId,
      enableReceivingOrderPlacedSms: false,
      emailReceivingNotification: ['kitchen@lotus.test', 'owner@lotus.test'],
    });
    await t.ctx.db.transaction((tx) =>
      enqueueOrderPlacedNotifications(tx, { merchant: m, order: o, lines }),
    );
    await processOutbox(t.ctx);

    const toMerchant = smtp.received.find(
      (r) =>
        r.parsed.subject === 'New order #12 - Delivery - $41.50' &&
        r.envelopeTo.includes('kitchen@lotus.test'),
    )!;
    expect(toMerchant.envelopeTo).toEqual(['kitchen@lotus.test', 'owner@lotus.test']);
    expect(toMerchant.parsed.from?.address).toBe('orders@forkful.test');
    expect(toMerchant.parsed.text).toContain('2 x Kung Pao Chicken / 宫保鸡丁 (Large)  $26.00');
    expect(toMerchant.parsed.text).toContain('Total: $41.50 (card)');
    expect(toMerchant.parsed.replyTo?.[0]?.address).toBe(o.customerEmail);

    const receipt = mailTo(o.customerEmail);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.parsed.subject).toBe('Your order at Golden Lotus (#12)');
    expect(receipt[0]!.parsed.text).toContain('Thank you for your order, Ada Lovelace!');

    const row = await findByKey(t.ctx.db, `receipt-email:${o.id}`);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: receipt[0]!.parsed.messageId });
  });

  it("sends a customer-info submission to the merchant's recipients with its subject (C7.38)", async () => {
    const list = `vip-${randomUUID().slice(0, 8)}@lotus.test`;
    const m = merchant({
      id: merchantRowId,
      customerInfoCollect: {
        enabled: true,
        noticeMsg: '',
        recevingEmail: [list],
        subject: 'VIP club sign-up',
      },
    });
    await enqueueCustomerInfoEmail(t.ctx.db, {
      merchant: m,
      submission: {
        id: randomUUID(),
        fname: 'Grace',
        lname: 'Hopper',
        email: 'grace@example.com',
        phone: '3125550142',
        address: '1 Navy Way',
      },
    });
    await processOutbox(t.ctx);
    const [mail] = mailTo(list);
    expect(mail!.parsed.subject).toBe('VIP club sign-up');
    expect(mail!.parsed.text).toContain('First name: Grace');
    expect(mail!.parsed.text).toContain('Address: 1 Navy Way');
    expect(mail!.parsed.replyTo?.[0]?.address).toBe('grace@example.com');
  });

  it('gives up on a mailbox the server refuses for good (550), retries a temporary refusal (451)', async () => {
    const m = merchant({ id: merchantRowId, enableReceivingOrderPlacedSms: false });
    const hard = order({ customerEmail: '' });
    smtp.reject('gone@lotus.test', 550);
    await enqueueOrderPlacedNotifications(t.ctx.db, {
      merchant: { ...m, emailReceivingNotification: ['gone@lotus.test'] },
      order: hard,
      lines,
    });
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, `new-order-email:${hard.id}`)).toMatchObject({
      status: 'dead',
      lastError: expect.stringMatching(/^SMTP 550/),
    });

    const soft = order({ customerEmail: '' });
    smtp.reject('busy@lotus.test', 451);
    await enqueueOrderPlacedNotifications(t.ctx.db, {
      merchant: { ...m, emailReceivingNotification: ['busy@lotus.test'] },
      order: soft,
      lines,
    });
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, `new-order-email:${soft.id}`)).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
  });
});
