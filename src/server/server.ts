// Process entry: configuration, database, migrations, demo seed, listen, graceful shutdown.
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { DEMO_SIGN_IN, merchantsWithPublishedPasswords, seedDemoData } from './db/seed/seed.js';
import { startJobs } from './jobs.js';
import { loggerOptions } from './lib/logger.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  const started = Date.now();

  const database = await openConfiguredDatabase(config, log);
  const production = config.env === 'production';
  // Production never gets the published demo passwords: each seeded merchant gets a generated
  // one, printed below only by the start that created it.
  const seeded = config.seedDemo
    ? await seedDemoData(database.db, { log, passwords: production ? 'generated' : 'published' })
    : [];
  if (production)
    for (const merchantId of await merchantsWithPublishedPasswords(database.db))
      log.warn(
        { merchantId },
        `merchant ${merchantId} still has the published demo password; reset it: npm run merchant -- reset-password --id ${merchantId}`,
      );

  const { app, ctx, jobs, beginShutdown } = await buildApp({ config, database, logger: log });
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = startJobs(ctx, jobs);

  const base = config.publicUrl.replace(/\/$/, '');
  const lines = [
    `Forkful is running (${config.databaseUrl ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}`}, ready in ${Date.now() - started} ms)`,
    config.seedDemo ? `  Store:      ${base}/store/demo` : '',
    `  Dashboard:  ${base}/merchant/login`,
    ...(production
      ? seeded.map(
          (m) =>
            `  Demo merchant sign-in: id "${m.merchantId}", password "${m.password}" (generated; shown only now)`,
        )
      : config.seedDemo
        ? [
            `  Demo merchant sign-in: id "${DEMO_SIGN_IN.merchantId}", password "${DEMO_SIGN_IN.password}"`,
          ]
        : []),
    config.apiDocs ? `  API docs:   ${base}/api/docs` : '',
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
