// POST /verify-captcha (spec §7, C7.43) with captcha off (the default) and with reCAPTCHA
// siteverify at a local fake, including its failures; the start-up log line.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import { requireCaptcha } from '../../src/server/modules/captcha/captcha.service.js';
import {
  FAKE_RECAPTCHA_SECRET,
  type FakeRecaptcha,
  startFakeRecaptcha,
} from '../fakes/recaptcha.js';
import { createTestApp, testConfig } from '../support/test-app.js';
import { testDatabase } from '../support/test-db.js';

const verify = (t: App, captchaResponse: unknown) =>
  t.app.inject({ method: 'POST', url: '/verify-captcha', payload: { captchaResponse } });

describe('captcha off (no RECAPTCHA_SECRET)', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('answers success for any token, and the settings say it is off', async () => {
    const res = await verify(t, 'anything');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const settings = await t.app.inject({ method: 'GET', url: '/api/captcha/settings' });
    expect(settings.json()).toEqual({ enabled: false, siteKey: null });
  });

  it('logs one start-up line saying captcha is off and every service is offline', async () => {
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: await testDatabase(),
      logger: pino({ level: 'info' }, sink),
      serveWeb: false,
    });
    await app.app.close();
    const startup = lines.filter((l) => l.msg.startsWith('outside services:'));
    expect(startup).toHaveLength(1);
    expect(startup[0]!.msg).toContain('captcha=off (RECAPTCHA_SECRET not set');
    expect(startup[0]!.msg).toContain('sms=offline');
    expect(startup[0]!.msg).toContain('email=offline');
    expect(startup[0]!.msg).toContain('maps=offline');
  });

  it('refuses a body without captchaResponse', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/verify-captcha', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
  });
});

describe('captcha on (reCAPTCHA siteverify)', () => {
  let t: App;
  let fake: FakeRecaptcha;
  beforeAll(async () => {
    fake = await startFakeRecaptcha();
    t = await createTestApp({
      env: {
        RECAPTCHA_SECRET: FAKE_RECAPTCHA_SECRET,
        RECAPTCHA_SITE_KEY: 'public-site-key',
        RECAPTCHA_VERIFY_URL: fake.verifyUrl,
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
  });

  it('verifies the token with Google and answers its verdict (C7.43, T4.31)', async () => {
    expect((await verify(t, 'pass#api-1')).json()).toEqual({ success: true });
    const form = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(form.get('secret')).toBe(FAKE_RECAPTCHA_SECRET);
    expect(form.get('response')).toBe('pass#api-1');
    expect(form.get('remoteip')).toBe('127.0.0.1');
    expect((await verify(t, 'fail#api-2')).json()).toEqual({ success: false });
    expect((await verify(t, '')).json()).toEqual({ success: false });
  });

  it('fails a replayed token (timeout-or-duplicate)', async () => {
    expect((await verify(t, 'pass#api-3')).json()).toEqual({ success: true });
    expect((await verify(t, 'pass#api-3')).json()).toEqual({ success: false });
  });

  it('answers 503 with a clear message when Google is down, never a silent pass', async () => {
    fake.failNext(1);
    const res = await verify(t, 'pass#api-4');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('gives the widget its site key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/settings' });
    expect(res.json()).toEqual({ enabled: true, siteKey: 'public-site-key' });
  });

  it('lets other modules refuse a call without a valid token (C7.44)', async () => {
    await expect(requireCaptcha(t.ctx, undefined)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(requireCaptcha(t.ctx, 'fail#svc')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      requireCaptcha(t.ctx, 'pass:place_order:0.9#svc', { action: 'place_order' }),
    ).resolves.toBeUndefined();
    await expect(
      requireCaptcha(t.ctx, 'pass:signup:0.9#svc2', { action: 'place_order' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('names the token field in its refusal, so the page can end loading silently (T4.33)', async () => {
    await expect(
      requireCaptcha(t.ctx, 'fail#t433', { field: 'cardRecaptchaToken' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      issues: [{ path: ['body', 'cardRecaptchaToken'] }],
    });
    await expect(requireCaptcha(t.ctx, 'fail#t433b')).rejects.toMatchObject({
      issues: [{ path: ['body', 'recaptchaToken'] }],
    });
  });
});
