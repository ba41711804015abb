// The SMTP adapter (nodemailer) against smtp-server on loopback, parsed with postal-mime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp.js';
import {
  EmailError,
  createOfflineEmailAdapter,
  createSmtpEmailAdapter,
  messageIdFor,
} from './index.js';

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());

const FROM = 'Forkful <orders@forkful.test>';

describe('SMTP email adapter', () => {
  it('delivers to every recipient with the subject, text, reply-to and a stable Message-ID', async () => {
    const email = createSmtpEmailAdapter({ url: smtp.url, from: FROM, timeoutMs: 5000 });
    const r = await email.send({
      to: ['owner@golden-lotus.test', 'manager@golden-lotus.test'],
      subject: 'New order #12 - Pickup - $34.56',
      text: 'New order #12\n2 x Dumplings  $12.00',
      replyTo: 'diner@example.com',
      messageKey: 'new-order-email:abc',
    });
    email.close?.();
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo).toEqual(['owner@golden-lotus.test', 'manager@golden-lotus.test']);
    expect(mail.envelopeFrom).toBe('orders@forkful.test');
    expect(mail.parsed.subject).toBe('New order #12 - Pickup - $34.56');
    expect(mail.parsed.text).toContain('2 x Dumplings  $12.00');
    expect(mail.parsed.replyTo?.[0]?.address).toBe('diner@example.com');
    const id = messageIdFor('new-order-email:abc', FROM);
    expect(mail.parsed.messageId).toBe(id);
    expect(r.providerMessageId).toBe(id);
  });

  it('gives the same Message-ID to every retry of one message, and different ones to others', () => {
    expect(messageIdFor('k', FROM)).toBe(messageIdFor('k', FROM));
    expect(messageIdFor('k', FROM)).not.toBe(messageIdFor('k2', FROM));
    expect(messageIdFor('k', FROM)).toMatch(/^<[0-9a-f]{32}@forkful\.test>$/);
  });

  it('reports a 5xx refusal as permanent and a 4xx one as retryable', async () => {
    const email = createSmtpEmailAdapter({ url: smtp.url, from: FROM, timeoutMs: 5000 });
    const msg = { to: ['x@example.com'], subject: 's', text: 't', messageKey: 'r' };
    smtp.reject('x@example.com', 550);
    const hard = await email.send(msg).catch((e: unknown) => e);
    expect(hard).toBeInstanceOf(EmailError);
    expect((hard as EmailError).permanent).toBe(true);
    smtp.reject('x@example.com', 451);
    const soft = await email.send(msg).catch((e: unknown) => e);
    expect((soft as EmailError).permanent).toBe(false);
    email.close?.();
  });

  it('reports an unreachable server as retryable', async () => {
    const email = createSmtpEmailAdapter({
      url: 'smtp://127.0.0.1:1',
      from: FROM,
      timeoutMs: 2000,
    });
    const err = await email
      .send({ to: ['x@example.com'], subject: 's', text: 't', messageKey: 'u' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmailError);
    expect((err as EmailError).permanent).toBe(false);
  });
});

describe('offline email adapter', () => {
  it('keeps the message (outbox only) without any network', async () => {
    const email = createOfflineEmailAdapter();
    expect(email.name).toBe('offline');
    const r = await email.send({ to: ['a@b.test'], subject: 's', text: 't', messageKey: 'k' });
    expect(r.providerMessageId).toBe('offline-k');
  });
});
