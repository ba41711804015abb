// SMS end to end: the app configured with Twilio credentials (TWILIO_*, TWILIO_BASE_URL at a
// local fake of the Messages API) delivers queued texts through the outbox worker.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { findByKey } from '../../src/server/modules/outbox/outbox.repository.js';
import { processOutbox } from '../../src/server/modules/outbox/outbox.service.js';
import {
  enqueueReadyTimeSms,
  enqueueVerificationSms,
} from '../../src/server/modules/notifications/notifications.service.js';
import { merchant, order } from '../fakes/messaging-data.js';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  type FakeTwilio,
  startFakeTwilio,
} from '../fakes/twilio.js';
import { createMerchant } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
let twilio: FakeTwilio;
let merchantRowId = '';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_FROM: FAKE_TWILIO_FROM,
      TWILIO_BASE_URL: twilio.baseUrl,
      OUTBOX_BACKOFF_BASE_MS: '10',
    },
  });
  merchantRowId = (await createMerchant(t.ctx.db)).id;
});
afterAll(async () => {
  await t.app.close();
  await twilio.close();
});

describe('SMS through Twilio', () => {
  it('uses the Twilio adapter when the credentials are set', () => {
    expect(t.ctx.adapters.sms.name).toBe('twilio');
  });

  it('delivers a verification code to a +1 number (C7.45)', async () => {
    const q = await enqueueVerificationSms(t.ctx.db, {
      phone: '(312) 555-0142',
      code: '4821',
      sendId: randomUUID(),
      storeName: 'Golden Lotus',
    });
    await processOutbox(t.ctx);
    const sent = twilio.messages.find((m) => m.body.includes('4821'))!;
    expect(sent).toMatchObject({
      to: '+13125550142',
      from: FAKE_TWILIO_FROM,
      body: 'Golden Lotus: your verification code is 4821.',
    });
    expect(await findByKey(t.ctx.db, q.messageKey)).toMatchObject({
      status: 'sent',
      providerMessageId: sent.sid,
    });
  });

  it('delivers the ready-time text to the diner once (C7.104, T4.64)', async () => {
    const m = merchant({ id: merchantRowId });
    const o = order({ phone: '2125550199' });
    await enqueueReadyTimeSms(t.ctx.db, { merchant: m, order: o, minutes: 25 });
    await enqueueReadyTimeSms(t.ctx.db, { merchant: m, order: o, minutes: 25 });
    await processOutbox(t.ctx);
    await processOutbox(t.ctx);
    expect(
      twilio.deliveries.get(
        '+12125550199|Golden Lotus: your order #12 will be ready in 25 minutes.',
      ),
    ).toBe(1);
  });

  it('gives up on a landline (21614) and records why', async () => {
    const q = await enqueueVerificationSms(t.ctx.db, {
      phone: '+15005550009',
      code: '1111',
      sendId: randomUUID(),
    });
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, q.messageKey)).toMatchObject({
      status: 'dead',
      lastError: expect.stringMatching(/error 21614/),
    });
  });

  it('retries through a Twilio outage and delivers once it is back', async () => {
    twilio.failNext(2, 503, undefined, '+12125550123');
    const q = await enqueueVerificationSms(t.ctx.db, {
      phone: '2125550123',
      code: '7777',
      sendId: randomUUID(),
    });
    for (let i = 0; i < 3; i++) {
      await processOutbox(t.ctx);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(await findByKey(t.ctx.db, q.messageKey)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(twilio.messages.filter((m) => m.body.includes('7777'))).toHaveLength(1);
  });
});
