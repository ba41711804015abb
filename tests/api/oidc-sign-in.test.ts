// Social sign-in end to end (F1.12, S2.57, S2.64): the app against a real OpenID Connect
// provider (oidc-provider) on 127.0.0.1, authorization code + PKCE through openid-client.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { customers } from '../../src/server/db/schema/index.js';
import { OidcProvidersError, parseOidcProviders } from '../../src/server/lib/oidc-providers.js';
import { safeReturnTo } from '../../src/server/modules/customers/oidc.service.js';
import { startFakeOidc, type FakeOidc } from '../fakes/oidc-fake.js';
import { createCustomer, uniqueId } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const PUBLIC_URL = 'http://localhost:8080';
const CALLBACK = `${PUBLIC_URL}/api/usersAuth/oidc/testid/callback`;
const CLIENT = { clientId: 'forkful-web', clientSecret: 'a-long-client-secret-for-the-test' };

let fake: FakeOidc;
let t: App;
let clockApp: App;
const clock = manualClock();

/** A port nothing listens on, for a provider that is down. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Builds an app configured with these OIDC providers. */
async function appWithProviders(providers: unknown[], opts: { clock?: typeof clock } = {}) {
  return createTestApp({ env: { PUBLIC_URL, OIDC_PROVIDERS: JSON.stringify(providers) }, ...opts });
}

beforeAll(async () => {
  fake = await startFakeOidc({ ...CLIENT, redirectUris: [CALLBACK] });
  const providers = [
    { name: 'testid', label: 'Test ID', issuer: fake.issuer, ...CLIENT },
    { name: 'down', issuer: `http://127.0.0.1:${await closedPort()}`, ...CLIENT },
  ];
  t = await appWithProviders(providers);
  clockApp = await appWithProviders(providers, { clock });
});
afterAll(async () => {
  await t?.app.close();
  await clockApp?.app.close();
  await fake?.close();
});

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat() as string[];
const cookiePair = (res: { headers: Record<string, unknown> }, name: string) =>
  setCookies(res)
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

/** The browser: start at the app, sign in at the provider, come back to the callback. */
async function socialSignIn(
  who: string | 'deny',
  opts: { returnTo?: string; app?: App; tamper?: (callback: URL) => void } = {},
) {
  const app = opts.app ?? t;
  fake.nextLogin = who;
  const qs = opts.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(opts.returnTo)}`;
  const start = await app.app.inject({ url: `/api/usersAuth/oidc/testid/start${qs}` });
  expect(start.statusCode, start.body).toBe(302);
  const stateCookie = cookiePair(start, 'fk_oidc_login');
  expect(stateCookie).toBeTruthy();
  const back = await fake.authorize(String(start.headers.location));
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  opts.tamper?.(back);
  const callback = await app.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: stateCookie! },
  });
  const session = cookiePair(callback, 'fk_customer_session');
  return { start, stateCookie: stateCookie!, back, callback, session };
}

async function whoAmI(cookie: string | undefined, app = t) {
  const auth = await app.app.inject({
    url: '/api/usersAuth/isAuth',
    headers: { cookie: cookie ?? '' },
  });
  if (!auth.json().isAuth) return undefined;
  const info = await app.app.inject({
    url: '/api/usersAuth/userInfo',
    headers: { cookie: cookie! },
  });
  return info.json().user as { name: string; email: string; login_portal: string | null };
}

describe('social sign-in providers (S2.57)', () => {
  it('lists the configured providers for the Sign In tab', async () => {
    const res = await t.app.inject({ url: '/api/usersAuth/oidc/providers' });
    expect(res.json()).toEqual({
      providers: [
        { name: 'testid', label: 'Test ID', startUrl: '/api/usersAuth/oidc/testid/start' },
        { name: 'down', label: 'Down', startUrl: '/api/usersAuth/oidc/down/start' },
      ],
    });
  });

  it('lists none when OIDC_PROVIDERS is not set', async () => {
    const res = await t.app.inject({ url: '/api/usersAuth/oidc/providers' });
    expect(res.statusCode).toBe(200);
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/usersAuth/oidc/providers' })).json()).toEqual({
        providers: [],
      });
    } finally {
      await plain.app.close();
    }
  });

  it('answers 404 for a provider that is not configured', async () => {
    for (const url of ['/api/usersAuth/oidc/nope/start', '/api/usersAuth/oidc/nope/callback']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});

describe('social sign-in flow (F1.12, S2.64)', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, keeping them in a signed HttpOnly cookie', async () => {
    const start = await t.app.inject({ url: '/api/usersAuth/oidc/testid/start' });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(fake.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = setCookies(start).find((c) => c.startsWith('fk_oidc_login='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/usersAuth\/oidc/);
    // The verifier itself never goes to the provider.
    expect(url.search).not.toContain('code_verifier');
  });

  it('creates an account on first sign-in, records login_portal and signs the diner in', async () => {
    const sub = uniqueId('sub-');
    const email = `${uniqueId('ada')}@Mail.example`;
    fake.accounts.set(sub, { sub, email, email_verified: true, name: 'Ada Lovelace' });
    fake.requests.length = 0;
    const { callback, session } = await socialSignIn(sub, { returnTo: '/store/demo?x=1' });
    // The code was exchanged at the token endpoint; the email came from userinfo, as this
    // provider keeps scope claims out of the ID token in the code flow.
    expect(fake.requests).toEqual(expect.arrayContaining(['/token', '/me']));
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/store/demo?x=1');
    expect(session).toBeTruthy();
    expect(setCookies(callback).find((c) => c.startsWith('fk_customer_session='))).toMatch(
      /HttpOnly/i,
    );
    expect(await whoAmI(session)).toMatchObject({
      name: 'Ada Lovelace',
      email: email.toLowerCase(),
      login_portal: 'testid',
    });
    const [row] = await t.ctx.db.select().from(customers).where(eq(customers.oidcSubject, sub));
    expect(row).toMatchObject({ loginPortal: 'testid', passwordHash: null });
  });

  it('finds the same account on the next sign-in instead of making another', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, {
      sub,
      email: `${sub}@mail.example`,
      email_verified: true,
      name: 'Bea Again',
    });
    const first = await socialSignIn(sub);
    const second = await socialSignIn(sub);
    expect(second.callback.headers.location).toBe('/');
    expect(first.session).not.toEqual(second.session);
    const rows = await t.ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.oidcSubject, sub));
    expect(rows).toHaveLength(1);
    expect((await whoAmI(second.session))?.login_portal).toBe('testid');
  });

  it('links an existing password account when the provider verified the email; the password still works', async () => {
    const c = await createCustomer(t.ctx.db);
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, {
      sub,
      email: c.email.toUpperCase(),
      email_verified: true,
      name: 'Other Name',
    });
    const { session } = await socialSignIn(sub);
    expect(await whoAmI(session)).toMatchObject({
      name: c.name,
      email: c.email,
      login_portal: 'testid',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usersAuth/userLogin',
      payload: { email: c.email, password: c.password },
      remoteAddress: '10.3.0.1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not hand over a password account for an email the provider did not verify', async () => {
    const c = await createCustomer(t.ctx.db);
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: c.email, email_verified: false, name: 'Impostor' });
    const { callback, session } = await socialSignIn(sub, { returnTo: '/store/demo' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/store/demo?loginError=email_in_use');
    expect(session).toBeUndefined();
    const [row] = await t.ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ loginPortal: null, oidcSubject: null });
  });

  it('comes back with loginError=cancelled when the person cancels at the provider', async () => {
    const { callback, session } = await socialSignIn('deny', { returnTo: '/store/demo' });
    expect(callback.headers.location).toBe('/store/demo?loginError=cancelled');
    expect(session).toBeUndefined();
  });

  it('refuses a callback whose state does not match the cookie (login CSRF)', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: `${sub}@mail.example`, email_verified: true });
    const { callback, session } = await socialSignIn(sub, {
      tamper: (u) => u.searchParams.set('state', 'forged-state'),
    });
    expect(callback.headers.location).toBe('/?loginError=failed');
    expect(session).toBeUndefined();
  });

  it('refuses a callback without the login cookie, and the replay of a used code', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: `${sub}@mail.example`, email_verified: true });
    const done = await socialSignIn(sub);
    expect(done.session).toBeTruthy();
    // The callback cleared the login cookie: the same URL alone is refused.
    const bare = await t.app.inject({ url: `${done.back.pathname}${done.back.search}` });
    expect(bare.headers.location).toBe('/?loginError=expired');
    expect(cookiePair(bare, 'fk_customer_session')).toBeUndefined();
    // Replaying the old cookie with the used code fails at the provider.
    const replay = await t.app.inject({
      url: `${done.back.pathname}${done.back.search}`,
      headers: { cookie: done.stateCookie },
    });
    expect(replay.headers.location).toBe('/?loginError=failed');
    expect(cookiePair(replay, 'fk_customer_session')).toBeUndefined();
  });

  it('refuses a login cookie that was altered', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: `${sub}@mail.example`, email_verified: true });
    fake.nextLogin = sub;
    const start = await t.app.inject({ url: '/api/usersAuth/oidc/testid/start' });
    const pair = cookiePair(start, 'fk_oidc_login')!;
    const back = await fake.authorize(String(start.headers.location));
    const value = decodeURIComponent(pair.slice('fk_oidc_login='.length));
    const [payload, signature] = [
      value.slice(0, value.lastIndexOf('.')),
      value.slice(value.lastIndexOf('.') + 1),
    ];
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...state, returnTo: '/evil' })).toString(
      'base64url',
    );
    const res = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `fk_oidc_login=${encodeURIComponent(`${forged}.${signature}`)}` },
    });
    expect(res.headers.location).toBe('/?loginError=expired');
    expect(cookiePair(res, 'fk_customer_session')).toBeUndefined();
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: `${sub}@mail.example`, email_verified: true });
    const done = await socialSignIn(sub, {
      app: clockApp,
      tamper: () => clock.advance(11 * 60 * 1000),
    });
    expect(done.callback.headers.location).toBe('/?loginError=expired');
    expect(done.session).toBeUndefined();
  });

  it('only returns to same-origin pages: another host becomes "/"', async () => {
    const sub = uniqueId('sub-');
    fake.accounts.set(sub, { sub, email: `${sub}@mail.example`, email_verified: true });
    const { callback, session } = await socialSignIn(sub, { returnTo: '//evil.example/phish' });
    expect(session).toBeTruthy();
    expect(callback.headers.location).toBe('/');
    for (const [input, expected] of [
      ['https://evil.example/', '/'],
      ['/\\evil.example', '/'],
      ['/store/demo#menu', '/store/demo#menu'],
      ['/api/usersAuth/userInfo', '/'],
      ['/store/%0d%0aSet-Cookie:x', '/store/%0d%0aSet-Cookie:x'],
      ['/a\nb', '/'],
      [undefined, '/'],
    ] as const) {
      expect(safeReturnTo(input), String(input)).toBe(expected);
    }
  });

  it('sends the diner back with loginError=provider_unavailable when the provider is down', async () => {
    const res = await t.app.inject({ url: '/api/usersAuth/oidc/down/start?returnTo=/store/demo' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/store/demo?loginError=provider_unavailable');
    expect(cookiePair(res, 'fk_oidc_login')).toBeUndefined();
  });
});

describe('OIDC_PROVIDERS setting', () => {
  const ok = {
    name: 'google',
    issuer: 'https://accounts.google.com',
    clientId: 'id',
    clientSecret: 's',
  };
  it('reads a list with defaults', () => {
    expect(parseOidcProviders(JSON.stringify([ok]))).toEqual([
      {
        name: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 's',
        tokenAuthMethod: 'client_secret_basic',
        scope: 'openid email profile',
      },
    ]);
    expect(parseOidcProviders(undefined)).toEqual([]);
    expect(parseOidcProviders('')).toEqual([]);
  });

  it.each([
    ['not JSON', '[{'],
    ['plain http off this machine', JSON.stringify([{ ...ok, issuer: 'http://idp.example' }])],
    ['a name used twice', JSON.stringify([ok, ok])],
    [
      'a secret-based method without a secret',
      JSON.stringify([{ ...ok, clientSecret: undefined, tokenAuthMethod: 'client_secret_post' }]),
    ],
    ['a name that is not a path segment', JSON.stringify([{ ...ok, name: 'Go ogle' }])],
    ['a scope without openid', JSON.stringify([{ ...ok, scope: 'email' }])],
  ])('stops the boot on %s', (_what, raw) => {
    expect(() => parseOidcProviders(raw)).toThrow(OidcProvidersError);
  });
});
