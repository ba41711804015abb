// Phone verification (spec §4 step 3, §5; checklist C7.50–C7.53, V5.60–V5.62, M8.x): codes by SMS
// through the outbox, stored hashed, expiring, with a resend cooldown and a lock.
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { outbox, phoneVerifications } from '../../src/server/db/schema/index.js';
import { isPhoneVerified } from '../../src/server/modules/verification/verification.service.js';
import { newDiner } from '../support/diner.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-11-24T17:00:00Z');
let t: App;
let phoneSeq = 2125550100;
const nextPhone = () => String(phoneSeq++);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.app.close());

async function lastCodeSentTo(phone: string): Promise<string> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'sms'), like(outbox.messageKey, 'verification-sms:%')))
    .orderBy(desc(outbox.id));
  const mine = rows.find((r) => (r.payload as { to: string }).to === `+1${phone}`);
  if (!mine)
    throw new Error(
      `no SMS to +1${phone}: ${JSON.stringify(rows.slice(0, 2).map((r) => r.payload))}`,
    );
  const match = /\b(\d{4})\b/.exec(String((mine.payload as { body: string }).body));
  if (!match) throw new Error('no code in the message');
  return match[1]!;
}

const send = (d: Awaited<ReturnType<typeof newDiner>>, phoneNum: string) =>
  d.call('POST', '/api/verification/sendVeriCode', { phoneNum });
const verify = (
  d: Awaited<ReturnType<typeof newDiner>>,
  phoneNum: string,
  verificationCode: string,
) => d.call('POST', '/api/verification/verifyPhone', { phoneNum, verificationCode });

describe('sending a code', () => {
  it('needs the diner id cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verification/sendVeriCode',
      payload: { phoneNum: '2125550199' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an invalid phone with the spec message', async () => {
    const d = await newDiner(t.app);
    const res = await send(d, '12345');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].message).toBe('Please enter a valid Phone number');
  });

  it('queues a 4-digit code by SMS to the +1 number and stores only a hash', async () => {
    const d = await newDiner(t.app);
    const phone = nextPhone();
    const res = await send(d, `(${phone.slice(0, 3)})${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      expiresInSeconds: 600,
      resendAfterSeconds: 30,
    });
    const code = await lastCodeSentTo(phone);
    const [row] = await t.ctx.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes the diner wait 30 seconds before a new code', async () => {
    const d = await newDiner(t.app);
    const phone = nextPhone();
    expect((await send(d, phone)).status).toBe(200);
    const again = await send(d, phone);
    expect(again.status).toBe(429);
    clock.advance(31_000);
    expect((await send(d, phone)).status).toBe(200);
  });
});

describe('per-phone limit', () => {
  it('sends at most five codes an hour to one phone, whichever diner asks', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) expect((await send(await newDiner(t.app), phone)).status).toBe(200);
    const sixth = await send(await newDiner(t.app), phone);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many codes sent to this phone: please try again later');
    clock.advance(61 * 60_000);
    expect((await send(await newDiner(t.app), phone)).status).toBe(200);
  });
});

describe('verifying', () => {
  it('accepts the right code once and marks the phone verified for that diner only', async () => {
    const d = await newDiner(t.app);
    const other = await newDiner(t.app);
    const phone = nextPhone();
    await send(d, phone);
    const code = await lastCodeSentTo(phone);
    expect((await verify(other, phone, code)).body.message).toBe('Verification Failed');
    const ok = await verify(d, phone, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    expect(await isPhoneVerified(t.ctx.db, d.uid, phone)).toBe(true);
    expect(await isPhoneVerified(t.ctx.db, other.uid, phone)).toBe(false);
  });

  it('answers "Invalid code" to a code that is not 4 digits', async () => {
    const d = await newDiner(t.app);
    const res = await verify(d, nextPhone(), '12a');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].message).toBe('Invalid code');
  });

  it('answers "Verification Failed" to a wrong or expired code', async () => {
    const d = await newDiner(t.app);
    const phone = nextPhone();
    await send(d, phone);
    const code = await lastCodeSentTo(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const res = await verify(d, phone, wrong);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Verification Failed');
    clock.advance(11 * 60_000);
    expect((await verify(d, phone, code)).body.message).toBe('Verification Failed');
  });

  it('locks after five wrong codes, even against the right one', async () => {
    const d = await newDiner(t.app);
    const phone = nextPhone();
    await send(d, phone);
    const code = await lastCodeSentTo(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) expect((await verify(d, phone, wrong)).status).toBe(400);
    expect((await verify(d, phone, wrong)).status).toBe(429);
    expect((await verify(d, phone, code)).status).toBe(429);
    expect((await send(d, phone)).status).toBe(429);
    clock.advance(16 * 60_000);
    expect((await send(d, phone)).status).toBe(200);
  });
});
