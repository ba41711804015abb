// bench/load: one app instance under 100 connections of storefront traffic (menu reads, cart adds
// and cart reads, each connection a diner with its own cart) for 30 s, on embedded PGlite and on
// the PostgreSQL server. It shows how the app behaves past its capacity: throughput, latency,
// answers by status (503 = load shed), time-outs and memory. See bench/README.md.
//
//   npm run bench:load
//   BENCH_DATABASES=postgres DATABASE_URL=postgres://user@host:5432/postgres npm run bench:load
//
// Knobs: BENCH_DATABASES (pglite,postgres), BENCH_DURATION (seconds, default 30),
// BENCH_CONNECTIONS (default 100), BENCH_WARMUP (seconds, default 3), BENCH_TIMEOUT (seconds an
// answer may take before it counts as a time-out, default 10), BENCH_LOG_LEVEL (default info).
// The app's own settings (LOAD_SHED_*, …) pass through from the environment.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { type MenuItem, orderable, simpleChoice } from '../lib/menu-choice.js';
import {
  freePort,
  onShutdown,
  shutdown,
  spawnTsx,
  throwawayDatabase,
  until,
} from '../lib/processes.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
delete process.env.DATABASE_URL; // the app gets its own throwaway database, or none (PGlite)
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .map((s) => s.trim());
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const MERCHANT = 'demo';

if (DATABASES.some((d) => d !== 'pglite' && d !== 'postgres'))
  throw new Error('BENCH_DATABASES must list pglite and/or postgres');
if (!Number.isFinite(DURATION) || DURATION < 1 || DURATION > 120)
  throw new Error('BENCH_DURATION must be 1–120 seconds');
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 1000)
  throw new Error('BENCH_CONNECTIONS must be 1–1000');
if (!Number.isFinite(WARMUP) || WARMUP < 0 || WARMUP > 30)
  throw new Error('BENCH_WARMUP must be 0–30 seconds');
if (!Number.isFinite(TIMEOUT_S) || TIMEOUT_S < 1 || TIMEOUT_S > 60)
  throw new Error('BENCH_TIMEOUT must be 1–60 seconds');

interface App {
  base: string;
  pid: number;
  label: string;
  stop: () => Promise<void>;
}

/** The real app (src/server/server.ts through tsx, production mode, demo seeded explicitly). */
async function startApp(database: 'pglite' | 'postgres'): Promise<App> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL,
    SEED_DEMO: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    // Every diner is 127.0.0.1: per-address limits would measure the limiter, not the app.
    RATE_LIMIT_MULTIPLIER: '10000',
  };
  let label = 'embedded PGlite (temporary data folder)';
  if (database === 'postgres') {
    const { name, url } = await throwawayDatabase(SERVER_URL);
    env.DATABASE_URL = url;
    label = `PostgreSQL server, throwaway database ${name} (seeded, dropped at the end)`;
  }
  const app = spawnTsx('src/server/server.ts', [], env);
  const base = `http://127.0.0.1:${port}`;
  await until('app', 120_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${app.output()}`);
  });
  const stop = async () => {
    if (app.child.exitCode !== null) return;
    const exited = new Promise((r) => app.child.once('exit', r));
    app.child.kill('SIGTERM');
    await exited;
  };
  return { base, pid: app.child.pid!, label, stop };
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** A GET retried while the app sheds load (it may, just after start): as a client should. */
async function served(url: string): Promise<Response> {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(url);
    if (res.status !== 503 || Date.now() > end) return res;
    await res.arrayBuffer();
    const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
    await new Promise((r) => setTimeout(r, Math.min(wait, 5000)));
  }
}

/** CPU time a process has used so far, in seconds (user + system, from /proc; Linux). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

interface Diner {
  uid: string;
  cookie: string;
}

async function newDiner(base: string): Promise<Diner> {
  const res = await served(`${base}/api/users/cookie`);
  if (!res.ok) throw new Error(`/api/users/cookie: ${res.status}`);
  const { uid } = (await res.json()) as { uid: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { uid, cookie };
}

type Kind = 'menu' | 'cart add' | 'cart read' | 'cart clear';
const counts = new Map<string, number>(); // "kind status" → answers

/**
 * One diner's visit, repeated for the whole run: the store's info, categories and full item
 * list, two items added (each followed by a look at the cart), then the cart emptied so it
 * stays small.
 */
function visit(d: Diner, lines: unknown[]): Request[] {
  const headers = { cookie: d.cookie, 'accept-encoding': 'gzip, deflate, br' };
  const json = { ...headers, 'content-type': 'application/json' };
  const cart = `/api/shoppingCarts/merchantId/${MERCHANT}`;
  const req = (kind: Kind, r: Request): Request => ({
    ...r,
    onResponse: (status: number) => {
      const key = `${kind} ${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  });
  const add = (line: unknown) =>
    req('cart add', {
      method: 'POST',
      path: `${cart}/orderItems/${d.uid}`,
      headers: json,
      body: JSON.stringify({ orderItems: [line] }),
    });
  const look = req('cart read', { method: 'GET', path: `${cart}/userId/${d.uid}`, headers });
  return [
    req('menu', {
      method: 'GET',
      path: `/api/businessInfos/merchantId/${MERCHANT}/businessInfo`,
      headers,
    }),
    req('menu', { method: 'GET', path: `/api/categories7/merchantId/${MERCHANT}`, headers }),
    req('menu', { method: 'GET', path: `/api/items7/merchantId/${MERCHANT}/items`, headers }),
    add(lines[0]),
    look,
    add(lines[1]),
    look,
    req('cart clear', { method: 'DELETE', path: `${cart}/orderItems/${d.uid}`, headers }),
  ];
}

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

interface Figures {
  database: string;
  seconds: number;
  answers: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  okP99: number;
  byStatus: Map<number, { count: number; p50: number; p99: number }>;
  byKind: [string, number][];
  timeouts: number;
  connErrors: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** Share of one core the app used during the run. */
  appCpu: number;
  load: [number, number];
}

async function run(
  base: string,
  diners: Diner[],
  lines: unknown[][],
  connections: number,
  seconds: number,
) {
  let next = 0;
  const times = new Map<number, number[]>(); // status → response times (ms)
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: TIMEOUT_S,
    setupClient: (client) => {
      const i = next++ % diners.length;
      client.setRequests(visit(diners[i]!, lines[i % lines.length]!));
    },
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    let list = times.get(status);
    if (!list) times.set(status, (list = []));
    list.push(ms);
  });
  const result = await instance;
  return { result, times };
}

async function measure(database: 'pglite' | 'postgres'): Promise<Figures> {
  const started = Date.now();
  const app = await startApp(database);
  console.log(`\n${database}: ${app.label}`);
  console.log(
    `  app ${app.base} (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}, RATE_LIMIT_MULTIPLIER=10000), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  try {
    const items = orderable(
      (await (
        await served(`${app.base}/api/items7/merchantId/${MERCHANT}/items`)
      ).json()) as MenuItem[],
    );
    if (items.length < 2) throw new Error(`${MERCHANT} has fewer than two orderable items`);
    // Diners pick different pairs of items, as real ones would.
    const lines = items
      .slice(0, 10)
      .map((_, k) => [simpleChoice(items[k]!), simpleChoice(items[(k + 1) % items.length]!)]);
    const diners: Diner[] = [];
    for (let i = 0; i < CONNECTIONS; i += 10)
      diners.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, CONNECTIONS - i) }, () => newDiner(app.base)),
        )),
      );

    if (WARMUP > 0) await run(app.base, diners, lines, Math.min(10, CONNECTIONS), WARMUP);
    counts.clear();

    const rssStart = rssMb(app.pid);
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(app.pid))), 500);
    const loadBefore = loadavg()[0]!;
    const cpuBefore = cpuSeconds(app.pid);
    const { result, times } = await run(app.base, diners, lines, CONNECTIONS, DURATION);
    clearInterval(sampler);
    const rssEnd = rssMb(app.pid);
    const appCpu = (cpuSeconds(app.pid) - cpuBefore) / result.duration;
    rssPeak = Math.max(rssPeak, rssEnd);

    const all = [...times.values()].flat().sort((a, b) => a - b);
    const byStatus = new Map<number, { count: number; p50: number; p99: number }>();
    for (const [status, list] of [...times].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => a - b);
      byStatus.set(status, {
        count: list.length,
        p50: percentile(list, 50),
        p99: percentile(list, 99),
      });
    }
    const ok = [...times]
      .filter(([s]) => s < 400)
      .flatMap(([, l]) => l)
      .sort((a, b) => a - b);
    return {
      database,
      seconds: result.duration,
      answers: all.length,
      reqPerSec: all.length / result.duration,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.length ? all[all.length - 1]! : NaN,
      okP99: percentile(ok, 99),
      byStatus,
      byKind: [...counts].sort(),
      timeouts: result.timeouts,
      connErrors: result.errors - result.timeouts,
      rssStart,
      rssPeak,
      rssEnd,
      appCpu,
      load: [loadBefore, loadavg()[0]!],
    };
  } finally {
    await app.stop();
  }
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '—');
const mb = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} MB` : '—');

function print(f: Figures) {
  console.log(
    `  ${f.answers} answers in ${f.seconds.toFixed(1)} s: ${f.reqPerSec.toFixed(0)} req/s; latency p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)}; p99 of the served (< 400) ${ms(f.okP99)}`,
  );
  for (const [status, s] of f.byStatus)
    console.log(
      `    ${status}: ${String(s.count).padStart(7)}  p50 ${ms(s.p50).padStart(8)}  p99 ${ms(s.p99).padStart(8)}`,
    );
  console.log(`  by request: ${f.byKind.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  console.log(
    `  time-outs (> ${TIMEOUT_S} s) ${f.timeouts}, connection errors ${f.connErrors}; app RSS ${mb(f.rssStart)} at start, ${mb(f.rssPeak)} peak, ${mb(f.rssEnd)} at end`,
  );
  console.log(
    `  machine load (1-min average, ${cpus().length} cores): ${f.load[0].toFixed(2)} before, ${f.load[1].toFixed(2)} after; the app used ${(f.appCpu * 100).toFixed(0)} % of one core`,
  );
}

async function main() {
  console.log(
    `bench/load — ${CONNECTIONS} connections × ${DURATION} s of storefront traffic per database (${DATABASES.join(', ')}), after a ${WARMUP} s warm-up at 10, loopback only`,
  );
  console.log(
    '  each connection is one diner with its own cart, looping: business info, categories, item list, add item, cart, add item, cart, empty cart',
  );
  const shedding = Object.entries(process.env).filter(([k]) => k.startsWith('LOAD_SHED_'));
  if (shedding.length)
    console.log(
      `  app settings from the environment: ${shedding.map(([k, v]) => `${k}=${v}`).join(' ')}`,
    );
  const all: Figures[] = [];
  for (const d of DATABASES as ('pglite' | 'postgres')[]) {
    const f = await measure(d);
    print(f);
    all.push(f);
  }
  if (all.length > 1) {
    console.log('\nsummary');
    console.log(
      '  database   req/s     p50     p99     max   2xx   4xx   5xx (503)  time-outs  RSS start→end',
    );
    for (const f of all) {
      const sum = (lo: number, hi: number) =>
        [...f.byStatus].filter(([s]) => s >= lo && s < hi).reduce((n, [, v]) => n + v.count, 0);
      console.log(
        `  ${f.database.padEnd(9)} ${f.reqPerSec.toFixed(0).padStart(6)} ${ms(f.p50).padStart(7)} ${ms(f.p99).padStart(7)} ${ms(f.max).padStart(7)} ${String(sum(200, 300)).padStart(5)} ${String(sum(400, 500)).padStart(5)} ${String(sum(500, 600)).padStart(5)} (${f.byStatus.get(503)?.count ?? 0}) ${String(f.timeouts).padStart(10)}  ${mb(f.rssStart)} → ${mb(f.rssEnd)}`,
      );
    }
  }
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(shutdown);
