// Process entry: configuration, database, migrations, demo seed, listen, graceful shutdown.
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_SIGN_IN, seedDemoData } from './db/seed/seed.js';
import { startJobs } from './jobs.js';
import { loggerOptions } from './lib/logger.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  const started = Date.now();

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'pg', url: config.databaseUrl, log })
    : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pgdata'), log });
  await runMigrations(database, config.databaseUrl);
  if (config.seedDemo) await seedDemoData(database.db, { log });

  const { app, ctx, jobs, beginShutdown } = await buildApp({ config, database, logger: log });
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = startJobs(ctx, jobs);

  const base = config.publicUrl.replace(/\/$/, '');
  const lines = [
    `Forkful is running (${config.databaseUrl ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}`}, ready in ${Date.now() - started} ms)`,
    `  Store:      ${base}/store/demo`,
    `  Dashboard:  ${base}/merchant/login`,
    config.seedDemo
      ? `  Demo merchant sign-in: id "${DEMO_SIGN_IN.merchantId}", password "${DEMO_SIGN_IN.password}"`
      : '',
    `  API docs:   ${base}/api/docs`,
  ].filter(Boolean);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    beginShutdown();
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await stopJobs();
      await app.close();
      // Closing PGlite checkpoints it; a killed process could leave the data folder unusable.
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Forkful failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
