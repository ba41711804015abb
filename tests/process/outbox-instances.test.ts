// One worker per message across instances (docs/design/tests.md): two app processes on one
// PostgreSQL server, both running the outbox worker against one local fake of Twilio's Messages
// API. 50 messages queued in one transaction are each delivered exactly once, none lost, and both
// instances take part.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { enqueueMessage } from '../../src/server/modules/outbox/outbox.service.js';
import {
  FAKE_TWILIO_FROM,
  FAKE_TWILIO_SID,
  FAKE_TWILIO_TOKEN,
  startFakeTwilio,
} from '../fakes/twilio.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { freePort, startServer, stopServer, waitReady } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('outbox worker on two app processes, one PostgreSQL server', () => {
  it('delivers each of 50 messages exactly once, sharing the work', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'outbox');
    const url = scratch.url;
    // A slowish provider, so both workers are busy at the same time.
    const twilio = await startFakeTwilio({ delayMs: 100 });
    const env = {
      ...scratch.env,
      SEED_DEMO: 'false',
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      TWILIO_FROM: FAKE_TWILIO_FROM,
      TWILIO_BASE_URL: twilio.baseUrl,
      OUTBOX_BATCH_SIZE: '5',
      OUTBOX_POLL_MS: '200',
    };
    const a = startServer(env, await freePort());
    const b = startServer(env, await freePort());
    const database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'silent' }) });
    try {
      await Promise.all([waitReady(a), waitReady(b)]);
      const bodies = Array.from({ length: 50 }, (_, i) => `outbox message ${i + 1} of 50`);
      await database.db.transaction(async (tx) => {
        for (const [i, body] of bodies.entries()) {
          await enqueueMessage(tx, {
            kind: 'sms',
            messageKey: `instances-test:${i}`,
            payload: { to: '+13125550142', body, purpose: 'test' },
          });
        }
      });

      const until = Date.now() + 60_000;
      let rows: { status: string; locked_by: string; attempts: number }[] = [];
      while (Date.now() < until) {
        rows = (
          await database.query(
            `SELECT status, locked_by, attempts FROM outbox WHERE message_key LIKE 'instances-test:%'`,
          )
        ).rows as typeof rows;
        if (rows.length === 50 && rows.every((r) => r.status === 'sent')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(50);
      for (const body of bodies) {
        expect(twilio.deliveries.get(`+13125550142|${body}`), body).toBe(1);
      }
      expect(twilio.messages).toHaveLength(50);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      // Both instances delivered some of them.
      expect(new Set(rows.map((r) => r.locked_by)).size).toBe(2);
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.close();
      await twilio.close();
      await scratch.drop();
    }
  }, 180_000);
});
