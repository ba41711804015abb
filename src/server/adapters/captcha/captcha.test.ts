// reCAPTCHA siteverify adapter against a local fake (docs/protocols/recaptcha.md), including its
// failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_RECAPTCHA_SECRET,
  type FakeRecaptcha,
  startFakeRecaptcha,
} from '../../../../tests/fakes/recaptcha.js';
import {
  CaptchaUnavailableError,
  createOffCaptchaAdapter,
  createRecaptchaAdapter,
} from './index.js';

let fake: FakeRecaptcha;
beforeAll(async () => {
  fake = await startFakeRecaptcha();
});
afterAll(() => fake.close());

const adapter = (secret = FAKE_RECAPTCHA_SECRET, verifyUrl?: string) =>
  createRecaptchaAdapter({
    secret,
    siteKey: 'site-key',
    verifyUrl: verifyUrl ?? fake.verifyUrl,
    minScore: 0.5,
    timeoutMs: 2000,
  });

describe('reCAPTCHA siteverify adapter', () => {
  it('posts secret, response and remoteip form-encoded and passes a good token', async () => {
    const r = await adapter().verify('pass#a', { remoteIp: '203.0.113.9' });
    expect(r.success).toBe(true);
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      secret: FAKE_RECAPTCHA_SECRET,
      response: 'pass#a',
      remoteip: '203.0.113.9',
    });
  });

  it('fails a bad token, a replayed one and an expired one with their error codes', async () => {
    expect(await adapter().verify('fail#1')).toMatchObject({
      success: false,
      errorCodes: ['invalid-input-response'],
    });
    await adapter().verify('pass#replay');
    expect(await adapter().verify('pass#replay')).toMatchObject({
      success: false,
      errorCodes: ['timeout-or-duplicate'],
    });
    expect((await adapter().verify('expired')).errorCodes).toEqual(['timeout-or-duplicate']);
  });

  it('fails without calling Google when the token is missing', async () => {
    const before = fake.requests.length;
    expect(await adapter().verify('')).toMatchObject({
      success: false,
      errorCodes: ['missing-input-response'],
    });
    expect(fake.requests.length).toBe(before);
  });

  it('fails every token when the secret is wrong', async () => {
    expect(await adapter('not-the-secret').verify('pass#w')).toMatchObject({
      success: false,
      errorCodes: ['invalid-input-secret'],
    });
  });

  it('reads v3 score and action: low scores and another action fail', async () => {
    expect(
      await adapter().verify('pass:place_order:0.9#1', { action: 'place_order' }),
    ).toMatchObject({ success: true, score: 0.9, action: 'place_order' });
    expect(
      await adapter().verify('pass:place_order:0.3#2', { action: 'place_order' }),
    ).toMatchObject({ success: false, errorCodes: ['score-too-low'] });
    expect(await adapter().verify('pass:signup:0.9#3', { action: 'place_order' })).toMatchObject({
      success: false,
      errorCodes: ['action-mismatch'],
    });
  });

  it('reports Google answering 500 or being unreachable as unavailable, not as a failed check', async () => {
    fake.failNext(1);
    await expect(adapter().verify('pass#500')).rejects.toBeInstanceOf(CaptchaUnavailableError);
    await expect(
      adapter(FAKE_RECAPTCHA_SECRET, 'http://127.0.0.1:1/recaptcha/api/siteverify').verify(
        'pass#x',
      ),
    ).rejects.toBeInstanceOf(CaptchaUnavailableError);
  });
});

describe('captcha off (offline default)', () => {
  it('passes every check without any network', async () => {
    const off = createOffCaptchaAdapter();
    expect(off.name).toBe('off');
    expect(await off.verify('')).toEqual({ success: true, errorCodes: [] });
  });
});
