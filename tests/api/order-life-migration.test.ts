// Migration 0014_order_life (issue 26, docs/decisions/order-life.md): the order's new states are
// allowed by the database, and existing rows move to them — a placed order whose merchant set the
// ready minutes becomes accepted, every other keeps its state. Rows are written back to their old
// shape straight in the database and the migration's SQL runs again over them, on PGlite and on
// the PostgreSQL server (TEST_DATABASE_URL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { migrationsFolder } from '../../src/server/lib/paths.js';
import { createMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

let t: App;
const q = async <T = Record<string, unknown>>(text: string): Promise<T[]> =>
  ((await t.ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

async function runMigration() {
  const file = readFileSync(join(migrationsFolder, '0014_order_life.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await t.ctx.db.execute(sql.raw(statement));
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('migration 0014_order_life', () => {
  it('moves a placed order with ready minutes to accepted and leaves the others', async () => {
    const m = await createMerchant(t.ctx.db);
    const withMinutes = await placeTestOrder(t.ctx, m.merchantId);
    const without = await placeTestOrder(t.ctx, m.merchantId, undefined, 'cash', 'anon-2');
    const voided = await placeTestOrder(t.ctx, m.merchantId, undefined, 'cash', 'anon-3');
    await q(`update orders set state = 'placed', will_be_ready_in_minutes = 15
      where id = '${withMinutes.orderId}'`);
    await q(`update orders set state = 'voided', has_void = true, will_be_ready_in_minutes = 10
      where id = '${voided.orderId}'`);

    await runMigration();

    const rows = await q<{ id: string; state: string }>(
      `select id, state from orders where merchant_id = '${m.id}'`,
    );
    const stateOf = (id: string) => rows.find((r) => r.id === id)?.state;
    expect(stateOf(withMinutes.orderId)).toBe('accepted');
    expect(stateOf(without.orderId)).toBe('placed');
    expect(stateOf(voided.orderId)).toBe('voided');
  });

  it('lets the database hold every state of the life, and numbers every state after placing', async () => {
    const m = await createMerchant(t.ctx.db);
    const o = await placeTestOrder(t.ctx, m.merchantId);
    for (const state of ['accepted', 'ready', 'completed', 'cancelled']) {
      await q(`update orders set state = '${state}' where id = '${o.orderId}'`);
    }
    await expect(q(`update orders set state = 'lost' where id = '${o.orderId}'`)).rejects.toThrow();
    await expect(
      q(`update orders set order_number = null where id = '${o.orderId}'`),
    ).rejects.toThrow();
  });
});
