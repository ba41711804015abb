// A fresh, empty database on the PostgreSQL server for tests that start real app processes
// against it, with the shared secrets every instance of one deployment must have.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlFor } from './pg-url.js';

export interface ScratchDatabase {
  url: string;
  /** Environment for app processes on this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `forkful_t_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = databaseUrlFor(serverUrl, name);
  return {
    url,
    env: {
      DATABASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}
