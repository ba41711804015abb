// preparedIn (src/server/db/prepared.ts): a query drizzle prepared once on the database runs on the
// connection of the transaction that asks for it, so it sees what that transaction set and goes
// away with it; outside a transaction it runs on the database as usual. On PGlite and on the
// PostgreSQL server (there each transaction has its own pooled connection).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import type { Tx } from '../../src/server/db/client.js';
import { preparedIn, rowShape, rowsShape } from '../../src/server/db/prepared.js';
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

describe('rowShape', () => {
  it('names a row by its columns and which are null, and carries the values apart', () => {
    const a = rowShape({ b: 2, a: 'x', c: null, d: undefined }, 'p');
    expect(a.params).toEqual({ p_a: 'x', p_b: 2 });
    expect(Object.keys(a.template)).toEqual(['a', 'b', 'c']);
    expect(a.template).toMatchObject({ c: null });
    expect(rowShape({ a: 'y', b: 3, c: null }).id).toBe(a.id);
    expect(rowShape({ a: 'y', b: 3, c: 4 }).id).not.toBe(a.id);
    expect(rowShape({ a: 'y', b: 3 }).id).not.toBe(a.id);
    expect(() => rowShape({ a: sql`now()` })).toThrow(/SQL/);
  });

  it('names several rows by their count and shapes, each row under its own prefix', () => {
    const two = rowsShape([{ a: 1 }, { a: 2 }], 'w');
    expect(two.params).toEqual({ w0_a: 1, w1_a: 2 });
    expect(rowsShape([{ a: 5 }, { a: 6 }]).id).toBe(two.id);
    expect(rowsShape([{ a: 5 }]).id).not.toBe(two.id);
    expect(rowsShape([{ a: 5 }, { a: null }]).id).not.toBe(two.id);
  });
});
