// bench/scale: what a year of orders does to the merchant's reads (issue 31). On a PostgreSQL
// server it fills a throwaway database with SCALE_MERCHANTS merchants and SCALE_DAYS days of their
// orders (bench/scale/generate.ts), then:
//   1. plans: EXPLAIN (ANALYZE) of every statement the order lists, search, reports, sale detail,
//      latest-order poll and export page send, each judged on whether it reads only the merchant's
//      own rows (an index condition on merchant_id for orders; no sequential scan of a table of
//      merchants' data);
//   2. the real app on that database (production mode): each merchant read over HTTP, signed in as
//      the busiest merchant, BENCH_RUNS times one after another, with its p50/p95; the storefront's
//      menu and a card pickup checkout (add, checkout info, send order) of a signed-in diner;
//   3. the merchant's whole data export (orders as JSON lines and CSV, streamed page by page), with
//      this process's RSS sampled while it runs (memory flat: the peak stays near the start).
// A benchmark, not a test: it prints and asserts nothing (exit 0 whatever the figures).
//
//   npm run bench:scale                                   # 100 merchants × 365 days ≈ 2 million orders
//   SCALE_MERCHANTS=5 SCALE_DAYS=30 npm run bench:scale   # the small set .ci/run runs
//   SCALE_DATABASE_URL=postgres://…/forkful_scale npm run bench:scale  # an already generated set
// See bench/README.md.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import type { AppContext } from '../../src/server/app-context.js';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { exportMerchantOrders } from '../../src/server/modules/merchant-export/index.js';
import { exportOrdersPage } from '../../src/server/modules/merchant-export/merchant-export.repository.js';
import {
  getLatestOrder,
  getOrder,
  listOrders,
  queryOrders,
} from '../../src/server/modules/merchant-orders/merchant-orders.service.js';
import { dailyReport } from '../../src/server/modules/merchant-reports/merchant-reports.service.js';
import { type MenuItem, orderable, simpleChoice } from '../lib/menu-choice.js';
import {
  freePort,
  onShutdown,
  shutdown,
  spawnTsx,
  throwawayDatabase,
  until,
} from '../lib/processes.js';
import { generate, SCALE_PASSWORD } from './generate.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REUSE_URL = process.env.SCALE_DATABASE_URL;
const MERCHANTS = Number(process.env.SCALE_MERCHANTS ?? 100);
const DAYS = Number(process.env.SCALE_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? Math.min(RUNS, 50));
/** Tables holding merchants' data: never read whole for one merchant. */
const PER_MERCHANT = new Set(['orders', 'order_lines', 'payment_transactions', 'order_events']);

const CARD = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

// ---------------------------------------------------------------- statements and their plans

interface Captured {
  text: string;
  values: unknown[];
}
let capturing: Captured[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string; values?: unknown[] };
  if (capturing) {
    const text = typeof q === 'string' ? q : (q.text ?? '');
    // drizzle passes the values beside the config: query({ text, rowMode, types }, values).
    const values = ((typeof q === 'string' ? undefined : q.values) ?? args[1]) as
      unknown[] | undefined;
    if (/^\s*(select|with)\b/i.test(text)) capturing.push({ text, values: values ?? [] });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

async function capture(run: () => Promise<unknown>): Promise<Captured[]> {
  capturing = [];
  try {
    await run();
    return capturing;
  } finally {
    capturing = null;
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Whether a plan reads only one merchant's rows of the per-merchant tables, and what it reads. */
function judge(root: PlanNode): { ok: boolean; reads: string[] } {
  const reads: string[] = [];
  let ok = true;
  const walk = (node: PlanNode, parentCond: string) => {
    const rel = node['Relation Name'];
    const cond = node['Index Cond'] ?? node['Recheck Cond'] ?? '';
    if (rel && PER_MERCHANT.has(rel)) {
      const type = node['Node Type'];
      const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
      const removed = node['Rows Removed by Filter'] ?? 0;
      let bad = type === 'Seq Scan';
      // orders must be found through merchant_id; the other tables through the order or its id.
      // (Or by its primary key: one row, the merchant checked on it.)
      const byKey = node['Index Name'] === 'orders_pkey';
      if (rel === 'orders' && !byKey && !`${cond} ${parentCond}`.includes('merchant_id'))
        bad = true;
      if (bad) ok = false;
      reads.push(
        `${bad ? '✗' : '✓'} ${type} on ${rel}${node['Index Name'] ? ` (${node['Index Name']})` : ''}: ` +
          `${rows} rows${removed ? `, ${removed} filtered out` : ''}`,
      );
    }
    // A Bitmap Heap Scan's condition is in its Bitmap Index Scan child; pass it down.
    for (const child of node.Plans ?? []) walk(child, cond);
  };
  walk(root, '');
  return { ok, reads };
}

async function explainAll(
  client: pg.Client,
  label: string,
  statements: Captured[],
): Promise<boolean> {
  let allOk = true;
  const seen = new Set<string>();
  for (const s of statements) {
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    // Only statements that read a per-merchant table (the merchant's own row by slug is one row).
    if (![...PER_MERCHANT].some((t) => s.text.includes(`"${t}"`) || s.text.includes(` ${t} `)))
      continue;
    const explain = async () => {
      const r = await client
        .query({ text: `explain (analyze, format json) ${s.text}`, values: s.values })
        .catch((err: unknown) => {
          throw new Error(`${String(err)} explaining ${JSON.stringify(s).slice(0, 3000)}`);
        });
      return (r.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })[
        'QUERY PLAN'
      ][0]!;
    };
    const plan = await explain();
    let v = judge(plan.Plan);
    let verdict = v.ok ? 'OK  ' : 'SCAN';
    if (!v.ok) {
      // On a small set one merchant can be a third of the table, and reading it whole is then the
      // planner's cheaper choice. Whether an index path exists: the same with sequential scans
      // priced out. A statement with none is still a SCAN; one with one is SMALL (shown below).
      await client.query('set enable_seqscan = off');
      const forced = judge((await explain()).Plan);
      await client.query('reset enable_seqscan');
      if (forced.ok) {
        verdict = 'SMALL';
        v = {
          ok: true,
          reads: [...v.reads, '  with sequential scans priced out:', ...forced.reads],
        };
      }
    }
    allOk &&= v.ok;
    console.log(
      `  ${verdict.padEnd(5)} ${label}: ${ms(plan['Execution Time'])} — ` +
        s.text.replace(/\s+/g, ' ').slice(0, 90),
    );
    for (const line of v.reads) console.log(`         ${line}`);
  }
  return allOk;
}

// ---------------------------------------------------------------- HTTP

class Client {
  readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let json: Record<string, unknown> | null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: res.status, body: json, bytes: text.length };
  }
}

async function timed(
  label: string,
  runs: number,
  once: (i: number) => Promise<{ status: number; bytes?: number }>,
  rows: string[],
) {
  for (let i = 0; i < Math.min(5, runs); i++) await once(i); // warm-up
  const times: number[] = [];
  const bad = new Map<number, number>();
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await once(i);
    times.push(performance.now() - t0);
    bytes = r.bytes ?? bytes;
    if (r.status >= 300) bad.set(r.status, (bad.get(r.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const errors = [...bad].map(([s, n]) => `${s} × ${n}`).join(', ') || '—';
  rows.push(
    `| ${label.padEnd(44)} | ${String(runs).padStart(4)} | ${ms(pct(times, 50)).padStart(9)} | ` +
      `${ms(pct(times, 95)).padStart(9)} | ${String(Math.round(bytes / 1024)).padStart(6)} KB | ${errors} |`,
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const log = pino({ level: 'warn' });
  const started = performance.now();
  let url: string;
  if (REUSE_URL) {
    url = REUSE_URL;
    console.log(`bench/scale — the generated set in SCALE_DATABASE_URL`);
  } else {
    const t = await throwawayDatabase(SERVER_URL);
    url = t.url;
    console.log(
      `bench/scale — ${MERCHANTS} merchants × ${DAYS} days into throwaway database ${t.name}`,
    );
  }
  const database = await openDatabase({ kind: 'pg', url, log });
  onShutdown(() => database.close());
  if (!REUSE_URL) {
    await runMigrations(database, url);
    const set = await generate(database.db, MERCHANTS, DAYS, console.log);
    console.log(
      `generated ${set.orders} orders and ${set.lines} lines in ${Math.round(set.ms / 1000)} s ` +
        `(${Math.round(set.orders / (set.ms / 1000))} orders/s), then ANALYZE`,
    );
  }
  const [size] = (
    await database.query(`select pg_size_pretty(pg_database_size(current_database())) as size,
      (select count(*) from orders) as orders, (select count(*) from merchants) as merchants`)
  ).rows as { size: string; orders: string; merchants: string }[];
  const [busiest] = (
    await database.query(`select m.merchant_id as slug, count(*) as n from orders o
      join merchants m on m.id = o.merchant_id group by m.merchant_id order by 2 desc limit 1`)
  ).rows as { slug: string; n: string }[];
  const slug = busiest!.slug;
  console.log(
    `set: ${size!.merchants} merchants, ${size!.orders} orders, database ${size!.size}; ` +
      `measured as ${slug} (${busiest!.n} orders, the busiest)\n`,
  );
  const ids = (
    await database.query(
      `select o.id, o.order_number from orders o join merchants m on m.id = o.merchant_id
       where m.merchant_id = $1 order by random() limit 200`,
      [slug],
    )
  ).rows as { id: string; order_number: number }[];
  const [{ latest } = { latest: 1 }] = (
    await database.query(
      `select max(order_number) as latest from orders o join merchants m on m.id = o.merchant_id
       where m.merchant_id = $1`,
      [slug],
    )
  ).rows as { latest: number }[];
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const monthAgo = day(new Date(today.getTime() - 29 * 86_400_000));
  const month = { range: 'custom' as const, from: monthAgo, to: day(today) };
  // The order board's default (issue 27): every status, the date range.
  const board = { status: 'all' as const, view: 'range' as const };

  // 1. Plans.
  console.log('plans (EXPLAIN ANALYZE of each statement; ✓ reads only this merchant’s rows):');
  const ctx = { db: database.db, clock: { now: () => new Date() } } as unknown as AppContext;
  const merchantUuid = (
    await database.query(`select id from merchants where merchant_id = $1`, [slug])
  ).rows[0]!.id as string;
  const cases: [string, () => Promise<unknown>][] = [
    ['list today', () => listOrders(ctx, slug, { ...board, range: 'today', limit: 50 })],
    ['list month', () => listOrders(ctx, slug, { ...board, ...month, limit: 50 })],
    [
      'list year, deep page',
      () =>
        listOrders(ctx, slug, {
          ...board,
          range: 'year',
          limit: 50,
          before: Math.ceil(latest / 2),
        }),
    ],
    [
      'board: Now view (open orders, any day)',
      () => listOrders(ctx, slug, { ...board, view: 'now', range: 'today', limit: 50 }),
    ],
    [
      'board: month, Done, search by name',
      () =>
        listOrders(ctx, slug, { ...month, status: 'done', view: 'range', q: 'Smith', limit: 50 }),
    ],
    [
      'search month (cash, not voided)',
      () =>
        queryOrders(ctx, slug, {
          dateRangeObj: month,
          queryObj: { paymentMethod: 'cash', hasVoid: false },
          limit: 50,
        }),
    ],
    [
      'search all (delivery)',
      () =>
        queryOrders(ctx, slug, {
          dateRangeObj: { range: 'all' },
          queryObj: { orderMethod: 'delivery' },
          limit: 50,
        }),
    ],
    ['report month', () => dailyReport(ctx, slug, month)],
    ['report year', () => dailyReport(ctx, slug, { range: 'year' })],
    ['sale detail', () => getOrder(ctx, slug, { id: ids[0]!.id })],
    ['order by number', () => getOrder(ctx, slug, { orderNumber: ids[1]!.order_number })],
    ['latest order', () => getLatestOrder(ctx, slug)],
    ['export, first page', () => exportOrdersPage(database.db, merchantUuid, null, 1000)],
    [
      'export, a later page',
      async () => {
        const first = await exportOrdersPage(database.db, merchantUuid, null, 1000);
        const last = first.at(-1)!;
        capturing = [];
        return exportOrdersPage(database.db, merchantUuid, { id: last.id as string }, 1000);
      },
    ],
  ];
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  onShutdown(() => explainer.end());
  let plansOk = true;
  for (const [label, run] of cases)
    plansOk = (await explainAll(explainer, label, await capture(run))) && plansOk;
  console.log(
    plansOk
      ? 'plan verdict: every statement reads only the merchant’s own rows (SMALL: the planner ' +
          'reads a table this small whole, and has an index path for a larger one)\n'
      : 'plan verdict: SOME STATEMENT SCANS OTHER MERCHANTS’ ROWS (marked ✗ above)\n',
  );

  // 2. The app over HTTP.
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-scale-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = spawnTsx('src/server/server.ts', [], {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_MULTIPLIER: '10000', // every request comes from 127.0.0.1
  });
  const base = `http://127.0.0.1:${port}`;
  await until('app', 180_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  });
  const merchant = new Client(base);
  const signIn = await merchant.call('POST', '/api/merchantUsers/merchantLogin', {
    merchantUserName: slug,
    merchantPassword: SCALE_PASSWORD,
  });
  if (signIn.status !== 200) throw new Error(`merchant sign-in ${signIn.status}`);
  const orders = `/api/orders7/merchantId/${slug}`;
  const q = (o: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(o).map(([k, v]): [string, string] => [
        k,
        typeof v === 'object' ? JSON.stringify(v) : String(v),
      ]),
    ).toString();
  const rows: string[] = [
    `| ${'read (HTTP, one at a time)'.padEnd(44)} | runs |       p50 |       p95 |    size   | errors |`,
    `| ${'-'.repeat(44)} | ---: | --------: | --------: | --------: | ------ |`,
  ];
  const get = (path: string) => () => merchant.call('GET', path);
  await timed(
    'order list, today (50 a page)',
    RUNS,
    get(`${orders}/orders?range=today&limit=50`),
    rows,
  );
  await timed(
    'order list, last 30 days (50 a page)',
    RUNS,
    get(`${orders}/orders?${q({ ...month, limit: 50 })}`),
    rows,
  );
  await timed(
    'order list, this year, a page deep in it',
    RUNS,
    (i) =>
      merchant.call(
        'GET',
        `${orders}/orders?${q({ range: 'year', limit: 50, before: Math.max(2, latest - 50 * (i % 100)) })}`,
      ),
    rows,
  );
  await timed(
    'search: 30 days, cash, not voided',
    RUNS,
    get(
      `${orders}/orders/query?${q({ dateRangeObj: month, queryObj: { paymentMethod: 'cash', hasVoid: false }, limit: 50 })}`,
    ),
    rows,
  );
  await timed(
    'search: all time, delivery',
    RUNS,
    get(
      `${orders}/orders/query?${q({ dateRangeObj: { range: 'all' }, queryObj: { orderMethod: 'delivery' }, limit: 50 })}`,
    ),
    rows,
  );
  await timed(
    'order by number',
    RUNS,
    (i) => merchant.call('GET', `${orders}/order/orderId/${ids[i % ids.length]!.order_number}`),
    rows,
  );
  await timed('daily report, last 30 days', RUNS, get(`${orders}/orders/daily?${q(month)}`), rows);
  await timed('daily report, this year', RUNS, get(`${orders}/orders/daily?range=year`), rows);
  await timed('daily report, all time', RUNS, get(`${orders}/orders/daily?range=all`), rows);
  await timed(
    'sale detail (order by _id)',
    RUNS,
    (i) => merchant.call('GET', `${orders}/order/_id/${ids[i % ids.length]!.id}`),
    rows,
  );
  await timed('latest order (the dashboard poll)', RUNS, get(`${orders}/latestOrder`), rows);

  // The storefront: menu and a signed-in diner's card pickup.
  const diner = new Client(base);
  await timed(
    'storefront: business info',
    RUNS,
    () => diner.call('GET', `/api/businessInfos/merchantId/${slug}/businessInfo`),
    rows,
  );
  await timed(
    'storefront: menu (all items)',
    RUNS,
    () => diner.call('GET', `/api/items7/merchantId/${slug}/items`),
    rows,
  );
  const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Passw0rdScale';
  await diner.call('POST', '/api/usersAuth/userRegister', {
    name: 'Scale Diner',
    email,
    password,
    confirmPassword: password,
  });
  const login = await diner.call('POST', '/api/usersAuth/userLogin', { email, password });
  if (login.status !== 200) throw new Error(`diner sign-in ${login.status}`);
  const uid = String((await diner.call('GET', '/api/users/cookie')).body?.uid);
  const items = orderable(
    (await diner.call('GET', `/api/items7/merchantId/${slug}/items`)).body as unknown as MenuItem[],
  );
  const lines = [simpleChoice(items[0]!), simpleChoice(items[1]!)];
  const cart = (what: string) => `/api/shoppingCarts/merchantId/${slug}/${what}/${uid}`;
  const checkout = {
    orderMethod: 'pickup',
    paymentMethod: 'creditcard',
    tip: { kind: 'percent', ratePpm: 150_000 },
    time: { kind: 'asap' },
    customerName: 'Scale Diner',
    phone: '3125550199',
  };
  let total = 0;
  const sendTimes: number[] = [];
  await timed(
    'checkout: add, checkout info, send order (card)',
    CHECKOUTS,
    async (n) => {
      const added = await diner.call('POST', cart('orderItems'), { orderItems: lines });
      if (added.status !== 200) return added;
      const info = await diner.call('PUT', cart('checkoutInfo'), checkout);
      if (info.status !== 200) return info;
      total = (info.body?.amounts as { totalCents: number }).totalCents;
      const t0 = performance.now();
      const sent = await diner.call('POST', cart('sendOrder'), {
        idempotencyKey: `scale-${n}-${randomBytes(4).toString('hex')}`,
        checkout: { ...checkout, card: CARD },
        expectedTotalCents: total,
      });
      sendTimes.push(performance.now() - t0);
      return sent.status === 200 && sent.body?.state === 'placed'
        ? sent
        : { status: sent.status === 200 ? 599 : sent.status };
    },
    rows,
  );
  sendTimes.sort((a, b) => a - b);
  console.log(rows.join('\n'));
  console.log(
    `send order alone: p50 ${ms(pct(sendTimes, 50))}, p95 ${ms(pct(sendTimes, 95))} ` +
      `(${sendTimes.length} orders; a 599 in the table is an answer that was not "placed")`,
  );
  console.log('target (issue 31): each merchant read p95 < 100 ms\n');

  // 3. The whole export, streamed: this process's RSS while it runs.
  let bytes = 0;
  const sink = () =>
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    });
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const exported = await exportMerchantOrders(ctx, slug, { json: sink(), csv: sink() });
  const exportMs = performance.now() - t0;
  clearInterval(sampler);
  console.log(
    `export of ${slug}: ${exported} orders, ${mb(bytes)} of JSON lines and CSV in ` +
      `${(exportMs / 1000).toFixed(1)} s; RSS ${mb(rssStart)} at the start, peak ${mb(rssPeak)}, ` +
      `end ${mb(process.memoryUsage().rss)}`,
  );
  console.log(`\nbench/scale done in ${Math.round((performance.now() - started) / 1000)} s`);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => shutdown());
