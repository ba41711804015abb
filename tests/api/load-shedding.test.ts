// Load shedding answers 503 with Retry-After, never 500 (issue 9: 5,280 of 6,682 answers under
// overload were 500 because the error handler turned under-pressure's "busy" into an internal
// error). Pressure is forced deterministically here (a failing health check, a 1-byte heap
// limit); tests/process/overload.test.ts trips the event-loop limit with real load.
import fastifyUnderPressure from '@fastify/under-pressure';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/server/plugins/error-handler.js';
import { answeredUnderPressure } from '../../src/server/plugins/load-shedding.js';
import { createTestApp, testConfig } from '../support/test-app.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

  it('sheds storefront and cart calls past its configured limit and still answers its health probes', async () => {
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
        LOAD_SHED_MAX_IN_FLIGHT: '2',
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
          Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url, headers })),
        );
        const statuses = answers.map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 200).length, String(statuses)).toBeGreaterThanOrEqual(
          2,
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
