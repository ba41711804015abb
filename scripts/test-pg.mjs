#!/usr/bin/env node
// Reruns the database-backed tests (the vitest "server" project) on a PostgreSQL server, each
// worker in its own database. The server comes from TEST_DATABASE_URL or DATABASE_URL.
// With --if-configured it does nothing when neither is set (so `npm test` stays on PGlite).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) {
  if (process.argv.includes('--if-configured')) {
    console.log('DATABASE_URL is not set: database tests ran on PGlite only.');
    process.exit(0);
  }
  console.error(
    'Set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}
const env = { ...process.env, TEST_DATABASE_URL: url };
// The app under test gets its database from the harness, never from DATABASE_URL.
delete env.DATABASE_URL;
const extra = process.argv.slice(2).filter((a) => a !== '--if-configured');
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
  stdio: 'inherit',
  env,
});
process.exit(r.status ?? 1);
