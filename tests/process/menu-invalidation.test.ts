// Two app processes on one PostgreSQL server, each with its own in-memory menu cache: a menu
// change committed with notifyMenuChanged shows on the next request to either instance (after
// the NOTIFY is delivered, a matter of milliseconds: there is no time-to-live to wait out).
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { items, merchants } from '../../src/server/db/schema/index.js';
import { notifyMenuChanged } from '../../src/server/modules/cache/index.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import {
  type ServerProcess,
  freePort,
  startServer,
  stopServer,
  waitReady,
} from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

interface Item {
  _id: string;
  priceCents: number;
}

const itemsFrom = async (p: ServerProcess): Promise<Item[]> => {
  const res = await fetch(`${p.base}/api/items7/merchantId/demo/items`);
  expect(res.status).toBe(200);
  return (await res.json()) as Item[];
};
const priceAt = async (p: ServerProcess, itemId: string) =>
  (await itemsFrom(p)).find((i) => i._id === itemId)?.priceCents;
const nameAt = async (p: ServerProcess) => {
  const res = await fetch(`${p.base}/api/businessInfos/merchantId/demo/businessInfo`);
  return ((await res.json()) as { name: string }).name;
};

/** Reads until the expected value shows, for at most a few seconds (NOTIFY delivery). */
async function shows<T>(read: () => Promise<T>, expected: T, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  let v = await read();
  while (v !== expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}

describe.skipIf(!serverUrl)('menu cache invalidation across two app processes', () => {
  it('shows a committed menu change on the next request to either instance', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'menu');
    const url = scratch.url;
    const env = scratch.env;
    const a = startServer(env, await freePort());
    const b = startServer(env, await freePort());
    const database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'silent' }) });
    try {
      await Promise.all([waitReady(a), waitReady(b)]);
      const [demo] = await database.db
        .select({ id: merchants.id, name: merchants.name })
        .from(merchants)
        .where(eq(merchants.merchantId, 'demo'));
      // Both instances read (and cache) the menu and the business info.
      const [first] = await itemsFrom(a);
      expect((await itemsFrom(b))[0]).toEqual(first);
      expect(await nameAt(a)).toBe(demo!.name);
      expect(await nameAt(b)).toBe(demo!.name);
      const before = first!.priceCents;

      // A change without a notification is not seen: the instances really serve from memory.
      await database.db
        .update(items)
        .set({ priceCents: before + 1 })
        .where(eq(items.id, first!._id));
      await new Promise((r) => setTimeout(r, 300));
      expect(await priceAt(a, first!._id)).toBe(before);
      expect(await priceAt(b, first!._id)).toBe(before);

      // The same kind of change committed with notifyMenuChanged reaches both.
      await database.db.transaction(async (tx) => {
        await tx
          .update(items)
          .set({ priceCents: before + 2 })
          .where(eq(items.id, first!._id));
        await notifyMenuChanged(tx, demo!.id);
      });
      expect(await shows(() => priceAt(b, first!._id), before + 2)).toBe(before + 2);
      expect(await shows(() => priceAt(a, first!._id), before + 2)).toBe(before + 2);

      // Settings too, read through the other instance first this time.
      await database.db.transaction(async (tx) => {
        await tx
          .update(merchants)
          .set({ name: 'Golden Lotus II' })
          .where(eq(merchants.id, demo!.id));
        await notifyMenuChanged(tx, demo!.id);
      });
      expect(await shows(() => nameAt(a), 'Golden Lotus II')).toBe('Golden Lotus II');
      expect(await shows(() => nameAt(b), 'Golden Lotus II')).toBe('Golden Lotus II');
    } finally {
      await database.close();
      await Promise.all([stopServer(a), stopServer(b)]);
      await scratch.drop();
    }
  }, 180_000);
});
