// With no configuration nothing leaves the machine: every outside service is its offline
// default, and the flows that send or look things up complete with fetch unavailable.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/server/app.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { findByKey } from '../../src/server/modules/outbox/outbox.repository.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import {
  enqueueOrderPlacedNotifications,
  enqueueVerificationSms,
} from '../../src/server/modules/notifications/notifications.service.js';
import { lines, merchant, order } from '../fakes/messaging-data.js';
import { createMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('default configuration', () => {
  let t: App;
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in offline mode')));
  beforeAll(async () => {
    t = await createTestApp();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t.app.close();
  });

  it('uses the offline adapters for SMS, email, captcha and maps', () => {
    const a = t.ctx.adapters;
    expect([a.sms.name, a.email.name, a.captcha.name, a.geo.name]).toEqual([
      'offline',
      'offline',
      'off',
      'offline',
    ]);
    expect(t.ctx.config.twilio).toBeUndefined();
    expect(t.ctx.config.smtp).toBeUndefined();
    expect(t.ctx.config.recaptcha).toBeUndefined();
    expect(t.ctx.config.googleMaps).toBeUndefined();
  });

  it('sends codes and order messages, checks captcha and measures distance without the network', async () => {
    const m = merchant({ id: (await createMerchant(t.ctx.db)).id });
    const o = order();
    const v = await enqueueVerificationSms(t.ctx.db, {
      phone: '3125550142',
      code: '2468',
      sendId: randomUUID(),
    });
    await enqueueOrderPlacedNotifications(t.ctx.db, { merchant: m, order: o, lines });
    await processOutbox(t.ctx);
    for (const key of [
      v.messageKey,
      `order-placed-sms:${o.id}`,
      `new-order-email:${o.id}`,
      `receipt-email:${o.id}`,
    ]) {
      expect((await findByKey(t.ctx.db, key))?.status, key).toBe('sent');
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/verify-captcha',
          payload: { captchaResponse: 'x' },
        })
      ).json(),
    ).toEqual({ success: true });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/utils/getGoogleDistance?location1=40.7,-74&location2=40.8,-74',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/utils/addressSuggestions?input=Brookl' })
      ).json().suggestions.length,
    ).toBeGreaterThan(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/utils/geocode?address=Brooklyn%2C%20NY' }))
        .statusCode,
    ).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('configuration of the outside services', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'forkful-msg-config-'));

  it('needs the Twilio SID, token and a sender together', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir(), TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` }),
    ).toThrow(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together/);
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 't',
      }),
    ).toThrow(/TWILIO_FROM: required/);
    const c = loadConfig({
      DATA_DIR: dir(),
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+15005550006',
    });
    expect(c.twilio).toMatchObject({ from: '+15005550006', baseUrl: 'https://api.twilio.com' });
  });

  it('lists bad values of the new keys in the one error, and treats empty values as unset', () => {
    try {
      loadConfig({
        DATA_DIR: dir(),
        SMTP_URL: 'http://mail',
        TWILIO_FROM: '555',
        OUTBOX_MAX_ATTEMPTS: '0',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('SMTP_URL');
      expect(msg).toContain('TWILIO_FROM');
      expect(msg).toContain('OUTBOX_MAX_ATTEMPTS');
    }
    const c = loadConfig({
      DATA_DIR: dir(),
      SMTP_URL: '',
      RECAPTCHA_SECRET: '',
      GOOGLE_MAPS_API_KEY: '',
    });
    expect([c.smtp, c.recaptcha, c.googleMaps]).toEqual([undefined, undefined, undefined]);
  });
});
