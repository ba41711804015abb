// The process entry as a user runs it: data survives a restart, a second process cannot open
// the same embedded data folder, and SIGTERM shuts down cleanly.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/merchantUsers/merchantLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantUserName: 'demo', merchantPassword: 'Demo1234' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database process', () => {
  it('keeps changes across a restart, refuses a second process on the folder, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forkful-restart-'));
    const first = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitReady(first);
    expect(first.output()).toContain('/store/demo');
    expect(first.output()).toContain('Demo merchant sign-in');
    const cookie = await signIn(first.base);

    const second = startServer({ DATA_DIR: dataDir }, await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another running process \(pid \d+\)/);

    expect(await stopServer(first)).toBe(0);

    const again = startServer({ DATA_DIR: dataDir }, await freePort());
    try {
      await waitReady(again);
      const auth = await fetch(`${again.base}/api/merchantUsers/isAuth`, { headers: { cookie } });
      expect(await auth.json()).toEqual({ isAuth: true, merchantId: 'demo' });
      const items = (await (
        await fetch(`${again.base}/api/items7/merchantId/demo/items`)
      ).json()) as unknown[];
      expect(items.length).toBeGreaterThanOrEqual(150);
      const cats = (await (
        await fetch(`${again.base}/api/categories7/merchantId/demo`)
      ).json()) as { name: string }[];
      expect(new Set(cats.map((c) => c.name)).size).toBe(cats.length);
    } finally {
      expect(await stopServer(again)).toBe(0);
    }
  }, 600_000);
});
