// Every route of the app's own route table, called as anonymous, a customer, merchant A and
// merchant B, against its declared access rule (docs/design/security.md, P6.x). A new route is
// covered the moment it is registered; a route without a rule cannot even be registered.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { collectRoutes, type RouteEntry } from '../../src/server/plugins/access.js';
import {
  createCustomer,
  createMerchant,
  signInCustomer,
  signInMerchant,
} from '../support/fixtures.js';
import { fillPath, injectRoute, sampleParam } from '../support/route-requests.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
const cookies: Record<
  'anonymous' | 'customer' | 'merchantA' | 'merchantB' | 'diner' | 'otherDiner',
  string
> = {
  anonymous: '',
  customer: '',
  merchantA: '',
  merchantB: '',
  diner: '',
  otherDiner: '',
};
let merchantA = '';
let dinerUid = '';

async function anonCookie(): Promise<{ cookie: string; uid: string }> {
  const res = await t.app.inject('/api/users/cookie');
  return { cookie: String(res.headers['set-cookie']).split(';')[0]!, uid: res.json().uid };
}

const METRICS_TOKEN = 'o'.repeat(40);

beforeAll(async () => {
  // With the operator's token set, so GET /metrics (access 'operator') is in the table too.
  t = await createTestApp({ env: { METRICS_TOKEN } });
  const a = await createMerchant(t.ctx.db);
  const b = await createMerchant(t.ctx.db);
  const c = await createCustomer(t.ctx.db);
  merchantA = a.merchantId;
  cookies.merchantA = await signInMerchant(t.app, a.merchantId, a.password);
  cookies.merchantB = await signInMerchant(t.app, b.merchantId, b.password);
  cookies.customer = await signInCustomer(t.app, c.email, c.password);
  const owner = await anonCookie();
  dinerUid = owner.uid;
  cookies.diner = owner.cookie;
  cookies.otherDiner = (await anonCookie()).cookie;
});
afterAll(() => t.app.close());

const DENIED = [401, 403];

async function call(route: RouteEntry, who: keyof typeof cookies) {
  const url = fillPath(route.url, (name) =>
    sampleParam(name, { merchantId: merchantA, uid: dinerUid }),
  );
  const res = await injectRoute(t.app, route, {
    method: route.method as 'GET',
    url,
    headers: cookies[who] ? { cookie: cookies[who] } : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  return res.statusCode;
}

describe('authorization matrix', () => {
  it('has routes of every access kind to check', () => {
    const kinds = new Set(t.routes.map((r) => r.access));
    expect(kinds).toEqual(
      new Set([
        'public',
        'customer',
        'merchant',
        'signedInMerchant',
        'diner',
        'operator',
        'printer',
      ]),
    );
    expect(t.routes.length).toBeGreaterThan(10);
  });

  it('lets every caller through a public route', async () => {
    for (const route of t.routes.filter(
      (r) => r.access === 'public' && !r.url.includes('Logout'),
    )) {
      for (const who of Object.keys(cookies) as (keyof typeof cookies)[]) {
        const status = await call(route, who);
        expect(DENIED, `${route.method} ${route.url} as ${who} → ${status}`).not.toContain(status);
      }
    }
  });

  // A CloudPRNT printer's calls (issue 29): no session of any kind opens them, only the
  // printer's token (tests/api/cloudprnt.test.ts checks the token itself).
  it('lets no session through a printer route', async () => {
    const printerRoutes = t.routes.filter((r) => r.access === 'printer');
    expect(printerRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/cloudprnt/:printerId',
      'GET /api/cloudprnt/:printerId',
      'POST /api/cloudprnt/:printerId',
    ]);
    for (const route of printerRoutes)
      for (const who of Object.keys(cookies) as (keyof typeof cookies)[])
        expect(await call(route, who), `${route.method} ${route.url} as ${who}`).toBe(401);
  });

  // The platform's tools (issue 31): only the operator's bearer token, no session of any kind.
  it('lets only the operator token through an operator route', async () => {
    const operatorRoutes = t.routes.filter((r) => r.access === 'operator');
    expect(operatorRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /metrics']);
    for (const route of operatorRoutes) {
      const label = `${route.method} ${route.url}`;
      for (const who of Object.keys(cookies) as (keyof typeof cookies)[])
        expect(await call(route, who), `${label} as ${who}`).toBe(401);
      const bearer = (token: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { authorization: `Bearer ${token}`, cookie: cookies.merchantA },
        });
      expect((await bearer('o'.repeat(39))).statusCode, label).toBe(401);
      expect(DENIED, label).not.toContain((await bearer(METRICS_TOKEN)).statusCode);
    }
  });

  it('lets only a signed-in customer through a customer route', async () => {
    for (const route of t.routes.filter((r) => r.access === 'customer')) {
      const label = `${route.method} ${route.url}`;
      expect(await call(route, 'anonymous'), label).toBe(401);
      expect(await call(route, 'merchantA'), label).toBe(401);
      expect(DENIED, label).not.toContain(await call(route, 'customer'));
    }
  });

  // Routes that must stay in the merchant rows below (P6.14): the card payments to check.
  it('holds the payments-to-check routes as merchant routes', () => {
    const access = (method: string, url: string) =>
      t.routes.find((r) => r.method === method && r.url === url)?.access;
    const checks = '/api/transactions/merchantId/:merchantId/paymentChecks';
    expect(access('GET', checks)).toBe('merchant');
    expect(access('PUT', `${checks}/:orderId`)).toBe('merchant');
  });

  // The card gateway and its credentials (docs/decisions/payment-credentials.md): the merchant's own.
  it('holds the payment-gateway routes as merchant routes', () => {
    const gateway = '/api/merchants/merchantId/:merchantId/paymentGateway';
    for (const method of ['GET', 'PUT']) {
      const route = t.routes.find((r) => r.method === method && r.url === gateway);
      expect(route?.access, `${method} ${gateway}`).toBe('merchant');
    }
  });

  // The merchant's data export (issue 31): diners' names and addresses, the merchant's own only.
  it('holds the data-export downloads as merchant routes', () => {
    const exports = t.routes.filter((r) => r.url.startsWith('/api/merchantExports/'));
    expect(exports.map((r) => `${r.method} ${r.url} ${r.access}`).sort()).toEqual(
      ['orders.csv', 'orders.jsonl', 'store.json'].map(
        (f) => `GET /api/merchantExports/merchantId/:merchantId/${f} merchant`,
      ),
    );
  });

  it('lets only the merchant itself through a merchant route', async () => {
    for (const route of t.routes.filter((r) => r.access === 'merchant')) {
      const label = `${route.method} ${route.url}`;
      expect(await call(route, 'anonymous'), label).toBe(401);
      expect(await call(route, 'customer'), label).toBe(401);
      expect(await call(route, 'merchantB'), label).toBe(403);
      expect(DENIED, label).not.toContain(await call(route, 'merchantA'));
    }
  });

  // Routes whose path names no merchant (uploads, C7.34): any merchant's session, never anyone
  // else's; what each merchant reaches through them is its own (tests/api/files-upload.test.ts).
  it('lets only a signed-in merchant through a signed-in-merchant route', async () => {
    for (const route of t.routes.filter((r) => r.access === 'signedInMerchant')) {
      const label = `${route.method} ${route.url}`;
      expect(await call(route, 'anonymous'), label).toBe(401);
      expect(await call(route, 'customer'), label).toBe(401);
      expect(await call(route, 'diner'), label).toBe(401);
      expect(DENIED, label).not.toContain(await call(route, 'merchantA'));
      expect(DENIED, label).not.toContain(await call(route, 'merchantB'));
    }
  });

  it('lets only the diner whose cookie holds the id through a diner route', async () => {
    for (const route of t.routes.filter((r) => r.access === 'diner')) {
      const label = `${route.method} ${route.url}`;
      expect(await call(route, 'anonymous'), label).toBe(401);
      expect(await call(route, 'merchantA'), label).toBe(401);
      expect(await call(route, 'otherDiner'), label).toBe(403);
      expect(DENIED, label).not.toContain(await call(route, 'diner'));
    }
  });

  // The spec's payment-provider paths (docs/decisions/provider-routes.md): only the card check of
  // 0 is open to a diner (bot check and rate limit guard it); every call on a charge, and TransIT's
  // GenerateKey, needs the merchant's session. The loops above then prove each rule holds.
  it('gives the payment-provider routes the access their decision records', () => {
    const cardPointe = '/api/cardPointes/merchantId/:merchantId';
    const expected: Record<string, string> = {
      [`GET ${cardPointe}/inquireByOrderID/:id`]: 'merchant',
      [`POST ${cardPointe}/auth`]: 'public',
      [`POST ${cardPointe}/capture`]: 'merchant',
      [`POST ${cardPointe}/void`]: 'merchant',
      'POST /api/tsyses/auth': 'public',
      'POST /api/tsyses/void': 'signedInMerchant',
      'POST /api/authorizeNet/auth': 'public',
      'POST /api/authorizeNet/capture': 'signedInMerchant',
      'POST /api/authorizeNet/void': 'signedInMerchant',
      'POST /api/tsyses2/generateKey': 'signedInMerchant',
      'POST /api/tsyses2/sale': 'public',
      'POST /api/tsyses2/void': 'signedInMerchant',
      'POST /api/tsyses2/return': 'signedInMerchant',
      'POST /api/tsyses2/transactionAdjustment': 'signedInMerchant',
      'POST /api/tsyses2/tipAdjustment': 'signedInMerchant',
    };
    const registered = Object.fromEntries(
      t.routes
        .filter((r) => /^\/api\/(cardPointes|tsyses|tsyses2|authorizeNet)\//.test(r.url))
        .map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    expect(registered).toEqual(expected);
  });

  it('refuses to register an /api route that declares no access rule', async () => {
    const app = Fastify();
    collectRoutes(app, []);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});
