// What every benchmark needs around its measurements: free ports, child processes it started
// (run through tsx, with their output's tail kept for error messages), throwaway databases, and
// a shutdown that stops and removes all of them, also after an error.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs at shutdown, last registered first. */
export function onShutdown(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a TypeScript entry point through tsx. BENCH_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") adds Node flags, to profile the app under load; `preload` modules
 * (TypeScript, after tsx) are imported before the entry point.
 */
export function spawnTsx(
  script: string,
  args: string[],
  env: Record<string, string>,
  preload: string[] = [],
) {
  let output = '';
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const preloads = preload.flatMap((p) => ['--import', pathToFileURL(join(root, p)).href]);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', ...preloads, join(root, script), ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  // Keep only the tail: the app's request log would otherwise pile up here during the runs.
  const keep = (d: unknown) => {
    output = (output + String(d)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** Starts a built JavaScript entry point (e.g. dist/node/server/server.js) with plain Node. */
export function spawnNode(script: string, env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const keep = (d: unknown) => {
    output = (output + String(d)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** What the app has done so far: statements sent to PostgreSQL and CPU time used (ms). */
export interface AppCounters {
  queries: number;
  cpuMs: number;
}

/**
 * Reads the app's statement count and CPU time through bench/lib/count-queries.ts (loaded as a
 * preload with BENCH_QUERY_COUNT_FILE set): signals the process and waits for its answer.
 */
export async function readQueryCount(child: ChildProcess, file: string): Promise<AppCounters> {
  const before = readCountFile(file);
  child.kill('SIGUSR2');
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    const now = readCountFile(file);
    if (now && now.signal !== before?.signal)
      return { queries: now.count, cpuMs: now.cpuUs / 1000 };
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the app did not report its query count');
}

function readCountFile(file: string): { signal: number; count: number; cpuUs: number } | undefined {
  try {
    const [signal, count, cpuUs] = readFileSync(file, 'utf8').split(':').map(Number);
    return Number.isFinite(signal) && Number.isFinite(count) && Number.isFinite(cpuUs)
      ? { signal: signal!, count: count!, cpuUs: cpuUs! }
      : undefined;
  } catch {
    return undefined;
  }
}

export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not ready in ${timeoutMs} ms`);
}

/** A new empty database on the server, dropped at shutdown; its name and URL. */
export async function throwawayDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `forkful_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onShutdown(async () => {
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Stops every child (SIGTERM, SIGKILL after 15 s), then runs the cleanups. */
export async function shutdown(): Promise<void> {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          const t = setTimeout(() => {
            c.kill('SIGKILL');
            resolve();
          }, 15_000);
          c.on('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
}
