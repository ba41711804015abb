// preparedIn (src/server/db/prepared.ts): a query drizzle prepared once on the database runs on the
// connection of the transaction that asks for it, so it sees what that transaction set and goes
// away with it; outside a transaction it runs on the database as usual. On PGlite and on the
// PostgreSQL server (there each transaction has its own pooled connection).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { Tx } from '../../src/server/db/client.js';
import { preparedIn } from '../../src/server/db/prepared.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** The value of a setting the transaction set with SET LOCAL (empty outside it). */
const probe = (tx: Tx) =>
  preparedIn(tx, 'test_probe_setting', (b) =>
    b
      .select({ value: sql<string | null>`current_setting('forkful.probe', true)` })
      .from(sql`(values (1)) as one(x)`)
      .prepare('test_probe_setting'),
  );

const read = async (tx: Tx) => (await probe(tx).execute())[0]?.value ?? '';

describe('preparedIn', () => {
  it('runs inside the asking transaction, and on the database outside one', async () => {
    const seen = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local forkful.probe = 'in-tx'`);
      return read(tx);
    });
    expect(seen).toBe('in-tx');
    expect(await read(t.ctx.db)).toBe('');
  });

  it('is built once and serves transactions one after another and at once', async () => {
    const values = await Promise.all(
      ['a', 'b', 'c', 'd'].map((v) =>
        t.ctx.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local forkful.probe = '${v}'`));
          return read(tx);
        }),
      ),
    );
    expect(values).toEqual(['a', 'b', 'c', 'd']);
    expect(probe(t.ctx.db)).not.toBe(probe(t.ctx.db));
    expect(Object.getPrototypeOf(probe(t.ctx.db))).toBe(Object.getPrototypeOf(probe(t.ctx.db)));
  });
});
