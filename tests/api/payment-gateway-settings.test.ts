// The merchant's card gateway and its credentials (docs/decisions/payment-credentials.md): the read
// shows what is saved and never a secret; the save checks each provider's fields by its schema and
// names the field, switches provider and credentials together (audited), for the merchant itself
// only; the store-settings save cannot pick a provider whose credentials are not saved; and a
// gateway is only ever handed its own provider's credentials, also after the merchant switched.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGatewayView } from '../../src/contract/payment-gateway.js';
import {
  type GatewayCapabilities,
  type GatewayEnv,
  type PaymentGateway,
  type ProviderName,
  createPaymentAdapters,
  createSandboxGateway,
} from '../../src/server/adapters/payments/index.js';
import type { App } from '../../src/server/app.js';
import { merchantAudit, merchants } from '../../src/server/db/schema/index.js';
import {
  encryptCredentials,
  openCredentials,
  setPaymentProvider,
} from '../../src/server/modules/payments/credentials.js';
import { gatewayEnv } from '../../src/server/modules/payments/gateway.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { orderDraft, placeTestOrder } from '../support/orders.js';
import { createTestApp, manualClock, testConfig } from '../support/test-app.js';

const clock = manualClock('2026-05-12T15:00:00Z'); // 10:00 in Chicago (the fixture merchant)
let t: App;

/** What each stand-in gateway was handed, call by call. */
const handed: { provider: string; call: string; credentials: GatewayEnv['credentials'] }[] = [];

/** A sandbox speaking as `provider` that records the credentials of every call. */
function recording(provider: ProviderName, capabilities: Partial<GatewayCapabilities>) {
  const inner = createSandboxGateway({ provider, capabilities });
  const record =
    <A extends unknown[], R>(call: string, fn: (env: GatewayEnv, ...args: A) => R) =>
    (env: GatewayEnv, ...args: A): R => {
      handed.push({ provider, call, credentials: env.credentials });
      return fn(env, ...args);
    };
  return {
    ...inner,
    authorize: record('authorize', inner.authorize),
    sale: record('sale', inner.sale),
    capture: record('capture', inner.capture),
    void: record('void', inner.void),
    tipAdjust: record('tipAdjust', inner.tipAdjust),
  } satisfies PaymentGateway;
}

beforeAll(async () => {
  t = await createTestApp({
    clock,
    adapters: {
      // Every provider but elavon has a gateway here, so elavon is not offered.
      payments: createPaymentAdapters(testConfig(), {
        gateways: {
          cardPointe: recording('cardPointe', { flow: 'auth_capture', tipAdjust: 'capture' }),
          tsys: recording('tsys', { flow: 'sale', tipAdjust: 'none' }),
          tsys2: recording('tsys2', { flow: 'sale', tipAdjust: 'adjust' }),
          authorizeNet: recording('authorizeNet', { flow: 'sale', tipAdjust: 'adjust' }),
        },
      }),
    },
  });
});
afterAll(() => t.app.close());

const CARDPOINTE = {
  site: 'forkfultest',
  merchid: '496160873888',
  username: 'cp-api-user-7',
  password: 'Cp-S3cret-Pass-Word',
  environment: 'uat',
};
const TSYS = {
  deviceId: '88700000123401',
  transactionKey: 'TsysKeyS3cret0042',
  environment: 'stage',
};
const ANET = {
  apiLoginId: '5KP3u95bQpv',
  transactionKey: 'AnetS3cretKey99',
  environment: 'sandbox',
};
/** Every saved value that is not the environment: none may show in an answer. */
const SECRETS = [CARDPOINTE, TSYS, ANET].flatMap((c) =>
  Object.entries(c)
    .filter(([k]) => k !== 'environment')
    .map(([, v]) => v),
);

type SignedIn = Awaited<ReturnType<typeof createMerchant>> & { cookie: string };
async function merchant(overrides: Parameters<typeof createMerchant>[1] = {}): Promise<SignedIn> {
  const m = await createMerchant(t.ctx.db, overrides);
  return { ...m, cookie: await signInMerchant(t.app, m.merchantId, m.password) };
}

const url = (m: { merchantId: string }) =>
  `/api/merchants/merchantId/${m.merchantId}/paymentGateway`;
const read = (m: SignedIn, cookie = m.cookie) =>
  t.app.inject({ method: 'GET', url: url(m), headers: { cookie } });
const put = (m: SignedIn, payload: Record<string, unknown>, cookie = m.cookie) =>
  t.app.inject({ method: 'PUT', url: url(m), headers: { cookie }, payload });
const saveSettings = (m: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/businessInfos/merchantId/${m.merchantId}/businessInfo`,
    headers: { cookie: m.cookie },
    payload,
  });

async function row(m: { id: string }) {
  const [found] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
  return found!;
}
/** The provider a merchant is on, and the provider and fields its stored blob holds. */
async function stored(m: { id: string }) {
  const r = await row(m);
  const blob = r.paymentCredentials
    ? openCredentials(t.ctx.config.credentialsKey, m.id, r.paymentCredentials)
    : null;
  return { ecommProvider: r.ecommProvider, blob };
}

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
function expectNoSecret(body: unknown) {
  for (const s of strings(body)) {
    for (const secret of SECRETS) expect(s, `answer shows ${secret}`).not.toContain(secret);
  }
}

describe('GET .../paymentGateway', () => {
  it('shows the provider, the providers offered and a summary of the saved credentials, never a secret', async () => {
    const m = await merchant();
    const first = await read(m);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toEqual({
      provider: 'sandbox',
      offered: ['sandbox', 'cardPointe', 'tsys', 'authorizeNet', 'tsys2'],
      credentials: null,
    });

    const saved = await put(m, { provider: 'cardPointe', credentials: CARDPOINTE });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await read(m)).json<PaymentGatewayView>();
    expect(view).toEqual({
      provider: 'cardPointe',
      offered: ['sandbox', 'cardPointe', 'tsys', 'authorizeNet', 'tsys2'],
      credentials: {
        provider: 'cardPointe',
        environment: 'uat',
        accountHint: '3888',
        setAt: clock.now().toISOString(),
      },
    });
    expect(saved.json()).toEqual(view);
    expectNoSecret(view);
    expectNoSecret(saved.json());

    for (const [provider, credentials, hint] of [
      ['tsys', TSYS, '3401'],
      ['authorizeNet', ANET, 'bQpv'],
    ] as const) {
      const res = await put(m, { provider, credentials });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().credentials).toMatchObject({ provider, accountHint: hint });
      expectNoSecret(res.json());
      expectNoSecret((await read(m)).json());
    }
  });

  it('reads credentials saved before providers were recorded as the current provider’s', async () => {
    const m = await merchant({ ecommProvider: 'cardPointe' });
    const legacy = encryptCredentials(t.ctx.config.credentialsKey, m.id, CARDPOINTE);
    await t.ctx.db
      .update(merchants)
      .set({ paymentCredentials: legacy })
      .where(eq(merchants.id, m.id));
    expect((await read(m)).json().credentials).toEqual({
      provider: 'cardPointe',
      environment: 'uat',
      accountHint: '3888',
      setAt: null,
    });
  });
});

describe('PUT .../paymentGateway', () => {
  it('checks the credentials by the provider’s schema and names the field', async () => {
    const m = await merchant();
    const cases: [Record<string, unknown>, (string | number)[], string | RegExp][] = [
      [
        { provider: 'cardPointe', credentials: { ...CARDPOINTE, merchid: '49616x' } },
        ['body', 'credentials', 'merchid'],
        'Merchant ID is digits only',
      ],
      [
        { provider: 'cardPointe', credentials: { ...CARDPOINTE, password: '  ' } },
        ['body', 'credentials', 'password'],
        'API password is required',
      ],
      [
        { provider: 'tsys', credentials: { ...TSYS, transactionKey: 'not a key!' } },
        ['body', 'credentials', 'transactionKey'],
        'Transaction key is letters and digits only',
      ],
      [
        { provider: 'tsys2', credentials: { ...TSYS, deviceId: '' } },
        ['body', 'credentials', 'deviceId'],
        'Device ID is required',
      ],
      [
        { provider: 'tsys', credentials: { ...TSYS, environment: 'production-ish' } },
        ['body', 'credentials', 'environment'],
        /./,
      ],
      [
        { provider: 'authorizeNet', credentials: { ...ANET, transactionKey: 'A'.repeat(17) } },
        ['body', 'credentials', 'transactionKey'],
        'Transaction Key is too long',
      ],
      // Another provider's fields are not this provider's.
      [{ provider: 'authorizeNet', credentials: TSYS }, ['body', 'credentials', 'apiLoginId'], /./],
      [{ provider: 'sandbox', credentials: CARDPOINTE }, ['body', 'credentials'], /./],
      [{ provider: 'paypal', credentials: null }, ['body', 'provider'], /./],
      [
        {
          provider: 'elavon',
          credentials: { merchantId: '123456', userId: 'u', pin: 'PIN1', environment: 'demo' },
        },
        ['body', 'provider'],
        'This payment provider is not available yet',
      ],
      [
        { provider: 'cardPointe', credentials: null },
        ['body', 'credentials'],
        'Enter the CardPointe credentials first',
      ],
    ];
    const before = await stored(m);
    for (const [body, path, message] of cases) {
      const label = JSON.stringify(body);
      const res = await put(m, body);
      expect(res.statusCode, label).toBe(400);
      const issue = (res.json().issues as { path: (string | number)[]; message: string }[])[0]!;
      expect(issue.path, label).toEqual(path);
      if (typeof message === 'string') expect(issue.message, label).toBe(message);
      else expect(issue.message, label).toMatch(message);
      expectNoSecret(res.json());
    }
    // Nothing was written by any of them.
    expect(await stored(m)).toEqual(before);
  });

  it('switches the provider and its credentials together, and records who did it without a secret', async () => {
    const m = await merchant();
    expect((await put(m, { provider: 'tsys', credentials: TSYS })).statusCode).toBe(200);
    expect(await stored(m)).toEqual({
      ecommProvider: 'tsys',
      blob: { provider: 'tsys', fields: TSYS, setAt: clock.now().toISOString() },
    });
    // A refused save changes neither.
    const refused = await put(m, {
      provider: 'cardPointe',
      credentials: { ...CARDPOINTE, merchid: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await stored(m)).ecommProvider).toBe('tsys');
    expect((await stored(m)).blob?.provider).toBe('tsys');

    // Two saves at once: whichever wins, provider and credentials are the same provider's.
    const [a, b] = await Promise.all([
      put(m, { provider: 'cardPointe', credentials: CARDPOINTE }),
      put(m, { provider: 'authorizeNet', credentials: ANET }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await stored(m);
    expect(after.blob?.provider).toBe(after.ecommProvider);
    expect(after.blob?.fields).toEqual(after.ecommProvider === 'cardPointe' ? CARDPOINTE : ANET);

    // The sandbox keeps the saved credentials (for switching back); the same save again is no change.
    expect((await put(m, { provider: 'sandbox' })).json()).toMatchObject({
      provider: 'sandbox',
      credentials: { provider: after.ecommProvider },
    });
    expect((await put(m, { provider: 'sandbox', credentials: null })).statusCode).toBe(200);
    const back = await put(m, { provider: after.ecommProvider, credentials: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().provider).toBe(after.ecommProvider);

    const audit = await t.ctx.db
      .select()
      .from(merchantAudit)
      .where(and(eq(merchantAudit.merchantId, m.id), eq(merchantAudit.action, 'payment_gateway')));
    expect(audit).toHaveLength(5);
    expect(audit.map((e) => e.detail)).toContainEqual({
      provider: { before: 'sandbox', after: 'tsys' },
      credentials: {
        provider: 'tsys',
        environment: 'stage',
        accountHint: '3401',
        setAt: clock.now().toISOString(),
      },
      replaced: null,
    });
    for (const entry of audit) expect(entry.sessionRef).toMatch(/^[0-9a-f]{16}$/);
    expectNoSecret(audit.map((e) => e.detail));
  });

  it('answers only the merchant itself: 401 signed out, 403 for another merchant', async () => {
    const m = await merchant();
    const other = await merchant();
    expect((await t.app.inject({ method: 'GET', url: url(m) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: url(m),
          payload: { provider: 'cardPointe', credentials: CARDPOINTE },
        })
      ).statusCode,
    ).toBe(401);
    expect((await read(m, other.cookie)).statusCode).toBe(403);
    const theirs = await put(m, { provider: 'cardPointe', credentials: CARDPOINTE }, other.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(await stored(m)).toEqual({ ecommProvider: 'sandbox', blob: null });
  });
});

describe('the store-settings save and the provider', () => {
  it('refuses a provider whose credentials are not saved, and lets the merchant switch back to one whose are', async () => {
    const m = await merchant();
    const refused = await saveSettings(m, { ecomm_provider: 'cardPointe' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: ['body', 'ecomm_provider'], message: 'Enter the CardPointe credentials first' },
    ]);
    expect((await row(m)).ecommProvider).toBe('sandbox');

    expect((await put(m, { provider: 'cardPointe', credentials: CARDPOINTE })).statusCode).toBe(
      200,
    );
    // The sandbox needs none; back to the provider whose credentials are saved; not another one.
    expect((await saveSettings(m, { ecomm_provider: 'sandbox' })).statusCode).toBe(200);
    const back = await saveSettings(m, { ecomm_provider: 'cardPointe' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().ecomm_provider).toBe('cardPointe');
    const tsys = await saveSettings(m, { ecomm_provider: 'tsys' });
    expect(tsys.statusCode).toBe(400);
    expect(tsys.json().issues[0]).toEqual({
      path: ['body', 'ecomm_provider'],
      message: 'Enter the TSYS credentials first',
    });
    // The whole settings read back and sent again is no switch.
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/businessInfos/merchantId/${m.merchantId}/businessInfo/settings`,
      headers: { cookie: m.cookie },
    });
    expect((await saveSettings(m, whole.json())).statusCode).toBe(200);
  });

  it('keeps credentials saved before providers were recorded as their provider’s across a switch', async () => {
    const m = await merchant({ ecommProvider: 'cardPointe' });
    const legacy = encryptCredentials(t.ctx.config.credentialsKey, m.id, CARDPOINTE);
    await t.ctx.db
      .update(merchants)
      .set({ paymentCredentials: legacy })
      .where(eq(merchants.id, m.id));
    expect((await saveSettings(m, { ecomm_provider: 'sandbox' })).statusCode).toBe(200);
    expect((await stored(m)).blob).toEqual({
      provider: 'cardPointe',
      fields: CARDPOINTE,
      setAt: null,
    });
    expect((await saveSettings(m, { ecomm_provider: 'tsys' })).statusCode).toBe(400);
    expect((await saveSettings(m, { ecomm_provider: 'cardPointe' })).statusCode).toBe(200);
  });
});

describe('credentials reach only their own provider’s gateway', () => {
  const seenBy = (provider: string, from: number) =>
    handed.slice(from).filter((h) => h.provider === provider);

  it('after a switch, the old provider’s gateway gets none of the new provider’s secrets', async () => {
    const m = await merchant();
    expect((await put(m, { provider: 'cardPointe', credentials: CARDPOINTE })).statusCode).toBe(
      200,
    );
    let from = handed.length;
    const placed = await placeTestOrder(t.ctx, m.merchantId, orderDraft(), 'card');
    expect(placed.transactionId).toBeTruthy();
    expect(seenBy('cardPointe', from).map((h) => h.credentials)).toEqual([CARDPOINTE]);

    // Now on TSYS with its own credentials (the CardPointe ones are replaced).
    expect((await put(m, { provider: 'tsys', credentials: TSYS })).statusCode).toBe(200);
    from = handed.length;
    const voided = await t.app.inject({
      method: 'PUT',
      url: `/api/transactions/merchantId/${m.merchantId}/transactionId/${placed.transactionId}/void`,
      headers: { cookie: m.cookie },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    // The CardPointe order's void went to CardPointe's gateway, without TSYS's credentials.
    expect(seenBy('cardPointe', from)).toEqual([
      { provider: 'cardPointe', call: 'void', credentials: null },
    ]);
    expect(seenBy('tsys', from)).toEqual([]);

    from = handed.length;
    await placeTestOrder(t.ctx, m.merchantId, orderDraft(), 'card');
    expect(seenBy('tsys', from).map((h) => h.credentials)).toEqual([TSYS]);
  });

  it('a provider switched to without credentials gets none of the previous provider’s', async () => {
    const m = await merchant();
    expect((await put(m, { provider: 'cardPointe', credentials: CARDPOINTE })).statusCode).toBe(
      200,
    );
    await setPaymentProvider(t.ctx, m.id, { provider: 'authorizeNet' });
    const from = handed.length;
    await placeTestOrder(t.ctx, m.merchantId, orderDraft(), 'card');
    expect(seenBy('authorizeNet', from).map((h) => h.credentials)).toEqual([null]);

    const r = await row(m);
    expect(gatewayEnv(t.ctx, r, { provider: 'authorizeNet' }).credentials).toBeNull();
    expect(gatewayEnv(t.ctx, r, { provider: 'cardPointe' }).credentials).toEqual(CARDPOINTE);
  });
});
