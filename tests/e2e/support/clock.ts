// One time for both sides of a journey: the server's clock (TEST_CONTROLS, /api/test/clock) and
// the page's (Playwright's fake clock), so "store closed", category hours and scheduling slots are
// the same on the screen and in the server's answers. Always reset in an afterEach.
import type { APIRequestContext, Page } from '@playwright/test';

/** Sets the server's now and installs the same now in the page (before it loads). */
export async function setTime(page: Page, request: APIRequestContext, iso: string): Promise<void> {
  const r = await request.put('/api/test/clock', { data: { now: iso } });
  if (!r.ok()) throw new Error(`setting the server clock failed: ${r.status()} ${await r.text()}`);
  await page.clock.install({ time: new Date(iso) });
}

/** Back to the real time on the server (the page's clock ends with the page). */
export async function resetServerTime(request: APIRequestContext): Promise<void> {
  await request.put('/api/test/clock', { data: { now: null } });
}

/**
 * Today's noon in New York (the demo store's zone), on the hour: the demo store and all its
 * categories are open then. It may be ahead of the real time (before noon in New York).
 */
export function newYorkNoonToday(): Date {
  const hourIn = (ms: number) =>
    Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(ms),
    );
  const now = Date.now();
  const noon = now - (hourIn(now) - 12) * 3600_000;
  return new Date(noon - (noon % 3600_000));
}
