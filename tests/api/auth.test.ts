import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
  uniqueId,
} from '../support/fixtures.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('merchant sign-in (C7.96–C7.98, M8.15)', () => {
  it('signs the merchant in with an HttpOnly SameSite cookie and reports isAuth', async () => {
    const m = await createMerchant(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogin',
      payload: { merchantUserName: m.merchantId, merchantPassword: m.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ merchantId: m.merchantId });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0]!;
    const auth = await t.app.inject({ url: '/api/merchantUsers/isAuth', headers: { cookie } });
    expect(auth.json()).toEqual({ isAuth: true, merchantId: m.merchantId });
  });

  it('refuses a wrong password or unknown merchant with the same message', async () => {
    const m = await createMerchant(t.ctx.db);
    for (const payload of [
      { merchantUserName: m.merchantId, merchantPassword: 'wrong-password' },
      { merchantUserName: 'no-such-merchant', merchantPassword: m.password },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/merchantUsers/merchantLogin',
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'unauthenticated',
        message: 'Invalid credentials provided',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('ends the session at sign-out, so the old cookie no longer works', async () => {
    const m = await createMerchant(t.ctx.db);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    const auth = await t.app.inject({ url: '/api/merchantUsers/isAuth', headers: { cookie } });
    expect(auth.json()).toEqual({ isAuth: false });
  });

  it('rotates the session at sign-in: the earlier token stops working', async () => {
    const m = await createMerchant(t.ctx.db);
    const first = await signInMerchant(t.app, m.merchantId, m.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogin',
      headers: { cookie: first },
      payload: { merchantUserName: m.merchantId, merchantPassword: m.password },
    });
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({
      url: '/api/merchantUsers/isAuth',
      headers: { cookie: first },
    });
    expect(old.json()).toEqual({ isAuth: false });
  });

  it('rate-limits repeated sign-in attempts from one address', async () => {
    const app = await createTestApp();
    try {
      const statuses: number[] = [];
      // A different merchant id each time: the per-account limit (sign-in-guesses.test.ts) stays
      // out of the way, and the demo merchant gets no failures other tests would meet.
      for (let i = 0; i < 12; i++) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/merchantUsers/merchantLogin',
          payload: { merchantUserName: uniqueId('guess'), merchantPassword: `guess-${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await app.app.close();
    }
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/merchantUsers/merchantLogout',
      headers: { origin: 'https://evil.example', host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('customer sign-in (C7.85–C7.88)', () => {
  it('signs a diner in and out', async () => {
    const c = await createCustomer(t.ctx.db);
    const cookie = await signInCustomer(t.app, c.email.toUpperCase(), c.password);
    const auth = await t.app.inject({ url: '/api/usersAuth/isAuth', headers: { cookie } });
    expect(auth.json()).toEqual({ isAuth: true, user: { name: c.name, email: c.email } });
    await t.app.inject({ method: 'POST', url: '/api/usersAuth/userLogout', headers: { cookie } });
    const after = await t.app.inject({ url: '/api/usersAuth/isAuth', headers: { cookie } });
    expect(after.json()).toEqual({ isAuth: false });
  });

  it('asks for both fields with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(
      'Please enter username and password to login',
    );
  });

  it('answers a wrong password with 401 and a message', async () => {
    const c = await createCustomer(t.ctx.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      payload: { email: c.email, password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});
