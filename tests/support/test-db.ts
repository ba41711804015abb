// One database per test worker, shared by the files that worker runs (vitest `isolate: false`
// for the server project): PGlite loaded from the prepared dump, or a PostgreSQL database
// copied from the prepared template.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { databaseUrlFor } from './pg-url.js';

const holder = globalThis as { __forkfulTestDb?: Promise<{ database: Database; url?: string }> };

async function open(): Promise<{ database: Database; url?: string }> {
  const log = pino({ level: 'silent' });
  const template = inject('pgTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!template || !serverUrl) {
    const bytes = readFileSync(inject('dbSnapshotPath'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]), log });
    return { database };
  }
  const name = `forkful_t_${inject('runId')}_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two workers copying one template at the same moment can collide: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(
          `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`,
        );
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250 + Math.random() * 250));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(serverUrl, name);
  return { database: await openDatabase({ kind: 'pg', url, log, poolMax: 5 }), url };
}

/** The worker's database (opened on first use). */
export async function testDatabase(): Promise<Database> {
  holder.__forkfulTestDb ??= open();
  return (await holder.__forkfulTestDb).database;
}

/** The worker database's URL on a PostgreSQL server; undefined on PGlite. */
export async function testDatabaseUrl(): Promise<string | undefined> {
  holder.__forkfulTestDb ??= open();
  return (await holder.__forkfulTestDb).url;
}

export const onPostgresServer = () => !!process.env.TEST_DATABASE_URL;
