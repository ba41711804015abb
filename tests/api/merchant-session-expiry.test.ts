// Merchant sessions end after an idle time and an absolute time (issue 12): 2 hours without a
// request, or 12 hours after sign-in however busy. Every request (the dashboard's 10-second poll
// among them) keeps a session from going idle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  MERCHANT_IDLE_MS,
  SESSION_TTL_MS,
} from '../../src/server/modules/sessions/sessions.service.js';
import { createMerchant, signInMerchant } from '../support/fixtures.js';
import { createTestApp, manualClock } from '../support/test-app.js';

const START = '2026-05-12T15:00:00Z';
const clock = manualClock(START);
let t: App;
let m: Awaited<ReturnType<typeof createMerchant>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  m = await createMerchant(t.ctx.db);
});
afterAll(() => t.app.close());

const MINUTE = 60_000;

async function isAuth(cookie: string): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/merchantUsers/isAuth', headers: { cookie } });
  return (res.json() as { isAuth: boolean }).isAuth;
}

/** A merchant-only read: 200 with a live session, 401 once it ended. */
async function latest(cookie: string): Promise<number> {
  const res = await t.app.inject({
    url: `/api/orders7/merchantId/${m.merchantId}/latestOrder`,
    headers: { cookie },
  });
  return res.statusCode;
}

describe('merchant session expiry', () => {
  it('ends a session left idle for 2 hours', async () => {
    clock.set(START);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    clock.advance(MERCHANT_IDLE_MS - MINUTE);
    expect(await latest(cookie)).toBe(200);
    clock.advance(MERCHANT_IDLE_MS + MINUTE);
    expect(await latest(cookie)).toBe(401);
    expect(await isAuth(cookie)).toBe(false);
  });

  it('keeps a used session alive, until 12 hours after sign-in', async () => {
    clock.set(START);
    const cookie = await signInMerchant(t.app, m.merchantId, m.password);
    // A request every 90 minutes: never idle for 2 hours.
    let elapsed = 0;
    while (elapsed + 90 * MINUTE < SESSION_TTL_MS.merchant) {
      clock.advance(90 * MINUTE);
      elapsed += 90 * MINUTE;
      expect(await latest(cookie)).toBe(200);
    }
    clock.set(new Date(new Date(START).getTime() + SESSION_TTL_MS.merchant + MINUTE));
    expect(await latest(cookie)).toBe(401);
  });
});
