// The Twilio adapter against a local fake of the Messages API (docs/protocols/twilio.md), and the
// +1 rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  type FakeTwilio,
  startFakeTwilio,
} from '../../../../tests/fakes/twilio.js';
import { SmsError, createOfflineSmsAdapter, createTwilioSmsAdapter, toUsE164 } from './index.js';

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

const twilio = (over: Partial<Parameters<typeof createTwilioSmsAdapter>[0]> = {}) =>
  createTwilioSmsAdapter({
    accountSid: FAKE_TWILIO_SID,
    authToken: FAKE_TWILIO_TOKEN,
    from: FAKE_TWILIO_FROM,
    messagingServiceSid: undefined,
    baseUrl: fake.baseUrl,
    timeoutMs: 2000,
    ...over,
  });

async function failure(p: Promise<unknown>): Promise<SmsError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SmsError);
    return err as SmsError;
  }
  throw new Error('expected the send to fail');
}

describe('+1 phone numbers (spec §9: verification applies to +1 numbers)', () => {
  it('turns US numbers in any common format into E.164', () => {
    expect(toUsE164('(555) 234-5678')).toBe('+15552345678');
    expect(toUsE164('5552345678')).toBe('+15552345678');
    expect(toUsE164('+1 555 234 5678')).toBe('+15552345678');
    expect(toUsE164('1-555-234-5678')).toBe('+15552345678');
  });

  it('refuses non-US and impossible numbers', () => {
    expect(toUsE164('+44 20 7946 0958')).toBeNull();
    expect(toUsE164('+52 55 1234 5678')).toBeNull();
    expect(toUsE164('555234567')).toBeNull();
    expect(toUsE164('0552345678')).toBeNull(); // area code cannot start with 0
    expect(toUsE164('5551234567')).toBeNull(); // exchange cannot start with 1
    expect(toUsE164('555-234-5678 ext 9')).toBeNull();
  });
});

describe('Twilio Messages API adapter', () => {
  it('posts a form-encoded message with Basic auth and returns the message sid', async () => {
    const r = await twilio().send({
      to: '(555) 234-5678',
      body: 'Your code is 1234',
      messageKey: 'k1',
    });
    expect(r.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(r.status).toBe('queued');
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe(`/2010-04-01/Accounts/${FAKE_TWILIO_SID}/Messages.json`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+15552345678',
      Body: 'Your code is 1234',
      From: FAKE_TWILIO_FROM,
    });
  });

  it('sends MessagingServiceSid instead of From when a messaging service is configured', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    await twilio({ messagingServiceSid: service }).send({
      to: '+15552345679',
      body: 'hello',
      messageKey: 'k2',
    });
    const form = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(form.get('MessagingServiceSid')).toBe(service);
    expect(form.get('From')).toBeNull();
  });

  it('never calls Twilio for a non-US number', async () => {
    const before = fake.requests.length;
    const err = await failure(twilio().send({ to: '+447911123456', body: 'x', messageKey: 'k3' }));
    expect(err.permanent).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['+15005550001', 21211],
    ['+15005550002', 21612],
    ['+15005550003', 21408],
    ['+15005550004', 21610],
    ['+15005550009', 21614],
  ])('treats magic number %s (error %i) as a permanent failure', async (to, code) => {
    const err = await failure(twilio().send({ to, body: 'x', messageKey: `m${to}` }));
    expect(err.code).toBe(code);
    expect(err.permanent).toBe(true);
  });

  it('treats an invalid or unowned From (21212, 21606) as permanent and a full queue (21611) as retryable', async () => {
    expect(
      (
        await failure(
          twilio({ from: '+15005550001' }).send({
            to: '+15552345678',
            body: 'x',
            messageKey: 'f1',
          }),
        )
      ).permanent,
    ).toBe(true);
    expect(
      (
        await failure(
          twilio({ from: '+15005550007' }).send({
            to: '+15552345678',
            body: 'x',
            messageKey: 'f2',
          }),
        )
      ).permanent,
    ).toBe(true);
    const full = await failure(
      twilio({ from: '+15005550008' }).send({ to: '+15552345678', body: 'x', messageKey: 'f3' }),
    );
    expect(full.code).toBe(21611);
    expect(full.permanent).toBe(false);
  });

  it('retries bad credentials (20003), rate limits (20429) and server errors', async () => {
    const auth = await failure(
      twilio({ authToken: 'wrong' }).send({ to: '+15552345678', body: 'x', messageKey: 'a' }),
    );
    expect(auth.code).toBe(20003);
    expect(auth.permanent).toBe(false);
    expect(auth.message).not.toContain('wrong');
    fake.failNext(1, 429, 20429);
    expect(
      (await failure(twilio().send({ to: '+15552345678', body: 'x', messageKey: 'b' }))).permanent,
    ).toBe(false);
    fake.failNext(1, 503);
    expect(
      (await failure(twilio().send({ to: '+15552345678', body: 'x', messageKey: 'c' }))).permanent,
    ).toBe(false);
  });

  it('gives up on a slow Twilio after its time limit, as a retryable failure', async () => {
    fake.setDelay(1500);
    try {
      const err = await failure(
        twilio({ timeoutMs: 200 }).send({ to: '+15552345678', body: 'slow', messageKey: 's' }),
      );
      expect(err.permanent).toBe(false);
      expect(err.message).toMatch(/unreachable: TimeoutError/);
    } finally {
      fake.setDelay(0);
    }
  });

  it('treats an unreachable Twilio as retryable', async () => {
    const err = await failure(
      twilio({ baseUrl: 'http://127.0.0.1:1' }).send({
        to: '+15552345678',
        body: 'x',
        messageKey: 'u',
      }),
    );
    expect(err.permanent).toBe(false);
  });
});

describe('offline SMS adapter', () => {
  it('accepts +1 numbers without any network and refuses others', async () => {
    const sms = createOfflineSmsAdapter();
    expect(sms.name).toBe('offline');
    expect(await sms.send({ to: '+15552345678', body: 'x', messageKey: 'key-1' })).toEqual({
      providerMessageId: 'offline-key-1',
      status: 'stored',
    });
    await expect(sms.send({ to: '+447911123456', body: 'x', messageKey: 'k' })).rejects.toThrow(
      /Only \+1/,
    );
  });
});
