// Issue 24 item 5 (docs/decisions/sign-in-guesses.md): sign-in guesses are limited per account as
// well as per address. After 5 failures each new try from an unknown browser waits a backoff that
// doubles from 1 s to 15 minutes, answered at once (429 with Retry-After) with a message that does
// not say whether the account exists. A browser that signed in to the account before, an open
// session, a diner's reset link and the operator's reset-password are never held back.
// The clock is the test's own: backoffs are stepped through, never slept.
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { outbox, signInFailures } from '../../src/server/db/schema/index.js';
import { resetMerchantPassword } from '../../src/server/modules/merchants/merchant-accounts.service.js';
import { signInFailurePurgeJob } from '../../src/server/jobs.js';
import type { AppError } from '../../src/server/lib/app-error.js';
import { admitSignInTry, signInAccountKey } from '../../src/server/modules/sign-in-guard/index.js';
import { createCustomer, createMerchant, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const clock = manualClock('2026-11-27T09:00:00Z');
let t: App;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.app.close());

let nextAddress = 0;
/** A client address no other test used: the per-address limit (10 a minute) stays out of the way. */
const freshAddress = () => {
  nextAddress++;
  return `10.24.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

interface Try {
  status: number;
  message: string;
  retryAfter: number | undefined;
  /** The Cookie header of what the answer set (session, known browser). */
  setCookie: string;
}

function cookiesOf(raw: string | string[] | undefined): string {
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

async function answer(res: Awaited<ReturnType<App['app']['inject']>>): Promise<Try> {
  const retry = res.headers['retry-after'];
  return {
    status: res.statusCode,
    message: String(res.json().message ?? ''),
    retryAfter: retry === undefined ? undefined : Number(retry),
    setCookie: cookiesOf(res.headers['set-cookie']),
  };
}

const merchantTry = async (
  merchantId: string,
  password: string,
  opts: { address?: string; cookie?: string } = {},
) =>
  answer(
    await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogin',
      remoteAddress: opts.address ?? freshAddress(),
      ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
      payload: { merchantUserName: merchantId, merchantPassword: password },
    }),
  );

const customerTry = async (
  email: string,
  password: string,
  opts: { address?: string; cookie?: string } = {},
) =>
  answer(
    await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      remoteAddress: opts.address ?? freshAddress(),
      ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
      payload: { email, password },
    }),
  );

type Attempt = (password: string, opts?: { address?: string; cookie?: string }) => Promise<Try>;

/** 20 addresses × 10 wrong passwords, in the order an attacker with 20 machines would send them. */
async function twentyAddressesTenGuesses(attempt: Attempt): Promise<Try[]> {
  const addresses = Array.from({ length: 20 }, freshAddress);
  const out: Try[] = [];
  for (let round = 0; round < 10; round++) {
    for (const address of addresses) out.push(await attempt(`Wrong${round}guess`, { address }));
  }
  return out;
}

function expectBackoffAfterFive(tries: Try[], failureMessage: string) {
  expect(tries.slice(0, 5).map((r) => [r.status, r.message])).toEqual(
    Array(5).fill([401, failureMessage]),
  );
  const later = tries.slice(5);
  expect(later.map((r) => r.status)).toEqual(Array(later.length).fill(429));
  // The clock has not moved: the first backoff (1 s) is still running for every later try.
  expect(later.every((r) => r.retryAfter === 1)).toBe(true);
  expect(later.every((r) => /too many sign-in attempts/i.test(r.message))).toBe(true);
}

describe('merchant sign-in: guesses limited per account (M8.20, C7.92, DESIGN §6)', () => {
  it('refuses every try from an unknown browser after the 5th failure, the right password too, and lets the known browser and the open session through', async () => {
    const m = await createMerchant(t.ctx.db);
    // Before the attack the owner signed in once in this browser and kept the dashboard open.
    const owner = await merchantTry(m.merchantId, m.password);
    expect(owner.status).toBe(200);

    const tries = await twentyAddressesTenGuesses((pw, o) => merchantTry(m.merchantId, pw, o));
    expectBackoffAfterFive(tries, 'Invalid credentials provided');

    // The right password from an unknown browser is refused too, with the same answer as an
    // account that does not exist in the same state (nothing tells the two apart).
    const right = await merchantTry(m.merchantId, m.password);
    const nobody = uniqueId('nobody');
    for (let i = 0; i < 5; i++) expect((await merchantTry(nobody, `Wrong${i}x`)).status).toBe(401);
    const unknown = await merchantTry(nobody, m.password);
    expect(right).toMatchObject({ status: 429, retryAfter: 1, setCookie: '' });
    expect(unknown).toMatchObject({ status: 429, retryAfter: 1, setCookie: '' });
    expect(right.message).toBe(unknown.message);
    expect(right.message).not.toMatch(/exist|unknown|no such|invalid credentials/i);

    // The open session keeps working: the dashboard's calls answer as before.
    const session = await t.app.inject({
      url: '/api/merchantUsers/isAuth',
      headers: { cookie: owner.setCookie },
    });
    expect(session.json()).toEqual({ isAuth: true, merchantId: m.merchantId });
    const orders = await t.app.inject({
      url: `/api/orders7/merchantId/${m.merchantId}/orders?range=today`,
      headers: { cookie: owner.setCookie },
    });
    expect(orders.statusCode).toBe(200);

    // The browser that signed in before signs in at once, even from another address.
    const again = await merchantTry(m.merchantId, m.password, { cookie: owner.setCookie });
    expect(again.status).toBe(200);
  });

  it('keeps the known browser after sign-out, and still checks its password', async () => {
    const m = await createMerchant(t.ctx.db);
    const first = await merchantTry(m.merchantId, m.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogout',
      headers: { cookie: first.setCookie },
    });
    expect(out.statusCode).toBe(200);
    const known = cookiesOf(first.setCookie.split('; ').filter((c) => c.includes('known')));
    expect(known).not.toBe('');

    for (let i = 0; i < 8; i++) await merchantTry(m.merchantId, `Wrong${i}pass`);
    expect((await merchantTry(m.merchantId, m.password)).status).toBe(429);

    const wrong = await merchantTry(m.merchantId, 'Wrong-from-home1', { cookie: known });
    expect(wrong.status).toBe(401);
    const right = await merchantTry(m.merchantId, m.password, { cookie: known });
    expect(right.status).toBe(200);
  });

  it('does not trust a browser known to another account, nor a forged known-browser cookie', async () => {
    const a = await createMerchant(t.ctx.db);
    const b = await createMerchant(t.ctx.db);
    const ofA = (await merchantTry(a.merchantId, a.password)).setCookie
      .split('; ')
      .filter((c) => c.includes('known'))
      .join('; ');
    for (let i = 0; i < 5; i++) await merchantTry(b.merchantId, `Wrong${i}pass`);
    expect((await merchantTry(b.merchantId, b.password, { cookie: ofA })).status).toBe(429);
    const [name] = ofA.split('=');
    const forged = `${name}=${encodeURIComponent('anything.at.all')}`;
    expect((await merchantTry(b.merchantId, b.password, { cookie: forged })).status).toBe(429);
  });

  it('doubles the wait from 1 s up to 15 minutes, one checked guess per wait', async () => {
    const m = await createMerchant(t.ctx.db);
    for (let i = 0; i < 5; i++)
      expect((await merchantTry(m.merchantId, `W${i}rong`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const refused = await merchantTry(m.merchantId, `Again${i}x`);
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter!);
      // One second early is still refused; on time, the guess is checked (and fails).
      clock.advance((refused.retryAfter! - 1) * 1000);
      expect((await merchantTry(m.merchantId, `Early${i}x`)).status).toBe(429);
      clock.advance(1000);
      expect((await merchantTry(m.merchantId, `OnTime${i}x`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    // A quarter of an hour with nothing after the wait ran out forgets the failures.
    clock.advance(15 * 60_000 + 900_000);
    const fresh = await merchantTry(m.merchantId, m.password);
    expect(fresh.status).toBe(200);
  });

  it('forgives the failures of the address that signed in, not those of the others', async () => {
    const m = await createMerchant(t.ctx.db);
    const home = freshAddress();
    // The owner mistypes 4 times at home, then gets it right (a new browser).
    for (let i = 0; i < 4; i++) await merchantTry(m.merchantId, `Typo${i}x`, { address: home });
    expect((await merchantTry(m.merchantId, m.password, { address: home })).status).toBe(200);
    // Someone else now has 4 guesses before the backoff (the owner's 4 were forgiven)…
    const other = freshAddress();
    for (let i = 0; i < 4; i++) {
      expect((await merchantTry(m.merchantId, `G${i}uess`, { address: other })).status).toBe(401);
    }
    // …and a success at home does not wipe what came from elsewhere.
    expect((await merchantTry(m.merchantId, m.password, { address: home })).status).toBe(200);
    expect((await merchantTry(m.merchantId, 'G5uess', { address: other })).status).toBe(401);
    expect((await merchantTry(m.merchantId, 'G6uess', { address: freshAddress() })).status).toBe(
      429,
    );
  });

  it('a clock moved back (the journeys set their test clock to the same morning again) never turns the owner’s sign-ins into failures', async () => {
    const m = await createMerchant(t.ctx.db);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      clock.advance(-10_000);
      answers.push((await merchantTry(m.merchantId, m.password)).status);
    }
    clock.advance(80_000);
    expect(answers).toEqual(Array(8).fill(200));
  });

  it("the operator's reset-password lets the owner in from a new browser", async () => {
    const m = await createMerchant(t.ctx.db);
    for (let i = 0; i < 12; i++) await merchantTry(m.merchantId, `Wrong${i}pass`);
    expect((await merchantTry(m.merchantId, m.password)).status).toBe(429);
    const reset = await resetMerchantPassword(t.ctx.db, m.merchantId, t.ctx.config);
    expect((await merchantTry(m.merchantId, reset.password)).status).toBe(200);
  });
});

describe('customer sign-in: guesses limited per account (M8.11, C7.83, P6.6)', () => {
  it('refuses every try from an unknown browser after the 5th failure and lets the known browser and the open session through', async () => {
    const c = await createCustomer(t.ctx.db);
    const owner = await customerTry(c.email, c.password);
    expect(owner.status).toBe(200);

    const tries = await twentyAddressesTenGuesses((pw, o) => customerTry(c.email, pw, o));
    expectBackoffAfterFive(tries, 'Incorrect email or password');

    const right = await customerTry(c.email.toUpperCase(), c.password);
    const nobody = `${uniqueId('nobody')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await customerTry(nobody, `Wrong${i}x`)).status).toBe(401);
    const unknown = await customerTry(nobody, c.password);
    expect(right).toMatchObject({ status: 429, retryAfter: 1, setCookie: '' });
    expect(unknown).toMatchObject({ status: 429, retryAfter: 1 });
    expect(right.message).toBe(unknown.message);
    expect(right.message).toMatch(/forgot password/i);

    const session = await t.app.inject({
      url: '/api/usersAuth/userInfo',
      headers: { cookie: owner.setCookie },
    });
    expect(session.statusCode).toBe(200);

    const again = await customerTry(c.email, c.password, { cookie: owner.setCookie });
    expect(again.status).toBe(200);
  });

  it('the reset e-mail lets the diner in: the browser that used the link is known', async () => {
    const c = await createCustomer(t.ctx.db);
    for (let i = 0; i < 12; i++) await customerTry(c.email, `Wrong${i}pass`);
    expect((await customerTry(c.email, c.password)).status).toBe(429);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/passwordReset/request',
      remoteAddress: freshAddress(),
      payload: { email: c.email, merchantId: 'demo' },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'email'), like(outbox.messageKey, 'password-reset:%')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /resetToken=([A-Za-z0-9_-]{43})/.exec(
      String((mail!.payload as { text: string }).text),
    )![1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/passwordReset/confirm',
      remoteAddress: freshAddress(),
      payload: { token, password: 'NewPassw0rd' },
    });
    expect(confirmed.statusCode).toBe(200);
    const browser = cookiesOf(confirmed.headers['set-cookie']);
    expect((await customerTry(c.email, 'NewPassw0rd', { cookie: browser })).status).toBe(200);
    // Another unknown browser still waits: the reset did not hand the guessers a fresh start.
    expect((await customerTry(c.email, 'NewPassw0rd')).status).toBe(429);
  });
});

describe('the failure counts', () => {
  it('are pruned once forgotten', async () => {
    const m = await createMerchant(t.ctx.db);
    const from = freshAddress();
    for (let i = 0; i < 6; i++) await merchantTry(m.merchantId, `Wrong${i}pass`, { address: from });
    const key = signInAccountKey(t.ctx.config.sessionSecret, 'merchant', m.merchantId);
    const rows = () =>
      t.ctx.db.select().from(signInFailures).where(eq(signInFailures.accountKey, key));
    // One row for the account, one for the address.
    expect((await rows()).map((r) => [r.address, r.failures]).sort()).toEqual([
      ['', 5],
      [from, 5],
    ]);
    clock.advance(15 * 60_000);
    await signInFailurePurgeJob.run(t.ctx);
    expect(await rows()).toHaveLength(2);
    clock.advance(1000);
    await signInFailurePurgeJob.run(t.ctx);
    expect(await rows()).toEqual([]);
  });

  it('admit exactly 5 of 200 tries sent at once on one account from 200 addresses (the gate alone)', async () => {
    const typed = uniqueId('m');
    const answers = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        admitSignInTry(t.ctx, 'merchant', typed, {
          address: `10.99.${i >> 8}.${i & 255}`,
          known: false,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(195);
    expect(refused.every((a) => (a.reason as AppError).code === 'rate_limited')).toBe(true);
    const key = signInAccountKey(t.ctx.config.sessionSecret, 'merchant', typed);
    const rows = await t.ctx.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.accountKey, key));
    expect(rows.find((r) => r.address === '')?.failures).toBe(5);
    expect(rows.filter((r) => r.address !== '')).toHaveLength(5);
  });

  it('admit exactly 5 checked guesses out of 60 sent at once (PostgreSQL: one upsert per try)', async () => {
    const m = await createMerchant(t.ctx.db);
    const tries = await Promise.all(
      Array.from({ length: 60 }, (_, i) => merchantTry(m.merchantId, `Concurrent${i}x`)),
    );
    const statuses = tries.map((r) => r.status);
    // Each 401 is a guess checked against the password hash; every other try was refused before.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
  });
});
