// Customer accounts: registration, sign-in messages, the profile (User Info tab) and its update.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/index.js';
import type { CaptchaAdapter } from '../../src/server/adapters/captcha/index.js';
import type { App } from '../../src/server/app.js';
import { customers } from '../../src/server/db/schema/index.js';
import { createCustomer, uniqueId } from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** Each caller gets its own address, so the per-IP registration limit does not mix tests. */
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** Signs in from a fresh address (the sign-in limit is per address) → the Cookie header. */
async function signInCustomer(app: App['app'], email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/usersAuth/userLogin',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = [res.headers['set-cookie'] ?? []].flat();
  return list.map((c) => c.split(';')[0]).join('; ');
}

const newAccount = () => ({
  name: uniqueId('diner-'),
  email: `${uniqueId('reg')}@Example.com`,
  password: 'Sunny2day',
  confirmPassword: 'Sunny2day',
});

function register(payload: unknown, app = t, remoteAddress = freshIp()) {
  return app.app.inject({
    method: 'POST',
    url: '/api/usersAuth/userRegister',
    payload: payload as object,
    remoteAddress,
  });
}

const issueOf = (res: { json(): unknown }, field: string) =>
  (res.json() as { issues?: { path: string[]; message: string }[] }).issues?.find(
    (i) => i.path.at(-1) === field,
  )?.message;

describe('registration (C7.84, F1.11, M8.4, T4.48)', () => {
  it('creates the account, says so with the spec text, and leaves signing in to the browser', async () => {
    const body = newAccount();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: MESSAGES.REGISTERED,
      user: { name: body.name, email: body.email.toLowerCase() },
    });
    // T4.48: no session at registration; the browser's own sign-in 5 s later makes one.
    expect(res.headers['set-cookie']).toBeUndefined();
    const cookie = await signInCustomer(t.app, body.email, body.password);
    const auth = await t.app.inject({ url: '/api/usersAuth/isAuth', headers: { cookie } });
    expect(auth.json()).toMatchObject({ isAuth: true, user: { name: body.name } });
  });

  it('stores the password as an argon2id hash, never as typed (E3.59)', async () => {
    const body = newAccount();
    await register(body);
    const [row] = await t.ctx.db
      .select()
      .from(customers)
      .where(eq(customers.email, body.email.toLowerCase()));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it.each([
    ['name', { name: 'abcd' }, MESSAGES.USERNAME_LENGTH, 'V5.26 four characters'],
    ['name', { name: 'x'.repeat(51) }, MESSAGES.USERNAME_LENGTH, 'V5.26 51 characters'],
    ['email', { email: 'a@b' }, MESSAGES.EMAIL_INVALID, 'V5.27 a@b'],
    ['email', { email: 'ab.com' }, MESSAGES.EMAIL_INVALID, 'V5.27 ab.com'],
    [
      'password',
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      MESSAGES.PASSWORD_RULE,
      'V5.22',
    ],
    ['confirmPassword', { confirmPassword: 'Sunny3day' }, MESSAGES.PASSWORD_MISMATCH, 'V5.28'],
  ])(
    'refuses a bad %s with the spec message as errMessage (%j, %s)',
    async (field, change, message, _checklist) => {
      const res = await register({ ...newAccount(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', message });
      expect(issueOf(res, field)).toBe(message);
    },
  );

  it('accepts the boundary lengths and a password with symbols (V5.26, V5.23)', async () => {
    for (const change of [
      { name: 'abcde' },
      { name: 'y'.repeat(50) },
      { password: 'Abcdef1!', confirmPassword: 'Abcdef1!' },
    ]) {
      const res = await register({ ...newAccount(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(201);
    }
  });

  it('answers a registered email, in any case, with 409 and a short fixed message (M8.2)', async () => {
    const first = newAccount();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register({ ...newAccount(), email: first.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'This email is already registered',
    });
    expect(issueOf(again, 'email')).toBe('This email is already registered');
  });

  it('gives one account and one refusal when the same email registers twice at once', async () => {
    const body = newAccount();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, body.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('rate-limits registrations from one address, not from others', async () => {
    const app = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await register({ name: 'x' }, app, '10.9.9.9')).statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses[5]).toBe(429);
      expect((await register({ name: 'x' }, app, '10.9.9.10')).statusCode).toBe(400);
    } finally {
      await app.app.close();
    }
  });

  it('checks the Sign Up captcha when one is configured (S2.58)', async () => {
    const seen: string[] = [];
    const captcha: CaptchaAdapter = {
      name: 'recaptcha',
      siteKey: 'site-key',
      verify: async (token) => {
        seen.push(token);
        return { success: token === 'human', errorCodes: token === 'human' ? [] : ['bad'] };
      },
    };
    const app = await createTestApp({ adapters: { captcha } });
    try {
      const missing = await register(newAccount(), app);
      expect(missing.statusCode).toBe(400);
      expect(issueOf(missing, 'recaptchaToken')).toBeTruthy();
      const robot = await register({ ...newAccount(), recaptchaToken: 'robot' }, app);
      expect(robot.statusCode).toBe(400);
      const human = await register({ ...newAccount(), recaptchaToken: 'human' }, app);
      expect(human.statusCode).toBe(201);
      expect(seen).toEqual(['robot', 'human']);
    } finally {
      await app.app.close();
    }
  });
});

describe('sign-in messages (V5.25, C7.83, P6.6)', () => {
  it('asks for both fields with the exact spec text as the message', async () => {
    for (const payload of [{ email: 'a@example.com', password: '' }, { password: 'x' }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/usersAuth/userLogin',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.SIGN_IN_REQUIRED);
    }
  });

  it('gives the same message for a wrong password and an unknown email', async () => {
    const c = await createCustomer(t.ctx.db);
    const messages = [];
    for (const payload of [
      { email: c.email, password: 'Wrong1pass' },
      { email: `${uniqueId('nobody')}@example.com`, password: c.password },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/usersAuth/userLogin', payload });
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
      messages.push(res.json().message);
    }
    expect(messages).toEqual(['Incorrect email or password', 'Incorrect email or password']);
  });

  it('refuses the spec\'s "external" sign-in: social sign-in goes through OIDC (C7.83)', async () => {
    const c = await createCustomer(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      payload: { email: c.email, password: c.password, external: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/oidc/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not let anyone into a social-only account with a password', async () => {
    const email = `${uniqueId('social')}@example.com`;
    await t.ctx.db.insert(customers).values({
      name: 'Social Sam',
      email,
      passwordHash: null,
      loginPortal: 'google',
      oidcSubject: uniqueId('s'),
    });
    for (const password of ['', 'Passw0rdTest', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/usersAuth/userLogin',
        payload: { email, password },
      });
      expect([400, 401]).toContain(res.statusCode);
    }
  });

  it('rate-limits repeated sign-in attempts from one address', async () => {
    const app = await createTestApp();
    try {
      const statuses: number[] = [];
      // A different email each time: the per-account limit (sign-in-guesses.test.ts) stays out of
      // the way.
      for (let i = 0; i < 11; i++) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/usersAuth/userLogin',
          payload: { email: `${uniqueId('guess')}@example.com`, password: `Guess${i}xx` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await app.app.close();
    }
  });
});

describe('profile: userInfo and updateUserInfo (C7.86, C7.87, S2.61, S2.62, P6.7)', () => {
  async function signedIn() {
    const c = await createCustomer(t.ctx.db);
    return { c, cookie: await signInCustomer(t.app, c.email, c.password) };
  }

  const update = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/updateUserInfo',
      headers: { cookie },
      payload,
    });
  const info = async (cookie: string) =>
    (await t.app.inject({ url: '/api/usersAuth/userInfo', headers: { cookie } })).json();

  const valid = {
    username: 'Happy Diner',
    order_name: 'Pat Diner',
    order_address: '1 Main St, Springfield',
    order_zipcode: '02139',
    order_phone: '(555) 123-4567',
  };

  it('returns the profile without any password field (E3.59)', async () => {
    const { c, cookie } = await signedIn();
    const body = await info(cookie);
    expect(body).toEqual({
      success: true,
      user: {
        name: c.name,
        email: c.email,
        login_portal: null,
        order_name: '',
        order_address: '',
        order_phone: '',
        order_zipcode: '',
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('saves the User Info tab with "Updated succesfully!" and shows it on reopening', async () => {
    const { c, cookie } = await signedIn();
    const res = await update(cookie, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Updated succesfully!' });
    expect((await info(cookie)).user).toEqual({
      name: 'Happy Diner',
      email: c.email,
      login_portal: null,
      order_name: 'Pat Diner',
      order_address: '1 Main St, Springfield',
      order_phone: '5551234567',
      order_zipcode: '02139',
    });
    // isAuth shows the new username too.
    const auth = await t.app.inject({ url: '/api/usersAuth/isAuth', headers: { cookie } });
    expect(auth.json().user.name).toBe('Happy Diner');
  });

  it('accepts an empty phone and zip (V5.6)', async () => {
    const { cookie } = await signedIn();
    const res = await update(cookie, { ...valid, order_phone: '', order_zipcode: '' });
    expect(res.statusCode).toBe(200);
    expect((await info(cookie)).user).toMatchObject({ order_phone: '', order_zipcode: '' });
  });

  it.each([
    ['order_phone', { order_phone: '555123456' }, 'Invalid', 'V5.6 nine digits'],
    ['order_zipcode', { order_zipcode: '1234' }, 'Invalid!', 'V5.18'],
    ['username', { username: '' }, 'Required', 'V5.30'],
    ['username', { username: 'abcd' }, MESSAGES.USERNAME_TOO_SHORT, 'V5.24'],
  ])(
    'refuses a bad %s with "Unable to update info!" and the field rule, changing nothing (%j, %s)',
    async (field, change, fieldMessage, _checklist) => {
      const { cookie } = await signedIn();
      expect((await update(cookie, valid)).statusCode).toBe(200);
      const res = await update(cookie, { ...valid, order_name: 'Changed Name', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        message: 'Unable to update info!',
      });
      expect(issueOf(res, field)).toBe(fieldMessage);
      expect((await info(cookie)).user.order_name).toBe('Pat Diner');
    },
  );

  it('lets a password account change its email, but not to one already registered', async () => {
    const { cookie } = await signedIn();
    const other = await createCustomer(t.ctx.db);
    const taken = await update(cookie, { ...valid, email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Unable to update info!');
    expect(issueOf(taken, 'email')).toBe('This email is already registered');
    const fresh = `${uniqueId('moved')}@example.com`;
    expect((await update(cookie, { ...valid, email: fresh })).statusCode).toBe(200);
    expect((await info(cookie)).user.email).toBe(fresh);
  });

  it("keeps a social account's email: it belongs to the provider", async () => {
    const email = `${uniqueId('soc')}@example.com`;
    const c = await createCustomer(t.ctx.db, { email });
    await t.ctx.db
      .update(customers)
      .set({ loginPortal: 'google', oidcSubject: uniqueId('sub') })
      .where(eq(customers.id, c.id));
    const cookie = await signInCustomer(t.app, email, c.password);
    const res = await update(cookie, { ...valid, email: `${uniqueId('new')}@example.com` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unable to update info!');
    expect((await info(cookie)).user).toMatchObject({ email, login_portal: 'google' });
    // The same email (in another case) is no change and saves.
    expect((await update(cookie, { ...valid, email: email.toUpperCase() })).statusCode).toBe(200);
  });

  it('signs out: the cookie no longer reaches the profile (S2.63, P6.8, C7.85)', async () => {
    const { cookie } = await signedIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/usersAuth/isAuth', headers: { cookie } })).json(),
    ).toEqual({
      isAuth: false,
    });
    const res = await t.app.inject({ url: '/api/usersAuth/userInfo', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('shows nothing of any account when signed out (P6.5)', async () => {
    for (const url of [
      '/api/usersAuth/userInfo',
      '/api/usersAuth/getOrderHistory',
      '/api/usersAuth/getOrderAmount',
      '/api/usersAuth/getLoyaltyPoints',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'message']);
    }
    const res = await update('', valid);
    expect(res.statusCode).toBe(401);
  });
});
