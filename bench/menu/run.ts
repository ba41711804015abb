// bench/menu: the demo's full item list from the real app beside a bare Fastify server that
// sends the same bytes from memory, measured with autocannon on loopback. See bench/README.md.
//
//   npm run bench:menu                      # embedded PGlite in a temporary data folder
//   DATABASE_URL=postgres://… npm run bench:menu   # a throwaway database on that server
//
// Environment: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_RUNS (alternating pairs, default 3), BENCH_LOG_LEVEL (the app's LOG_LEVEL, default info).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import {
  freePort,
  onShutdown,
  shutdown,
  spawnTsx,
  throwawayDatabase,
  until,
} from '../lib/processes.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PATH = '/api/items7/merchantId/demo/items';
const TARGET = { ratio: 0.7, p99Ms: 20, bytesPer150: 150 * 1024 };

if (!Number.isFinite(DURATION) || DURATION < 1 || DURATION > 60)
  throw new Error('BENCH_DURATION must be 1–60 seconds');
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('BENCH_RUNS must be 1–9');

/** The real app (src/server/server.ts through tsx) on PGlite or a throwaway PostgreSQL database. */
async function startApp(): Promise<{ base: string; database: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    // Production seeds nothing unless asked; the benchmark needs the demo stores (their
    // generated merchant passwords are not needed: no merchant sign-in here).
    SEED_DEMO: 'true',
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
    const { name, url } = await throwawayDatabase(serverUrl);
    env.DATABASE_URL = url;
    database = `PostgreSQL server, throwaway database ${name}`;
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
  onShutdown(() => rmSync(bodyFile, { force: true }));
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

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(shutdown);
