// Input PostgreSQL cannot store (NUL, lone UTF-16 surrogates) and impossible calendar dates are
// refused with a 400 naming the field before any query; nothing the diner typed reaches the log
// at error level, and a query string is logged without its values (issue 9,
// docs/design/security.md).
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { loggerOptions } from '../../src/server/lib/logger.js';
import { createMerchant } from '../support/fixtures.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createTestApp } from '../support/test-app.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const PAN = '4111111111111111';

/** Every log line the app writes, as parsed JSON. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: App;
let merchantId = '';

beforeAll(async () => {
  t = await createTestApp({ logger: pino(loggerOptions('info'), sink) });
  merchantId = (await createMerchant(t.ctx.db, { enableFoodTimeSchedule: true })).merchantId;
});
afterAll(() => t.app.close());

const checkout = {
  orderMethod: 'pickup',
  paymentMethod: 'cash',
  tip: { kind: 'percent', ratePpm: 100_000 },
  time: { kind: 'asap' },
};

async function post(url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await t.app.inject({ method, url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

describe('characters PostgreSQL refuses (issue 9 §4)', () => {
  for (const [label, bad] of [
    ['NUL', `a${NUL}b`],
    ['a lone surrogate', `a${LONE_SURROGATE}b`],
  ] as const) {
    it(`refuses ${label} in sign-in email and password with a 400 naming the field`, async () => {
      const email = await post('/api/usersAuth/userLogin', {
        email: `x${bad}@example.com`,
        password: 'Passw0rdTest',
      });
      expect(email.status).toBe(400);
      expect(email.body.issues[0].path).toEqual(['body', 'email']);
      const password = await post('/api/usersAuth/userLogin', {
        email: 'x@example.com',
        password: `Passw0rd${bad}`,
      });
      expect(password.status).toBe(400);
      expect(password.body.issues[0].path).toEqual(['body', 'password']);
    });

    it(`refuses ${label} in a registration name`, async () => {
      const res = await post('/api/usersAuth/userRegister', {
        name: `diner${bad}name`,
        email: 'new-diner@example.com',
        password: 'Passw0rdTest',
        confirmPassword: 'Passw0rdTest',
      });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toEqual(['body', 'name']);
    });

    it(`refuses ${label} in a cart note, a checkout name and a delivery note`, async () => {
      const d = await newDiner(t.app);
      const [item] = await menuOf(t.app, merchantId);
      const add = await d.call('POST', cartPath(merchantId, 'orderItems', d.uid), {
        orderItems: [{ ...simpleChoice(item!), note: `no onions${bad}` }],
      });
      expect(add.status).toBe(400);
      expect(add.body.issues[0].path).toEqual(['body', 'orderItems', 0, 'note']);
      for (const field of ['customerName', 'deliveryNote']) {
        const res = await d.call('PUT', cartPath(merchantId, 'checkoutInfo', d.uid), {
          ...checkout,
          [field]: `Sam${bad}`,
        });
        expect(res.status, field).toBe(400);
        expect(res.body.issues[0].path).toEqual(['body', field]);
      }
    });

    it(`refuses ${label} in a query string`, async () => {
      // A lone surrogate cannot be percent-encoded; on the wire it is its UTF-8-style bytes.
      const typed = label === 'NUL' ? encodeURIComponent(bad) : 'a%ED%A0%80b';
      const res = await t.app.inject(`/api/utils/addressSuggestions?input=1%20Main${typed}`);
      if (label === 'NUL') {
        expect(res.statusCode).toBe(400);
        expect(res.json().issues[0].path).toEqual(['querystring', 'input']);
      } else {
        // The query parser never yields a lone surrogate from bytes; whatever it yields is stored.
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  }

  it('refuses NUL in a promo code in the path, and invalid UTF-8 there is not a 500', async () => {
    const nul = await t.app.inject(
      `/api/businessInfos/merchantId/${merchantId}/promoCode/SAVE${encodeURIComponent(NUL)}10`,
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues[0].path).toEqual(['params', 'code']);
    // %ED%A0%80 is a UTF-16 surrogate written as UTF-8: not valid UTF-8 at all.
    const surrogate = await t.app.inject(
      `/api/businessInfos/merchantId/${merchantId}/promoCode/SAVE%ED%A0%8010`,
    );
    expect(surrogate.statusCode).toBe(400);
  });

  it('never logs what the diner typed at error level', () => {
    const errors = lines.filter((l) => Number(l.level) >= 50);
    expect(errors.map((l) => l.msg)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('Passw0rd\\u0000');
  });
});

describe('calendar dates (issue 9 §6)', () => {
  it('refuses a scheduled date that does not exist (2026-02-31) naming the field', async () => {
    const d = await newDiner(t.app);
    for (const date of ['2026-02-31', '2026-13-01', '2025-02-29']) {
      const res = await d.call('PUT', cartPath(merchantId, 'checkoutInfo', d.uid), {
        ...checkout,
        time: { kind: 'scheduled', date, minuteOfDay: 720 },
      });
      expect(res.status, date).toBe(400);
      expect(res.body.issues[0].path).toEqual(['body', 'time', 'date']);
    }
    const leap = await d.call('PUT', cartPath(merchantId, 'checkoutInfo', d.uid), {
      ...checkout,
      time: { kind: 'scheduled', date: '2028-02-29', minuteOfDay: null },
    });
    expect(leap.status, JSON.stringify(leap.body)).toBe(200);
  });
});

describe('logs', () => {
  it('logs a query string without its values, so a card number typed there is not kept', async () => {
    const before = lines.length;
    await t.app.inject(`/api/utils/addressSuggestions?input=${PAN}&cardNumber=${PAN}`);
    const logged = JSON.stringify(lines.slice(before));
    expect(logged).toContain('/api/utils/addressSuggestions');
    expect(logged).not.toContain(PAN);
  });
  it('logs a database error with its code and constraint, never the values of its query', async () => {
    const secret = 'diner-typed-4111111111111111';
    const failures: unknown[] = [];
    await t.ctx.db.execute(sql`select ${secret}::int`).catch((e: unknown) => failures.push(e));
    const email = `taken-${Date.now()}@example.com`;
    const insert = (name: string) =>
      t.ctx.db.execute(
        sql`insert into customers (name, email, password_hash) values (${name}, ${email}, 'x')`,
      );
    await insert('first');
    await insert('second').catch((e: unknown) => failures.push(e));
    expect(failures).toHaveLength(2);
    const before = lines.length;
    for (const err of failures) t.ctx.log.error({ err }, 'query failed');
    const logged = lines.slice(before);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(email);
    expect(logged.map((l) => (l.err as { code?: string }).code)).toEqual(['22P02', '23505']);
    expect(text).toContain('customers_email');
  });
});

describe('validation messages (issue 10: the spec’s words, alone)', () => {
  it('puts the spec’s text in message and the field only in issues', async () => {
    const res = await post('/api/verification/sendVeriCode', { phoneNum: '12' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid Phone number');
    expect(res.body.issues[0]).toEqual({
      path: ['body', 'phoneNum'],
      message: 'Please enter a valid Phone number',
    });
  });
});
