// The browser journeys' controls (docs/decisions/browser-journeys.md): a settable server clock that
// exists only with TEST_CONTROLS=true and never in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { ConfigError } from '../../src/server/config.js';
import { cartPath, newDiner } from '../support/diner.js';
import { createTestApp, testConfig } from '../support/test-app.js';

// Wednesday 25 Nov 2026 in New York: the demo store breaks from 15:00 to 15:30.
const WEDNESDAY_BREAK = '2026-11-25T20:10:00Z';
const WEDNESDAY_AFTER = '2026-11-25T21:00:00-05:00';

describe('with TEST_CONTROLS=true', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ env: { TEST_CONTROLS: 'true' } });
  });
  afterAll(() => t.app.close());

  it('moves the time the whole app takes as now, and goes back to the real time', async () => {
    const d = await newDiner(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: WEDNESDAY_BREAK },
    });
    expect(set.statusCode).toBe(200);
    expect(Date.parse(set.json().now) - Date.parse(WEDNESDAY_BREAK)).toBeLessThan(5_000);
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.storeOpen).toBe(false);

    await t.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: WEDNESDAY_AFTER },
    });
    expect((await d.call('GET', cartPath('demo', 'userId', d.uid))).body.storeOpen).toBe(true);

    await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: null } });
    const now = await t.app.inject('/api/test/clock');
    expect(Math.abs(Date.parse(now.json().now) - Date.now())).toBeLessThan(5_000);
  });

  it('refuses a clock in a year whose ranges PostgreSQL cannot hold, naming the field', async () => {
    // The year range of 9999-06-01 ends in year 10000 (issue 24 item 6).
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: '9999-06-01T12:00:00Z' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(['body.now']);
  });

  it('refuses a time that is not an ISO date-time, naming the field', async () => {
    const r = await t.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: 'noon' },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('now');
  });
});

describe('without TEST_CONTROLS', () => {
  it('has no such routes', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject('/api/test/clock')).statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        payload: { now: null },
      });
      expect(put.statusCode).toBe(404);
    } finally {
      await t.app.close();
    }
  });

  it('is refused by the configuration in production', () => {
    expect(() =>
      testConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        TEST_CONTROLS: 'true',
      }),
    ).toThrow(ConfigError);
  });
});
