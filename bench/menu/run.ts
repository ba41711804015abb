// bench/menu: the demo's full item list from the real app beside a bare Fastify server that
// sends the same bytes from memory, measured with autocannon on loopback. See bench/README.md.
//
//   npm run bench:menu                      # embedded PGlite in a temporary data folder
//   DATABASE_URL=postgres://… npm run bench:menu   # a throwaway database on that server
//
// Environment: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_RUNS (alternating pairs, default 3), BENCH_LOG_LEVEL (the app's LOG_LEVEL, default info).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PATH = '/api/items7/merchantId/demo/items';
const TARGET = { ratio: 0.7, p99Ms: 20, bytesPer150: 150 * 1024 };

if (!Number.isFinite(DURATION) || DURATION < 1 || DURATION > 60)
  throw new Error('BENCH_DURATION must be 1–60 seconds');
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('BENCH_RUNS must be 1–9');

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

async function freePort(): Promise<number> {
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

function spawnTsx(script: string, args: string[], env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  // Keep only the tail: the app's request log would otherwise pile up here during the runs.
  const keep = (d: unknown) => {
    output = (output + String(d)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not ready in ${timeoutMs} ms`);
}

/** The real app (src/server/server.ts through tsx) on PGlite or a throwaway PostgreSQL database. */
async function startApp(): Promise<{ base: string; database: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
  let database = 'embedded PGlite (temporary data folder)';
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `forkful_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    database = `PostgreSQL server, throwaway database ${name}`;
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    });
  } else {
    delete process.env.DATABASE_URL;
  }
  const app = spawnTsx('src/server/server.ts', [], env);
  const base = `http://127.0.0.1:${port}`;
  await until('app', 120_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${app.output()}`);
  });
  return { base, database };
}

async function startBare(bodyFile: string): Promise<string> {
  const bare = spawnTsx('bench/menu/bare-server.ts', [bodyFile], {});
  const port = await until('bare server', 30_000, async () => {
    if (bare.child.exitCode !== null) throw new Error(`bare server exited:\n${bare.output()}`);
    return /listening (\d+)/.exec(bare.output())?.[1];
  });
  return `http://127.0.0.1:${port}`;
}

interface Row {
  reqPerSec: number;
  p50: number;
  p99: number;
  bytesPerReq: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, duration: number, headers: Record<string, string> = {}) {
  const r: Result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const row: Row = {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerReq: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  return row;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (r: Row) =>
  `${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(5)} ms  ${Math.round(r.bytesPerReq).toString().padStart(7)} B/resp` +
  (r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : '');

async function main() {
  console.log(
    `bench/menu — ${RUNS} alternating runs of ${DURATION} s at ${CONNECTIONS} connections, loopback only`,
  );
  const { base, database } = await startApp();
  const res = await fetch(`${base}${PATH}`);
  if (!res.ok) throw new Error(`GET ${PATH}: ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const count = (JSON.parse(bytes.toString('utf8')) as unknown[]).length;
  const perItem = bytes.length / count;
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'forkful-bench-body-')), 'items.json');
  writeFileSync(bodyFile, bytes);
  cleanups.push(() => rmSync(bodyFile, { force: true }));
  const bareBase = await startBare(bodyFile);

  console.log(`app:  ${base} (${database}, NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL})`);
  console.log(`bare: ${bareBase} (Fastify, same bytes from memory)`);
  console.log(
    `body: ${count} items, ${bytes.length} bytes uncompressed (${((perItem * 150) / 1024).toFixed(1)} KB per 150 items)`,
  );

  // Warm both (JIT, the app's menu cache) before measuring.
  await load(`${base}${PATH}`, 2);
  await load(`${bareBase}${PATH}`, 2);

  const app: Row[] = [];
  const bare: Row[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const a = await load(`${base}${PATH}`, DURATION);
    app.push(a);
    console.log(`run ${i} app   ${fmt(a)}`);
    const b = await load(`${bareBase}${PATH}`, DURATION);
    bare.push(b);
    console.log(`run ${i} bare  ${fmt(b)}`);
  }

  const med = (rows: Row[]): Row => ({
    reqPerSec: median(rows.map((r) => r.reqPerSec)),
    p50: median(rows.map((r) => r.p50)),
    p99: median(rows.map((r) => r.p99)),
    bytesPerReq: median(rows.map((r) => r.bytesPerReq)),
    non2xx: rows.reduce((n, r) => n + r.non2xx, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
  });
  const ma = med(app);
  const mb = med(bare);
  const ratio = ma.reqPerSec / mb.reqPerSec;

  // One informational pair with brotli accepted (the app sends its cached brotli bytes).
  const brHeaders = { 'accept-encoding': 'br' };
  const ab = await load(`${base}${PATH}`, Math.min(DURATION, 5), brHeaders);
  const bb = await load(`${bareBase}${PATH}`, Math.min(DURATION, 5), brHeaders);

  console.log('\nmedians');
  console.log(`  app   ${fmt(ma)}`);
  console.log(`  bare  ${fmt(mb)}`);
  console.log(`  ratio app/bare req/s: ${ratio.toFixed(2)}`);
  console.log(`with accept-encoding: br (one ${Math.min(DURATION, 5)} s run each)`);
  console.log(`  app   ${fmt(ab)}`);
  console.log(`  bare  ${fmt(bb)}`);
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\ntargets');
  console.log(`  ratio ≥ ${TARGET.ratio}: ${ratio.toFixed(2)} ${check(ratio >= TARGET.ratio)}`);
  console.log(
    `  app p99 < ${TARGET.p99Ms} ms: ${ma.p99.toFixed(1)} ms ${check(ma.p99 < TARGET.p99Ms)}`,
  );
  console.log(
    `  < 150 KB per 150 items: ${((perItem * 150) / 1024).toFixed(1)} KB ${check(perItem * 150 < TARGET.bytesPer150)}`,
  );
  if (ma.non2xx || ma.errors) console.log('  WARNING: the app answered non-2xx or errored');
}

async function shutdown() {
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

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(shutdown);
