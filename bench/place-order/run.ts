// bench/place-order: the whole ordering flow of signed-in customers against the real app on the
// PostgreSQL server, at 1, 5, 10 and 50 concurrent diners, on loopback. See bench/README.md.
//
//   npm run bench:place-order
//   DATABASE_URL=postgres://user@host:5432/postgres npm run bench:place-order
//
// DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the bench
// creates a throwaway database on it and drops it at the end. Knobs: BENCH_DURATION (seconds per
// level, default 15), BENCH_LEVELS (default 1,5,10,50), BENCH_WARMUP (seconds, default 5),
// BENCH_LOG_LEVEL (the app's LOG_LEVEL, default info), BENCH_RATE_LIMIT_MULTIPLIER (default 10000),
// BENCH_MERCHANT (a seeded merchant to order from instead of the automatic choice).
//
// Two flows, each run at every level. Signed-in pickup: what a signed-in diner's browser does to
// order once: add two lines to the cart, PUT the checkout info (pickup, credit card; the answer
// carries the server's total) and send the order with a sandbox card and the total it was shown.
// Sign-up and sign-in happen once per diner before the timed runs (argon2id is deliberately slow
// and is not what this measures). Anonymous delivery: an anonymous diner adds the lines, PUTs a
// delivery checkout, asks for a phone code, reads it from the outbox (the SMS the app queued),
// verifies the phone and sends the order; every flow uses a new phone number.
// Queries per send order: the app runs with bench/lib/count-queries.ts, which counts the
// statements it sends to PostgreSQL; one send order of each flow is counted while the app is idle.
// BENCH_FLOWS (default pickup,delivery) chooses the flows. BENCH_INSTANCES (default 1) starts that
// many app processes on the one database (as a deployment runs one per core) and spreads the diners
// over them, diner i on instance i mod N; the counters then sum every instance's.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import pg from 'pg';
import {
  freePort,
  onShutdown,
  type AppCounters,
  readQueryCount,
  shutdown,
  spawnTsx,
  throwawayDatabase,
  until,
} from '../lib/processes.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,5,10,50').split(',').map((s) => Number(s.trim()));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const MULTIPLIER = Number(process.env.BENCH_RATE_LIMIT_MULTIPLIER ?? 10_000);
const REQUEST_TIMEOUT_MS = 10_000;
const TARGET = { flowP95Ms: 300, flowAt: 5, sendP99Ms: 100, sendAt: 10 };
const FLOWS = (process.env.BENCH_FLOWS ?? 'pickup,delivery').split(',').map((s) => s.trim());
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const DELIVERY_ADDRESS = '100 Centre Street, New York, NY 10013';
const CARD = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

if (!Number.isFinite(DURATION) || DURATION < 1 || DURATION > 60)
  throw new Error('BENCH_DURATION must be 1–60 seconds');
if (!Number.isFinite(WARMUP) || WARMUP < 0 || WARMUP > 30)
  throw new Error('BENCH_WARMUP must be 0–30 seconds');
if (LEVELS.some((n) => !Number.isInteger(n) || n < 1 || n > 200))
  throw new Error('BENCH_LEVELS must be integers 1–200, comma-separated');
if (!Number.isFinite(MULTIPLIER) || MULTIPLIER < 1 || MULTIPLIER > 1_000_000)
  throw new Error('BENCH_RATE_LIMIT_MULTIPLIER must be 1–1000000');
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 4)
  throw new Error('BENCH_INSTANCES must be 1–4');
if (FLOWS.length === 0 || FLOWS.some((f) => f !== 'pickup' && f !== 'delivery'))
  throw new Error('BENCH_FLOWS must list pickup and/or delivery');
type FlowKind = 'pickup' | 'delivery';

/** A URL fit to print: the password, if any, hidden. */
function printable(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

interface RunningApp {
  /** Each instance's address; diner i uses bases[i % bases.length]. */
  bases: string[];
  databaseUrl: string;
  name: string;
  /** The statements the app has sent to PostgreSQL so far, and the CPU time it has used (summed
   * over the instances). */
  counters: () => Promise<AppCounters>;
}

/**
 * The real app (src/server/server.ts through tsx), INSTANCES processes on one throwaway database of
 * the server, sharing their secrets (a session made on one is good on the others). The first
 * migrates and seeds; the others start once it is ready and find both done.
 */
async function startApp(): Promise<RunningApp> {
  const { name, url } = await throwawayDatabase(SERVER_URL);
  const shared = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
  const started: { base: string; counters: () => Promise<AppCounters> }[] = [];
  for (let i = 0; i < INSTANCES; i++) started.push(await startInstance(url, shared));
  return {
    bases: started.map((s) => s.base),
    databaseUrl: url,
    name,
    counters: async () => {
      const all = await Promise.all(started.map((s) => s.counters()));
      return {
        queries: all.reduce((n, c) => n + c.queries, 0),
        cpuMs: all.reduce((n, c) => n + c.cpuMs, 0),
      };
    },
  };
}

async function startInstance(
  url: string,
  shared: { SESSION_SECRET: string; CREDENTIALS_KEY: string },
): Promise<{ base: string; counters: () => Promise<AppCounters> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const countFile = join(dataDir, 'query-count');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    // Production seeds nothing unless asked; the benchmark needs the demo stores (their
    // generated merchant passwords are not needed: no merchant sign-in here).
    SEED_DEMO: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL,
    ...shared,
    RATE_LIMIT_MULTIPLIER: String(MULTIPLIER),
    BENCH_QUERY_COUNT_FILE: countFile,
  };
  const app = spawnTsx('src/server/server.ts', [], env, ['bench/lib/count-queries.ts']);
  const base = `http://127.0.0.1:${port}`;
  await until('app', 120_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${app.output()}`);
  });
  return { base, counters: () => readQueryCount(app.child, countFile) };
}

// ------------------------------------------------------------------------------- HTTP client

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Cookies as a browser keeps them: name → value, sent back on every call. */
class Jar {
  private readonly values = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.values.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function call(
  base: string,
  jar: Jar,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: jar.header(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  jar.take(res);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text.slice(0, 200);
  }
  return { status: res.status, body: parsed };
}

// ------------------------------------------------------------------------------- the flow

interface MenuItem {
  _id: string;
  name: string;
  soldout: boolean;
  available: boolean;
  size: { _id: string }[];
  options: {
    _id: string;
    numberToSelect: number;
    minNumberToSelect: number | null;
    maxNumberToSelect: number | null;
    optionValues: { _id: string }[];
  }[];
}

/** A valid choice for an item: first size, and the fewest values each group needs. */
function simpleChoice(item: MenuItem) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity: 1, note: '' };
}

interface Diner {
  kind: FlowKind;
  /** The instance this diner talks to. */
  base: string;
  index: number;
  jar: Jar;
  uid: string;
  phone: string;
}

/** An anonymous diner: only the cart cookie. */
async function anonymousDiner(base: string, index: number): Promise<Diner> {
  const jar = new Jar();
  const cookie = await call(base, jar, 'GET', '/api/users/cookie');
  if (cookie.status !== 200) throw new Error(`cookie: ${cookie.status}`);
  return { kind: 'delivery', base, index, jar, uid: cookie.body.uid as string, phone: '' };
}

let phoneSeq = 0;
/** A new valid US number for every anonymous flow (codes are limited per phone and hour). */
function nextPhone(): string {
  const n = phoneSeq++;
  return `312${String(200 + (Math.floor(n / 10_000) % 700))}${String(n % 10_000).padStart(4, '0')}`;
}

/** The outbox, where the app queued the verification SMS (read as the diner reads the text). */
let outboxDb: pg.Pool | undefined;
async function codeSentTo(phone: string): Promise<string> {
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    const r = await outboxDb!.query<{ body: string }>(
      `select payload->>'body' as body from outbox
       where kind = 'sms' and payload->>'to' = $1 and payload->>'purpose' = 'verification-code'
       order by created_at desc limit 1`,
      [`+1${phone}`],
    );
    const code = r.rows[0]?.body.match(/code is (\d{4})/)?.[1];
    if (code) return code;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error('no verification SMS in the outbox');
}

const cartPath = (merchantId: string, what: string, uid: string) =>
  `/api/shoppingCarts/merchantId/${merchantId}/${what}/${uid}`;

/** A customer registered and signed in through the API, with an anonymous id for the cart. */
async function newDiner(base: string, runId: string, index: number): Promise<Diner> {
  const jar = new Jar();
  const email = `bench-${runId}-${index}@example.com`;
  const password = 'Passw0rdBench';
  const reg = await call(base, jar, 'POST', '/api/usersAuth/userRegister', {
    name: `Bench Diner ${index}`,
    email,
    password,
    confirmPassword: password,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await call(base, jar, 'POST', '/api/usersAuth/userLogin', { email, password });
  if (login.status !== 200)
    throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  const auth = await call(base, jar, 'GET', '/api/usersAuth/isAuth');
  if (auth.body?.isAuth !== true) throw new Error(`not signed in: ${JSON.stringify(auth.body)}`);
  const cookie = await call(base, jar, 'GET', '/api/users/cookie');
  if (cookie.status !== 200) throw new Error(`cookie: ${cookie.status}`);
  return {
    kind: 'pickup',
    base,
    index,
    jar,
    uid: cookie.body.uid as string,
    phone: String(2125550000 + index),
  };
}

interface Sample {
  flowMs: number;
  sendMs: number;
}

interface LevelResult {
  diners: number;
  seconds: number;
  samples: Sample[];
  errors: Map<string, number>;
}

let flowSeq = 0;

/**
 * One order: add lines, PUT checkout info, (anonymous: send and check a phone code,) send order.
 * Throws a short label on failure. `count` reads the app's statement count around the send.
 */
async function flow(
  base: string,
  merchantId: string,
  lines: unknown[],
  d: Diner,
  count?: () => Promise<AppCounters>,
): Promise<Sample & { queries?: number; cpuMs?: number }> {
  const t0 = performance.now();
  const added = await call(base, d.jar, 'POST', cartPath(merchantId, 'orderItems', d.uid), {
    orderItems: lines,
  });
  if (added.status !== 200) throw new Error(`add lines ${added.status} ${added.body?.message}`);
  const phone = d.kind === 'delivery' ? nextPhone() : d.phone;
  const checkout = {
    orderMethod: d.kind,
    paymentMethod: 'creditcard',
    tip: { kind: 'percent', ratePpm: 150_000 },
    time: { kind: 'asap' },
    customerName: `Bench Diner ${d.index}`,
    phone,
    ...(d.kind === 'delivery' ? { deliveryAddress: DELIVERY_ADDRESS } : {}),
  };
  const info = await call(
    base,
    d.jar,
    'PUT',
    cartPath(merchantId, 'checkoutInfo', d.uid),
    checkout,
  );
  if (info.status !== 200) throw new Error(`checkout info ${info.status} ${info.body?.message}`);
  if (d.kind === 'delivery') {
    const sent = await call(base, d.jar, 'POST', '/api/verification/sendVeriCode', {
      phoneNum: phone,
    });
    if (sent.status !== 200) throw new Error(`send code ${sent.status} ${sent.body?.message}`);
    const verificationCode = await codeSentTo(phone);
    const ok = await call(base, d.jar, 'POST', '/api/verification/verifyPhone', {
      phoneNum: phone,
      verificationCode,
    });
    if (ok.status !== 200) throw new Error(`verify phone ${ok.status} ${ok.body?.message}`);
  }
  // Counting: let the app's background work (the outbox sending the code's SMS) settle first.
  if (count) await new Promise((r) => setTimeout(r, 500));
  const before = count ? await count() : undefined;
  const t1 = performance.now();
  const sent = await call(base, d.jar, 'POST', cartPath(merchantId, 'sendOrder', d.uid), {
    idempotencyKey: `bench-${d.kind}-${d.index}-${++flowSeq}-${randomBytes(4).toString('hex')}`,
    checkout: { ...checkout, card: CARD },
    expectedTotalCents: info.body.amounts.totalCents,
  });
  const t2 = performance.now();
  const after = count ? await count() : undefined;
  if (sent.status !== 200 || sent.body?.state !== 'placed' || sent.body?.paid !== true)
    throw new Error(`send order ${sent.status} ${sent.body?.message ?? sent.body?.state}`);
  return {
    flowMs: t2 - t0,
    sendMs: t2 - t1,
    ...(before && after
      ? { queries: after.queries - before.queries, cpuMs: after.cpuMs - before.cpuMs }
      : {}),
  };
}

async function runLevel(
  merchantId: string,
  lines: unknown[],
  diners: Diner[],
  seconds: number,
): Promise<LevelResult> {
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    diners.map(async (d) => {
      while (performance.now() < deadline) {
        try {
          samples.push(await flow(d.base, merchantId, lines, d));
        } catch (err) {
          const label = err instanceof Error ? err.message : String(err);
          errors.set(label, (errors.get(label) ?? 0) + 1);
          // Start the next flow from an empty cart.
          await call(d.base, d.jar, 'DELETE', cartPath(merchantId, 'orderItems', d.uid)).catch(
            () => undefined,
          );
        }
      }
    }),
  );
  return { diners: diners.length, seconds: (performance.now() - start) / 1000, samples, errors };
}

// ------------------------------------------------------------------------------- figures

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

interface Row {
  diners: number;
  orders: number;
  perSecond: number;
  flowP50: number;
  flowP95: number;
  sendP50: number;
  sendP99: number;
  errors: number;
  /** The app's CPU time over the level per flow (all of a flow's calls, background work too). */
  cpuPerFlow: number;
}

function rowOf(r: LevelResult, cpuPerFlow: number): Row {
  const flows = r.samples.map((s) => s.flowMs).sort((a, b) => a - b);
  const sends = r.samples.map((s) => s.sendMs).sort((a, b) => a - b);
  return {
    diners: r.diners,
    orders: r.samples.length,
    perSecond: r.samples.length / r.seconds,
    flowP50: percentile(flows, 50),
    flowP95: percentile(flows, 95),
    sendP50: percentile(sends, 50),
    sendP99: percentile(sends, 99),
    errors: [...r.errors.values()].reduce((a, b) => a + b, 0),
    cpuPerFlow,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
const HEADER = `${'diners'.padStart(6)} ${'orders'.padStart(7)} ${'orders/s'.padStart(9)} ${'flow p50'.padStart(10)} ${'flow p95'.padStart(10)} ${'send p50'.padStart(10)} ${'send p99'.padStart(10)} ${'errors'.padStart(7)} ${'CPU/flow'.padStart(9)}`;
const line = (r: Row) =>
  `${String(r.diners).padStart(6)} ${String(r.orders).padStart(7)} ${r.perSecond.toFixed(1).padStart(9)} ${ms(r.flowP50).padStart(10)} ${ms(r.flowP95).padStart(10)} ${ms(r.sendP50).padStart(10)} ${ms(r.sendP99).padStart(10)} ${String(r.errors).padStart(7)} ${ms(r.cpuPerFlow).padStart(9)}`;

// ------------------------------------------------------------------------------- merchant

/**
 * The demo store is open around the clock except Wednesday 15:00–15:30 America/New_York. A run
 * that would overlap that break (with a margin for the run's length) uses the Sunrise bakery when
 * it is open, and otherwise does not run.
 */
function demoBreakOverlaps(now: DateTime, runMinutes: number): boolean {
  const ny = now.setZone('America/New_York');
  const minute = ny.hour * 60 + ny.minute;
  return ny.weekday === 3 && minute >= 15 * 60 - runMinutes && minute < 15 * 60 + 30;
}

async function storeOpen(base: string, merchantId: string): Promise<boolean> {
  const jar = new Jar();
  const c = await call(base, jar, 'GET', '/api/users/cookie');
  const cart = await call(base, jar, 'GET', cartPath(merchantId, 'userId', c.body.uid));
  return cart.status === 200 && cart.body.storeOpen === true;
}

async function chooseMerchant(base: string, runMinutes: number): Promise<string | undefined> {
  const forced = process.env.BENCH_MERCHANT;
  if (forced) {
    if (await storeOpen(base, forced)) return forced;
    console.log(`${forced} (BENCH_MERCHANT) is closed now: skipping the benchmark.`);
    return undefined;
  }
  if (!demoBreakOverlaps(DateTime.now(), runMinutes) && (await storeOpen(base, 'demo')))
    return 'demo';
  console.log(
    'The demo store (Golden Lotus) is closed now or during the run: Wednesday 15:00–15:30 America/New_York.',
  );
  if (await storeOpen(base, 'sunrise')) {
    console.log('Using the Sunrise bakery (sunrise) instead.');
    return 'sunrise';
  }
  console.log('Sunrise is closed too: skipping the benchmark. Run it again after the break.');
  return undefined;
}

async function pickLines(base: string, merchantId: string): Promise<MenuItem[]> {
  const res = await fetch(`${base}/api/items7/merchantId/${merchantId}/items`);
  const items = (await res.json()) as MenuItem[];
  const ok = items.filter((i) => i.available && !i.soldout);
  const preferred = ['Kung Pao Chicken', 'Mapo Tofu']
    .map((n) => ok.find((i) => i.name === n))
    .filter((i): i is MenuItem => i !== undefined);
  const chosen = preferred.length === 2 ? preferred : ok.slice(0, 2);
  if (chosen.length < 2) throw new Error(`${merchantId} has fewer than two orderable items`);
  return chosen;
}

// ------------------------------------------------------------------------------- main

async function main() {
  const maxDiners = Math.max(...LEVELS);
  const runMinutes = Math.ceil(
    (WARMUP * FLOWS.length + FLOWS.length * LEVELS.length * (DURATION + 2) + 60) / 60,
  );
  console.log(
    `bench/place-order — ${FLOWS.map((f) => (f === 'pickup' ? 'signed-in pickup' : 'anonymous delivery with phone verification')).join(' and ')}, ` +
      `sandbox card ${CARD.cardNumber}, ${LEVELS.join('/')} diners × ${DURATION} s each after a ${WARMUP} s warm-up, loopback only`,
  );
  const started = performance.now();
  const app = await startApp();
  const { bases, databaseUrl, name } = app;
  const base = bases[0]!;
  console.log(
    `app:  ${bases.join(', ')} (src/server/server.ts, NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}; ` +
      `${INSTANCES} instance${INSTANCES === 1 ? '' : 's'}${INSTANCES > 1 ? ', diner i on instance i mod ' + INSTANCES : ''})`,
  );
  console.log(
    `  DATABASE_URL=${printable(databaseUrl)} (throwaway database ${name} on the PostgreSQL server, dropped at the end)`,
  );
  console.log('  SESSION_SECRET, CREDENTIALS_KEY: random for this run (64 hex characters each)');
  console.log(
    `  RATE_LIMIT_MULTIPLIER=${MULTIPLIER}: rate limits raised for the run (every diner is 127.0.0.1; send order allows ${10 * MULTIPLIER}/min instead of 10/min)`,
  );
  console.log('  bench/lib/count-queries.ts preloaded: counts the statements sent to PostgreSQL');
  console.log(
    `  ready in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations, demo seed)`,
  );
  outboxDb = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle client is terminated when the throwaway database is dropped at the end; without a
  // handler that error would kill the bench after its figures are printed.
  outboxDb.on('error', () => {});
  onShutdown(() => outboxDb?.end());

  const merchantId = await chooseMerchant(base, runMinutes);
  if (!merchantId) return;
  const items = await pickLines(base, merchantId);
  const lines = items.map(simpleChoice);
  console.log(
    `merchant: ${merchantId}; each order: ${items.map((i) => i.name).join(' + ')}, card, 15 % tip` +
      (FLOWS.includes('delivery') ? `; deliveries to ${DELIVERY_ADDRESS}` : ''),
  );

  const runId = randomBytes(3).toString('hex');
  const dinersOf: Record<FlowKind, Diner[]> = { pickup: [], delivery: [] };
  if (FLOWS.includes('pickup')) {
    const t0 = performance.now();
    // Sign-ups and sign-ins a few at a time (argon2id is CPU-heavy by design).
    for (let i = 0; i < maxDiners; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, maxDiners - i) }, (_, k) =>
          newDiner(bases[(i + k) % bases.length]!, runId, i + k),
        ),
      );
      dinersOf.pickup.push(...batch);
    }
    console.log(
      `setup: ${maxDiners} customers registered and signed in through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  if (FLOWS.includes('delivery')) {
    dinersOf.delivery = await Promise.all(
      Array.from({ length: maxDiners }, (_, i) => anonymousDiner(bases[i % bases.length]!, i)),
    );
  }

  const results: { kind: FlowKind; rows: Row[]; queries: number }[] = [];
  for (const kind of FLOWS as FlowKind[]) {
    const diners = dinersOf[kind];
    const label =
      kind === 'pickup'
        ? 'signed-in pickup (add lines + checkout info + send order)'
        : 'anonymous delivery (add lines + checkout info + send code + read it from the outbox + verify phone + send order)';
    console.log(`\n${label}`);
    if (WARMUP > 0) {
      const w = await runLevel(merchantId, lines, diners.slice(0, Math.min(5, maxDiners)), WARMUP);
      console.log(`warm-up: ${w.samples.length} orders in ${w.seconds.toFixed(1)} s (not counted)`);
    }
    // Statements per send order, counted around single orders while the app is otherwise idle
    // (the least of three: a background job's query could fall inside one window).
    // The app's CPU time around the same single orders: load-independent, unlike the latencies.
    const counts: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const one = await flow(diners[0]!.base, merchantId, lines, diners[0]!, app.counters);
      counts.push(one.queries ?? NaN);
      cpu.push(one.cpuMs ?? NaN);
    }
    const queries = Math.min(...counts);
    console.log(`queries per send order: ${queries} (counted ${counts.join(', ')})`);
    console.log(
      `app CPU per send order: ${Math.min(...cpu).toFixed(1)} ms (measured ${cpu.map((c) => c.toFixed(1)).join(', ')})`,
    );
    const rows: Row[] = [];
    console.log(HEADER);
    for (const n of LEVELS) {
      const start = await app.counters();
      const r = await runLevel(merchantId, lines, diners.slice(0, n), DURATION);
      const end = await app.counters();
      const row = rowOf(r, (end.cpuMs - start.cpuMs) / Math.max(1, r.samples.length));
      rows.push(row);
      console.log(line(row));
      for (const [what, count] of r.errors) console.log(`         error ×${count}: ${what}`);
    }
    results.push({ kind, rows, queries });
  }
  console.log(
    '(flow = every call of the flow, as the diner waits; send = the send-order call alone)',
  );

  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\ntargets');
  for (const { kind, rows, queries } of results) {
    const at = (n: number) => rows.find((r) => r.diners === n);
    const f = at(TARGET.flowAt);
    console.log(
      f
        ? `  ${kind}: flow p95 < ${TARGET.flowP95Ms} ms at ${TARGET.flowAt} diners: ${ms(f.flowP95)} ${check(f.flowP95 < TARGET.flowP95Ms && f.errors === 0)}`
        : `  ${kind}: flow p95 at ${TARGET.flowAt} diners: level not run`,
    );
    const s = at(TARGET.sendAt);
    console.log(
      s
        ? `  ${kind}: send-order p99 < ${TARGET.sendP99Ms} ms at ${TARGET.sendAt} diners: ${ms(s.sendP99)} ${check(s.sendP99 < TARGET.sendP99Ms && s.errors === 0)}`
        : `  ${kind}: send-order p99 at ${TARGET.sendAt} diners: level not run`,
    );
    console.log(`  ${kind}: queries per send order: ${queries}`);
  }
  console.log(`whole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(shutdown);
