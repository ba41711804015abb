// Builds the real app on the worker's test database, with a settable clock.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { type App, buildApp } from '../../src/server/app.js';
import type { Adapters } from '../../src/server/adapters/index.js';
import type { Clock } from '../../src/server/app-context.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { loggerOptions } from '../../src/server/lib/logger.js';
import { testDatabase, testDatabaseUrl } from './test-db.js';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'forkful-test-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** A clock a test can set and move. */
export function manualClock(
  start: Date | string = new Date(),
): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export async function createTestApp(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    adapters?: Partial<Adapters>;
    /** A logger of the test's own (to read what the app logs); silent by default. */
    logger?: Logger;
  } = {},
): Promise<App> {
  const database = await testDatabase();
  return buildApp({
    config: testConfig(opts.env),
    database,
    // The production options (redaction, serializers), so tests log what production would.
    logger: opts.logger ?? pino(loggerOptions(process.env.TEST_LOG_LEVEL ?? 'silent')),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.adapters ? { adapters: opts.adapters } : {}),
    serveWeb: false,
  });
}

/**
 * A second app instance on the worker's PostgreSQL server database, with its own connection pool
 * (the races of two instances): `run` gets it, and it is closed, with its pool, whatever happens.
 */
export async function withSecondInstance<T>(
  opts: { env?: Record<string, string>; clock?: Clock; adapters?: Partial<Adapters> },
  run: (other: App) => Promise<T>,
): Promise<T> {
  const url = await testDatabaseUrl();
  if (!url) throw new Error('a second instance needs the PostgreSQL server (TEST_DATABASE_URL)');
  const database = await openDatabase({
    kind: 'pg',
    url,
    log: pino({ level: 'silent' }),
    poolMax: 5,
  });
  const other = await buildApp({
    config: testConfig(opts.env),
    database,
    logger: pino({ level: 'silent' }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.adapters ? { adapters: opts.adapters } : {}),
    serveWeb: false,
  });
  try {
    return await run(other);
  } finally {
    await other.app.close();
    await database.close();
  }
}
