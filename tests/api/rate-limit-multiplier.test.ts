// RATE_LIMIT_MULTIPLIER raises every route's rate limit by configuration (load tests, trusted
// networks); the default keeps the limits as they are. Sign-in attempts with an empty form are
// refused before any password hashing, so counting 31 of them stays cheap.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config.js';
import { createTestApp, testConfig } from '../support/test-app.js';

async function signInStatuses(env: Record<string, string>, attempts: number) {
  const t = await createTestApp({ env });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/usersAuth/userLogin',
        remoteAddress: '10.250.0.1',
        payload: { email: '', password: '' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  } finally {
    await t.app.close();
  }
}

describe('rate limits raised by configuration', () => {
  it('allows 30 sign-in attempts a minute with multiplier 3, and answers the 31st with 429', async () => {
    const statuses = await signInStatuses({ RATE_LIMIT_MULTIPLIER: '3' }, 31);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('keeps the default of 10 sign-in attempts a minute without the setting', async () => {
    const statuses = await signInStatuses({}, 11);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('defaults to 1 and refuses a multiplier below 1', () => {
    expect(testConfig().rateLimitMultiplier).toBe(1);
    expect(testConfig({ RATE_LIMIT_MULTIPLIER: '2.5' }).rateLimitMultiplier).toBe(2.5);
    expect(() => testConfig({ RATE_LIMIT_MULTIPLIER: '0.5' })).toThrow(ConfigError);
    expect(() => testConfig({ RATE_LIMIT_MULTIPLIER: 'lots' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});
