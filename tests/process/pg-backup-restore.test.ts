// The server mode's backup (issue 31): deploy/backup/forkful-backup.sh dumps a database holding a
// placed order, forkful-restore.sh restores the dump into a new database, and the order is there,
// whole — and an app opened on the restored database reads it and numbers the next one after it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openConfiguredDatabase } from '../../src/server/db/open-configured.js';
import { projectRoot } from '../../src/server/lib/paths.js';
import { createMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { testConfig } from '../support/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const script = (name: string) => join(projectRoot, 'deploy/backup', name);

async function appOn(url: string) {
  const config = { ...testConfig(), databaseUrl: url };
  const log = pino({ level: 'silent' });
  const database = await openConfiguredDatabase(config, log);
  return buildApp({ config, database, logger: log });
}

describe.skipIf(!serverUrl)('backup and restore on the PostgreSQL server', () => {
  it('restores last night’s dump into a new database with the order in it', async () => {
    const source = await createScratchDatabase(serverUrl!, 'backup');
    const target = await createScratchDatabase(serverUrl!, 'restored');
    const dir = mkdtempSync(join(tmpdir(), 'forkful-backups-'));
    try {
      const before = await appOn(source.url);
      const m = await createMerchant(before.ctx.db);
      const placed = await placeTestOrder(before.ctx, m.merchantId);
      await before.app.close();
      await before.ctx.database.close();

      const file = execFileSync(script('forkful-backup.sh'), [dir], {
        env: { ...process.env, DATABASE_URL: source.url },
        encoding: 'utf8',
      }).trim();
      expect(readdirSync(dir)).toEqual([file.split('/').pop()]);
      execFileSync(script('forkful-restore.sh'), [file], {
        env: { ...process.env, DATABASE_URL: target.url },
        encoding: 'utf8',
      });

      const db = new pg.Client({ connectionString: target.url });
      await db.connect();
      const { rows } = await db.query(
        'select order_number, state, total_cents from orders where id = $1',
        [placed.orderId],
      );
      await db.end();
      expect(rows).toEqual([
        expect.objectContaining({ state: 'placed', order_number: expect.any(Number) }),
      ]);

      // The restored database serves: the next order is numbered after the restored one.
      const after = await appOn(target.url);
      try {
        const next = await placeTestOrder(after.ctx, m.merchantId);
        const numbers = await after.ctx.database.query(
          'select id, order_number from orders where merchant_id = $1 order by order_number',
          [m.id],
        );
        expect(numbers.rows.map((r) => r.id)).toEqual([placed.orderId, next.orderId]);
      } finally {
        await after.app.close();
        await after.ctx.database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await source.drop();
      await target.drop();
    }
  }, 180_000);
});
