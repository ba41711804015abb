// Prepares the test database once per run: migrated and seeded, then handed to each worker.
// PGlite (default): a dump of the prepared data folder that each worker loads into memory.
// PostgreSQL (TEST_DATABASE_URL): a template database each worker copies into its own database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { seedDemoData } from '../../src/server/db/seed/seed.js';
import { databaseUrlFor } from '../support/pg-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbSnapshotPath: string;
    pgTemplate: string;
    runId: string;
  }
}

const log = pino({ level: 'silent' });

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  project.provide('runId', runId);
  const serverUrl = process.env.TEST_DATABASE_URL;

  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', log });
    await runMigrations(database);
    await seedDemoData(database.db, { log });
    const blob = await database.dumpDataDir!();
    // Outside the work tree, and removed when the run ends: a run leaves nothing behind.
    const dir = mkdtempSync(join(tmpdir(), 'forkful-test-db-'));
    const path = join(dir, `test-db-${runId}.tar`);
    writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
    await database.close();
    project.provide('dbSnapshotPath', path);
    project.provide('pgTemplate', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const template = `forkful_t_${runId}_tpl`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = databaseUrlFor(serverUrl, template);
  const database = await openDatabase({ kind: 'pg', url, log });
  await runMigrations(database, url);
  await seedDemoData(database.db, { log });
  await database.close();
  project.provide('dbSnapshotPath', '');
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`forkful_t_${runId}_%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.end();
  };
}
