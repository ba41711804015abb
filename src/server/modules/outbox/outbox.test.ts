// The outbox on a real database: queued in the caller's transaction, delivered at least once by
// the worker, retried with backoff, dead after N attempts, one worker per message (leases), and
// a slow or failing provider never holds up the transaction that queues a message.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import type { SmsAdapter, SmsMessage } from '../../adapters/sms/index.js';
import { SmsError } from '../../adapters/sms/index.js';
import { AppError } from '../../lib/app-error.js';
import { createTestApp } from '../../../../tests/support/test-app.js';
import { claimDue, findByKey, markSent } from './outbox.repository.js';
import {
  backoffMs,
  enqueueMessage,
  processOutbox,
  runOutboxWorker,
  stopOutboxWorker,
} from './outbox.service.js';

/** Real time plus an offset the test moves forward. */
function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

type Behaviour = 'ok' | 'retryable' | 'permanent' | 'hang';
const behaviour = new Map<string, Behaviour[]>();
const calls: SmsMessage[] = [];
const scripted: SmsAdapter = {
  name: 'twilio',
  send: async (m, signal) => {
    calls.push(m);
    const next = behaviour.get(m.to)?.shift() ?? 'ok';
    if (next === 'retryable') throw new SmsError('Twilio 503: try later', false);
    if (next === 'permanent') throw new SmsError('Twilio 400 error 21211: invalid To', true, 21211);
    if (next === 'hang') {
      await new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    }
    return { providerMessageId: `SM-${m.messageKey}`, status: 'queued' };
  },
};

let t: App;
const clock = movableClock();
let n = 0;
/** A fresh +1 number per test, so behaviours and counts never mix between tests. */
const phone = () => `+1555${String(2000000 + (n++ % 7000000)).padStart(7, '0')}`;
const sms = (to: string, key = `test:${randomUUID()}`) =>
  ({ kind: 'sms', messageKey: key, payload: { to, body: 'hello', purpose: 'test' } }) as const;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: { sms: scripted },
    env: {
      OUTBOX_MAX_ATTEMPTS: '3',
      OUTBOX_BACKOFF_BASE_MS: '1000',
      OUTBOX_BACKOFF_MAX_MS: '60000',
      OUTBOX_LEASE_MS: '30000',
      OUTSIDE_TIMEOUT_MS: '200',
    },
  });
});
afterAll(() => t.app.close());

describe('queuing a message', () => {
  it('is part of the caller transaction: a rollback queues nothing', async () => {
    const msg = sms(phone());
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueueMessage(tx, msg);
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await findByKey(t.ctx.db, msg.messageKey)).toBeUndefined();

    await t.ctx.db.transaction((tx) => enqueueMessage(tx, msg));
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      kind: 'sms',
      status: 'pending',
      attempts: 0,
      payload: { to: msg.payload.to, body: 'hello', purpose: 'test' },
    });
  });

  it('queues one message per key however often the event is retried', async () => {
    const msg = sms(phone());
    const a = await enqueueMessage(t.ctx.db, msg);
    const b = await enqueueMessage(t.ctx.db, {
      ...msg,
      payload: { ...msg.payload, body: 'other' },
    });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect((await findByKey(t.ctx.db, msg.messageKey))?.payload.body).toBe('hello');
  });

  it('refuses a non-US number or a malformed email before anything is written', async () => {
    const bad = sms('+447911123456');
    await expect(enqueueMessage(t.ctx.db, bad)).rejects.toBeInstanceOf(AppError);
    expect(await findByKey(t.ctx.db, bad.messageKey)).toBeUndefined();
    await expect(
      enqueueMessage(t.ctx.db, {
        kind: 'email',
        messageKey: `test:${randomUUID()}`,
        payload: { to: ['not-an-email'], subject: 's', text: 't', purpose: 'test' },
      }),
    ).rejects.toThrow(/Invalid email message/);
  });

  it('is not held up by a provider that hangs: queuing completes while the worker waits', async () => {
    const slow = phone();
    behaviour.set(slow, ['hang']);
    await enqueueMessage(t.ctx.db, sms(slow));
    clock.advance(1000);
    const worker = processOutbox(t.ctx, { workerId: 'w-slow' });
    await vi.waitFor(() => expect(calls.some((c) => c.to === slow)).toBe(true));
    const started = Date.now();
    const other = sms(phone());
    await t.ctx.db.transaction((tx) => enqueueMessage(tx, other));
    expect(Date.now() - started).toBeLessThan(1000);
    await worker;
  });
});

describe('the outbox worker', () => {
  it('delivers a due message once and records the provider id and the time', async () => {
    const msg = sms(phone());
    await enqueueMessage(t.ctx.db, msg);
    clock.advance(1000);
    await processOutbox(t.ctx, { workerId: 'w1' });
    await processOutbox(t.ctx, { workerId: 'w2' });
    const row = await findByKey(t.ctx.db, msg.messageKey);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: `SM-${msg.messageKey}`,
      lockedBy: 'w1',
      lastError: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(calls.filter((c) => c.messageKey === msg.messageKey)).toHaveLength(1);
  });

  it('does not send a message before its time (notBefore)', async () => {
    const msg = { ...sms(phone()), notBefore: new Date(clock.now().getTime() + 60_000) };
    await enqueueMessage(t.ctx.db, msg);
    await processOutbox(t.ctx);
    expect((await findByKey(t.ctx.db, msg.messageKey))?.status).toBe('pending');
    clock.advance(61_000);
    await processOutbox(t.ctx);
    expect((await findByKey(t.ctx.db, msg.messageKey))?.status).toBe('sent');
  });

  it('retries a failed send after a backoff, then delivers it', async () => {
    const to = phone();
    behaviour.set(to, ['retryable', 'retryable']);
    const msg = sms(to);
    await enqueueMessage(t.ctx.db, msg);
    clock.advance(1000);
    await processOutbox(t.ctx);
    let row = await findByKey(t.ctx.db, msg.messageKey);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Twilio 503: try later',
    });
    const wait1 = row!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(wait1).toBeGreaterThanOrEqual(900);
    expect(wait1).toBeLessThanOrEqual(1200);

    await processOutbox(t.ctx); // not due yet
    expect((await findByKey(t.ctx.db, msg.messageKey))?.attempts).toBe(1);

    clock.advance(1200);
    await processOutbox(t.ctx);
    row = await findByKey(t.ctx.db, msg.messageKey);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    const wait2 = row!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(1900); // doubled

    clock.advance(2500);
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
    });
  });

  it('gives up (dead) after OUTBOX_MAX_ATTEMPTS failed attempts', async () => {
    const to = phone();
    behaviour.set(to, ['retryable', 'retryable', 'retryable', 'ok']);
    const msg = sms(to);
    await enqueueMessage(t.ctx.db, msg);
    for (let i = 0; i < 4; i++) {
      clock.advance(10_000);
      await processOutbox(t.ctx);
    }
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      status: 'dead',
      attempts: 3,
    });
    expect(calls.filter((c) => c.to === to)).toHaveLength(3);
  });

  it('gives up at once on a permanent refusal (an invalid number)', async () => {
    const to = phone();
    behaviour.set(to, ['permanent']);
    const msg = sms(to);
    await enqueueMessage(t.ctx.db, msg);
    clock.advance(1000);
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'Twilio 400 error 21211: invalid To',
    });
  });

  it('gives up on a provider that does not answer in time and retries later', async () => {
    const to = phone();
    behaviour.set(to, ['hang']);
    const msg = sms(to);
    await enqueueMessage(t.ctx.db, msg);
    clock.advance(1000);
    await processOutbox(t.ctx);
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/did not answer within 1200 ms/),
    });
  });

  it('takes over a message whose worker died (lease ended), and only then', async () => {
    const msg = sms(phone());
    await enqueueMessage(t.ctx.db, msg);
    clock.advance(1000);
    // A worker claims it and dies before sending.
    const claimed = await claimDue(t.ctx.db, {
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 30_000),
      workerId: 'crashed',
      limit: 1000,
    });
    expect(claimed.map((r) => r.messageKey)).toContain(msg.messageKey);
    await processOutbox(t.ctx, { workerId: 'survivor' });
    expect((await findByKey(t.ctx.db, msg.messageKey))?.status).toBe('sending');

    clock.advance(31_000);
    await processOutbox(t.ctx, { workerId: 'survivor' });
    expect(await findByKey(t.ctx.db, msg.messageKey)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lockedBy: 'survivor',
    });
    // The dead worker coming back cannot overwrite what the survivor recorded.
    const row = (await findByKey(t.ctx.db, msg.messageKey))!;
    expect(
      await markSent(t.ctx.db, {
        id: row.id,
        workerId: 'crashed',
        now: clock.now(),
        providerMessageId: 'x',
      }),
    ).toBe(false);
  });

  it('sends each message once when two workers run at the same time', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 30; i++) {
      const m = sms(phone());
      keys.push(m.messageKey);
      await enqueueMessage(t.ctx.db, m);
    }
    clock.advance(1000);
    await Promise.all([
      processOutbox(t.ctx, { workerId: 'a' }),
      processOutbox(t.ctx, { workerId: 'b' }),
    ]);
    for (const key of keys) {
      expect(calls.filter((c) => c.messageKey === key)).toHaveLength(1);
      expect((await findByKey(t.ctx.db, key))?.status).toBe('sent');
    }
  });

  it('is woken by NOTIFY when a message is queued, without waiting for the next poll', async () => {
    await runOutboxWorker(t.ctx); // subscribes, drains
    const msg = { ...sms(phone()), notBefore: new Date(Date.now() - 60_000) };
    await t.ctx.db.transaction((tx) => enqueueMessage(tx, msg));
    await vi.waitFor(
      async () => expect((await findByKey(t.ctx.db, msg.messageKey))?.status).toBe('sent'),
      { timeout: 5000, interval: 50 },
    );
    await stopOutboxWorker(t.ctx);
  });
});

describe('backoff', () => {
  it('doubles from the base, is capped, and adds at most 10 % jitter', () => {
    const cfg = { backoffBaseMs: 5000, backoffMaxMs: 3_600_000 };
    expect(backoffMs(1, cfg)).toBe(5000);
    expect(backoffMs(2, cfg)).toBe(10_000);
    expect(backoffMs(5, cfg)).toBe(80_000);
    expect(backoffMs(30, cfg)).toBe(3_600_000);
    for (let id = 1; id < 50; id++) {
      const b = backoffMs(3, cfg, id);
      expect(b).toBeGreaterThanOrEqual(20_000);
      expect(b).toBeLessThanOrEqual(22_000);
    }
  });
});

describe('due at millisecond precision', () => {
  it('claims a message queued in the same millisecond as the clock reading', async () => {
    const at = new Date(Math.floor(clock.now().getTime()) + 60_000);
    const msg = { ...sms(phone()), notBefore: at };
    await t.ctx.db.transaction((tx) => enqueueMessage(tx, msg));
    // The database keeps microseconds; the clock has milliseconds.
    await t.ctx.database.query(
      `update outbox set next_attempt_at = next_attempt_at + interval '400 microseconds' where message_key = $1`,
      [msg.messageKey],
    );
    const claimed = await t.ctx.db.transaction((tx) =>
      claimDue(tx, {
        now: at,
        leaseUntil: new Date(at.getTime() + 60_000),
        workerId: 'ms',
        limit: 500,
      }),
    );
    expect(claimed.map((r) => r.messageKey)).toContain(msg.messageKey);
  });
});
