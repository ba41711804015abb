// Load shedding answers 503 with Retry-After, never 500 (issue 9: 5,280 of 6,682 answers under
// overload were 500 because the error handler turned under-pressure's "busy" into an internal
// error). Pressure is forced deterministically here (a failing health check, a 1-byte heap
// limit); tests/process/overload.test.ts trips the event-loop limit with real load.
import fastifyUnderPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/server/plugins/error-handler.js';
import {
  answeredUnderPressure,
  loadClassOf,
  registerLoadShedding,
  slotsFor,
} from '../../src/server/plugins/load-shedding.js';
import { createTestApp, testConfig } from '../support/test-app.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A bare app with the real shedder (cap 8) and one route per class whose answers wait until
 * `release()`: slots are held exactly as long as a test wants.
 */
async function heldSlotsApp() {
  const app: FastifyInstance = Fastify();
  registerErrorHandler(app, { serveSpa: false, retryAfterSeconds: 2 });
  await registerLoadShedding(app, {
    ...testConfig().loadShed,
    enabled: true,
    maxInFlight: 8,
    maxEventLoopDelayMs: 0,
  });
  let release = () => {};
  let gate = new Promise<void>((r) => (release = r));
  const wait = async () => {
    await gate;
    return { ok: true };
  };
  app.get('/api/menu', { config: { access: 'public', load: 'browse' } }, wait);
  app.get('/api/cart', { config: { access: 'public' } }, wait);
  app.post('/api/send-order', { config: { access: 'diner', load: 'priority' } }, wait);
  app.put('/api/merchant-write', { config: { access: 'merchant' } }, wait);
  await app.ready();
  return {
    app,
    /** Starts `n` requests to `url` without waiting for their answers (inject starts on then). */
    hold: (n: number, method: 'GET' | 'POST' | 'PUT', url: string) =>
      Array.from({ length: n }, () =>
        app.inject({ method, url, payload: method === 'GET' ? undefined : {} }).then((res) => res),
      ),
    release: () => {
      release();
      gate = new Promise<void>((r) => (release = r));
    },
  };
}

describe('an overloaded instance', () => {
  it("turns under-pressure's busy rejection into 503 with Retry-After, not a 500", async () => {
    const app = Fastify();
    registerErrorHandler(app, { serveSpa: false, retryAfterSeconds: 7 });
    await app.register(fastifyUnderPressure, {
      healthCheck: async () => false, // always "under pressure"
      healthCheckInterval: 60_000,
      retryAfter: 3,
    });
    app.get('/work', async () => ({ done: true }));
    try {
      const res = await app.inject({ method: 'GET', url: '/work' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.json()).toEqual({
        code: 'upstream_unavailable',
        message: 'Server is busy, please try again shortly',
      });
    } finally {
      await app.close();
    }
  });

  it('sheds storefront and cart calls past its configured limit, not send order, and still answers its health probes', async () => {
    const t = await createTestApp({
      env: {
        LOAD_SHED: 'true',
        LOAD_SHED_MAX_HEAP_USED_BYTES: '1', // any heap is "too much": pressure from the first sample
        LOAD_SHED_SAMPLE_INTERVAL_MS: '10',
        LOAD_SHED_RETRY_AFTER_SECONDS: '4',
      },
    });
    try {
      await settle(100);
      for (const url of ['/api/items7/merchantId/demo/items', '/api/users/cookie']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('4');
        expect(res.json<{ code: string }>().code).toBe('upstream_unavailable');
      }
      const cart = await t.app.inject({
        method: 'POST',
        url: '/api/shoppingCarts/merchantId/demo/orderItems/someone',
        payload: { orderItems: [] },
      });
      expect(cart.statusCode).toBe(503); // refused before access checks and validation
      // Send order is not shed by the event-loop and memory gate (the cap alone bounds it): it
      // reaches the access check (no diner cookie here).
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/shoppingCarts/merchantId/demo/sendOrder/someone',
        payload: {},
      });
      expect(send.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // The web app's files and pages pass (no build here: the not-found handler answers them).
      for (const url of ['/store/demo', '/assets/index-abc123.js', '/merchant/login?next=%2F']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).not.toBe(503);
      }
    } finally {
      await t.app.close();
    }
  });

  it('refuses requests beyond its in-flight cap with 503 and gives the slots back when answers are sent', async () => {
    const t = await createTestApp({
      env: {
        LOAD_SHED: 'true',
        LOAD_SHED_MAX_IN_FLIGHT: '4', // 3 for a cart read, the fourth kept for placing orders
        LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0', // only the cap here
        LOAD_SHED_RETRY_AFTER_SECONDS: '3',
      },
    });
    try {
      const cookie = await t.app.inject({ method: 'GET', url: '/api/users/cookie' });
      const uid = cookie.json<{ uid: string }>().uid;
      const headers = { cookie: `fk_uid=${uid}` };
      const url = `/api/shoppingCarts/merchantId/demo/userId/${uid}`;
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url, headers })),
        );
        const statuses = answers.map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 200).length, String(statuses)).toBeGreaterThanOrEqual(
          3,
        );
        expect(
          statuses.every((s) => s === 200 || s === 503),
          String(statuses),
        ).toBe(true);
        const refused = answers.filter((a) => a.statusCode === 503);
        expect(refused.length, String(statuses)).toBeGreaterThan(0);
        for (const r of refused) expect(r.headers['retry-after']).toBe('3');
      }
      // Every slot came back: one request alone is served.
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      // The web app's files take no slot and are never refused by the cap.
      const files = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.app.inject({ method: 'GET', url: `/assets/chunk-${i}.js` }),
        ),
      );
      expect(files.map((f) => f.statusCode)).not.toContain(503);
    } finally {
      await t.app.close();
    }
  });

  it('keeps a quarter of its slots for send order, payments and merchant writes, and sheds menu reads first', async () => {
    const h = await heldSlotsApp();
    try {
      // 6 cart reads take the ordinary share of a cap of 8.
      const held = h.hold(6, 'GET', '/api/cart');
      await settle(50);
      const refused = async (method: 'GET' | 'POST' | 'PUT', url: string) => {
        const res = await h.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('2');
      };
      await refused('GET', '/api/cart');
      await refused('GET', '/api/menu');
      // The reserved quarter: a send order and a merchant write still get in.
      const kept = [
        ...h.hold(1, 'POST', '/api/send-order'),
        ...h.hold(1, 'PUT', '/api/merchant-write'),
      ];
      await settle(50);
      // Now every slot is taken: even a send order waits for one to come back.
      await refused('POST', '/api/send-order');
      h.release();
      for (const r of await Promise.all([...held, ...kept])) expect(r.statusCode).toBe(200);

      // Menu reads stop at half the cap while cart reads still get in.
      const menus = h.hold(4, 'GET', '/api/menu');
      await settle(50);
      await refused('GET', '/api/menu');
      const cart = h.hold(1, 'GET', '/api/cart');
      await settle(50);
      h.release();
      for (const r of await Promise.all([...menus, ...cart])) expect(r.statusCode).toBe(200);
    } finally {
      await h.app.close();
    }
  });

  it('classes the real routes: placing and paying and merchant writes kept, menu reads shed first', async () => {
    expect([1, 2, 4, 8, 32].map((cap) => slotsFor('priority', cap))).toEqual([1, 2, 4, 8, 32]);
    expect([1, 2, 4, 8, 32].map((cap) => slotsFor('ordinary', cap))).toEqual([1, 1, 3, 6, 24]);
    expect([1, 2, 4, 8, 32].map((cap) => slotsFor('browse', cap))).toEqual([1, 1, 2, 4, 16]);
    expect(loadClassOf('DELETE', { access: 'signedInMerchant' })).toBe('priority');
    expect(loadClassOf('GET', { access: 'merchant' })).toBe('ordinary');
    const t = await createTestApp();
    try {
      const classOf = (method: string, url: string) => {
        const route = t.routes.find((r) => r.method === method && r.url === url);
        if (!route) throw new Error(`no route ${method} ${url}`);
        return route.load;
      };
      const priority = t.routes.filter((r) => r.load === 'priority');
      expect(classOf('POST', '/api/shoppingCarts/merchantId/:merchantId/sendOrder/:uid')).toBe(
        'priority',
      );
      expect(classOf('PUT', '/api/orders7/merchantId/:merchantId/order/_idOrder/:id')).toBe(
        'priority',
      );
      // Every card check of the provider paths and the hosted payment's return.
      expect(priority.filter((r) => r.url.includes('tokenSession')).length).toBe(1);
      expect(
        priority.filter((r) => r.access === 'public' && r.method === 'POST').length,
      ).toBeGreaterThanOrEqual(4);
      expect(classOf('GET', '/api/items7/merchantId/:merchantId/items')).toBe('browse');
      expect(classOf('GET', '/api/categories7/merchantId/:merchantId')).toBe('browse');
      expect(classOf('GET', '/api/businessInfos/merchantId/:merchantId/businessInfo')).toBe(
        'browse',
      );
      expect(classOf('GET', '/api/shoppingCarts/merchantId/:merchantId/userId/:uid')).toBe(
        'ordinary',
      );
      // Nothing a merchant or a payment needs is shed first.
      for (const r of t.routes.filter((x) => x.load === 'browse')) {
        expect(r.method, r.url).toBe('GET');
        expect(r.access, r.url).toBe('public');
      }
    } finally {
      await t.app.close();
    }
  });

  it('answers the health probes and the web app’s own files and pages, never the API, under pressure', () => {
    expect(answeredUnderPressure('GET', '/healthz')).toBe(true);
    expect(answeredUnderPressure('GET', '/readyz')).toBe(true);
    expect(answeredUnderPressure('GET', '/assets/index-abc123.js')).toBe(true);
    expect(answeredUnderPressure('HEAD', '/store/demo/dinein/T1')).toBe(true);
    expect(answeredUnderPressure('GET', '/')).toBe(true);
    expect(answeredUnderPressure('GET', '/api/items7/merchantId/demo/items')).toBe(false);
    expect(answeredUnderPressure('GET', '/api/docs')).toBe(false);
    expect(answeredUnderPressure('POST', '/store/demo')).toBe(false);
    expect(answeredUnderPressure('GET', '/healthz?x=/api/')).toBe(true);
  });

  it('is off under NODE_ENV=test unless asked for, and on by default elsewhere', () => {
    expect(testConfig().loadShed.enabled).toBe(false);
    expect(testConfig({ LOAD_SHED: 'true' }).loadShed.enabled).toBe(true);
    const dev = testConfig({ NODE_ENV: 'development' }).loadShed;
    expect(dev.enabled).toBe(true);
    expect(dev.maxEventLoopDelayMs).toBeGreaterThan(0);
    expect(() => testConfig({ LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION/,
    );
  });
});
