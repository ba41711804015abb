// A PostgreSQL cluster of a test's own (scripts/pg-throwaway.sh: a free port, fsync off), for
// tests that restart or stop the server — never done to the shared server on 5432.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../../src/server/lib/paths.js';

const run = promisify(execFile);

export interface ThrowawayCluster {
  url: string;
  dataDir: string;
  /** `pg_ctl stop -m fast`: every backend is terminated (57P01), then connections are refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /**
   * A fast restart (as `pg_ctl restart -m fast`), with the server kept down for `downMs` so the
   * outage is long enough to be seen from outside.
   */
  restart(downMs: number): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, if any. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? join(root, v, 'bin') : undefined;
}

/**
 * Starts a throwaway cluster, or answers why it cannot here (the script needs root, to run the
 * server as the postgres user, and the PostgreSQL server binaries).
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster | { skip: string }> {
  if (process.getuid?.() !== 0) return { skip: 'a throwaway cluster needs root (runuser)' };
  const bin = postgresBin();
  if (!bin) return { skip: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  let url: string;
  try {
    const { stdout } = await run('bash', [join(projectRoot, 'scripts/pg-throwaway.sh')]);
    url = stdout.trim().split('\n').at(-1) ?? '';
  } catch (err) {
    return { skip: `scripts/pg-throwaway.sh failed: ${String(err)}` };
  }
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const dataDir = String((await probe.query('show data_directory')).rows[0]?.data_directory);
  await probe.end();
  const pgCtl = (...args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', dataDir, ...args]);
  const stop = async () => {
    await pgCtl('stop', '-m', 'fast', '-w');
  };
  // The options scripts/pg-throwaway.sh started it with (pg_ctl start does not reuse them).
  const options = [
    `-p ${new URL(url).port}`,
    `-k ${dirname(dataDir)}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off -c full_page_writes=off -c synchronous_commit=off',
  ].join(' ');
  const start = async () => {
    await pgCtl('start', '-w', '-l', join(dirname(dataDir), 'log'), '-o', options);
  };
  return {
    url,
    dataDir,
    stop,
    start,
    restart: async (downMs) => {
      await stop();
      await sleep(downMs);
      await start();
    },
    destroy: async () => {
      await pgCtl('stop', '-m', 'immediate', '-w').catch(() => undefined);
      rmSync(dirname(dataDir), { recursive: true, force: true });
    },
  };
}
