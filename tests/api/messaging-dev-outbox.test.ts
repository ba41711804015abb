// The developer outbox view: with no SMS or email configured, a developer reads a verification
// code from /dev/outbox or /api/dev/outbox; in production neither exists.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import { enqueueVerificationSms } from '../../src/server/modules/notifications/notifications.service.js';
import { enqueueMessage } from '../../src/server/modules/outbox/outbox.service.js';
import { createTestApp } from '../support/test-app.js';

describe('dev outbox view (NODE_ENV other than production)', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('shows a sent verification code so the flow can be completed offline', async () => {
    const code = String(1000 + Math.floor(Math.random() * 9000));
    await enqueueVerificationSms(t.ctx.db, { phone: '3125550142', code, sendId: randomUUID() });
    await processOutbox(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=sms&limit=20' });
    expect(res.statusCode).toBe(200);
    const mine = res.json().messages.find((m: { body: string }) => m.body.includes(code));
    expect(mine).toMatchObject({
      kind: 'sms',
      status: 'sent',
      purpose: 'verification-code',
      to: ['+13125550142'],
      body: `your verification code is ${code}.`,
      attempts: 1,
    });
  });

  it('shows emails with recipients and subject, and escapes them in the HTML page', async () => {
    const subject = `<script>alert(1)</script> ${randomUUID()}`;
    await enqueueMessage(t.ctx.db, {
      kind: 'email',
      messageKey: `test:${randomUUID()}`,
      payload: { to: ['owner@lotus.test'], subject, text: 'Body & <b>text</b>', purpose: 'test' },
    });
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=email' });
    expect(json.json().messages[0]).toMatchObject({
      to: ['owner@lotus.test'],
      subject,
      status: 'pending',
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('Body &amp; &lt;b&gt;text&lt;/b&gt;');
  });

  it('refuses a bad filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=print&limit=0' });
    expect(res.statusCode).toBe(400);
  });
});

describe('dev outbox view in production', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://orders.example.com' },
    });
  });
  afterAll(() => t.app.close());

  it('does not exist: neither the JSON nor the page is served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect(t.routes.some((r) => r.url.includes('/dev/outbox'))).toBe(false);
  });
});
