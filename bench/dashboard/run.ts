// bench/dashboard: the merchant's Orders pane with 5,000 orders in its default range (Today). The
// list loads a capped page at a time into a virtualised list; the bench prints the time to the
// list's first row on screen and the time from an order's placement to its bell modal (target
// < 1 s; the spec's latestOrder poll alone takes up to 10 s). Starts the *built* app (run
// `npm run build` first) on a throwaway database of the PostgreSQL server in DATABASE_URL.
// Then the Menu pane with its menu grown to 500 items (menu-pane.ts): the long tasks while it
// opens and filters (aim: under 100 ms). Then the Orders pane (orders-pane.ts, issue 27): the long
// tasks while it opens, its status filter switches and a search runs (aim: under 100 ms each), and
// a second app instance on the same database: the time from an order placed on it to its row on
// the board served by the first (target < 1 s). A benchmark, not a test: it asserts nothing. See
// bench/README.md.
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboard
//
// Knobs: BENCH_RUNS (page loads and bells, 1–20, default 5), BENCH_SCROLL_PAGES (pages loaded by
// scrolling the list, 0–50, default 5), CHROME_PATH (default /usr/bin/chromium).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Request, type Response } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { smallMenu } from '../../src/server/db/seed/data/small-menu.js';
import { demoMerchant } from '../../src/server/db/seed/merchants.js';
import { seedMerchant } from '../../src/server/db/seed/seed.js';
import { findMerchantBySlug } from '../../src/server/modules/merchants/merchants.repository.js';
import { type MenuItem, orderable, simpleChoice } from '../lib/menu-choice.js';
import { growMenu, MENU_ITEMS, measureMenuPane } from './menu-pane.js';
import { measureOrdersPane } from './orders-pane.js';
import {
  freePort,
  onShutdown,
  root,
  shutdown,
  spawnNode,
  throwawayDatabase,
  until,
} from '../lib/processes.js';

const ORDERS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCROLL_PAGES = Number(process.env.BENCH_SCROLL_PAGES ?? 5);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
  // The bell is on without a click, as for a merchant whose browser allows sound.
  '--autoplay-policy=no-user-gesture-required',
];
const MERCHANT = 'bench-dashboard';
const TARGET_BELL_MS = 1000;
const serverUrl = process.env.DATABASE_URL;

if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (bench/README.md)');
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 20) throw new Error('BENCH_RUNS must be 1–20');
if (!Number.isInteger(SCROLL_PAGES) || SCROLL_PAGES < 0 || SCROLL_PAGES > 50)
  throw new Error('BENCH_SCROLL_PAGES must be 0–50');

const allDay = [{ open: 0, close: 1440 }];
const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Migrates the database and seeds one merchant, open around the clock, with 5,000 orders today. */
async function seed(url: string, password: string) {
  const database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'warn' }) });
  try {
    await runMigrations(database, url);
    await seedMerchant(
      database.db,
      {
        ...demoMerchant,
        merchantId: MERCHANT,
        password,
        // Open all week, so a diner can always order (the demo has a Wednesday break).
        businessHours: Object.fromEntries(days.map((d) => [d, allDay])),
        homePageNotice: '',
      },
      smallMenu,
      { images: false },
    );
    const merchant = (await findMerchantBySlug(database.db, MERCHANT))!;
    const tz = merchant.timeZone;
    const t0 = performance.now();
    // Spread over the merchant-local day so far, numbered in time order as placement numbers them.
    await database.db.execute(sql`
      with b as (
        select (date_trunc('day', now() at time zone ${tz}) at time zone ${tz}) as start,
               now() - interval '1 second' as stop,
               (now() at time zone ${tz})::date as today)
      insert into orders (merchant_id, state, order_number, daily_order_number, business_date,
        placed_at, anon_user_id, idempotency_key, order_method, payment_method, paid,
        payment_status, has_been_read, customer_name, phone, subtotal_cents, tax_cents,
        tips_cents, processing_fee_cents, delivery_fee_cents, total_cents)
      select ${merchant.id}, 'placed', i, i, b.today,
        b.start + (b.stop - b.start) * (i::float8 / ${ORDERS + 1}), 'bench', 'bench-' || i,
        case when i % 3 = 0 then 'delivery' else 'pickup' end,
        case when i % 2 = 0 then 'cash' else 'creditcard' end, i % 2 = 1,
        case when i % 2 = 1 then 'captured' else 'none' end, true, 'Bench Diner ' || i,
        '212555' || lpad((i % 10000)::text, 4, '0'), 1000 + i % 997, 70 + i % 7, i % 500, 30,
        case when i % 3 = 0 then 299 else 0 end,
        1000 + i % 997 + 70 + i % 7 + i % 500 + 30 + case when i % 3 = 0 then 299 else 0 end
      from generate_series(1, ${ORDERS}) as i, b`);
    // One line each: the list's page reads its orders' lines too.
    await database.db.execute(sql`
      insert into order_lines (order_id, sort_order, name, unit_price_cents, quantity,
        line_total_cents)
      select id, 0, 'Kung Pao Chicken', subtotal_cents, 1, subtotal_cents
      from orders where merchant_id = ${merchant.id}`);
    // The next placed order continues the numbers, as if these had been placed through the app.
    await database.db.execute(sql`
      update merchant_counters set last_order_number = ${ORDERS},
        last_daily_number = ${ORDERS}, business_date = (now() at time zone ${tz})::date
      where merchant_id = ${merchant.id}`);
    await database.db.execute(sql`analyze orders`);
    await database.db.execute(sql`analyze order_lines`);
    return { tz, insertMs: performance.now() - t0 };
  } finally {
    await database.close();
  }
}

/** The built server (dist/) on a free port against the seeded database. */
async function startApp(url: string): Promise<string> {
  for (const built of ['dist/node/server/server.js', 'dist/web/index.html']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-dashboard-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const app = spawnNode('dist/node/server/server.js', {
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    // Every call comes from 127.0.0.1: send order alone allows 10 a minute per address.
    RATE_LIMIT_MULTIPLIER: '100',
  });
  await until('app', 120_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${app.output()}`);
  });
  return base;
}

// ------------------------------------------------------------------------------- the diner

/** A diner's cookies, sent back on every call (Secure ones too: this is http on loopback). */
class Diner {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Registered and signed in (no phone code needed), with the cart's anonymous id. */
  async signUp(runId: string): Promise<string> {
    const email = `bench-dashboard-${runId}@example.com`;
    const password = 'Passw0rdBench';
    const reg = await this.call('POST', '/api/usersAuth/userRegister', {
      name: 'Bench Diner',
      email,
      password,
      confirmPassword: password,
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await this.call('POST', '/api/usersAuth/userLogin', { email, password });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
    const cookie = await this.call('GET', '/api/users/cookie');
    if (cookie.status !== 200) throw new Error(`cookie: ${cookie.status}`);
    return cookie.body.uid as string;
  }
}

const cartPath = (what: string, uid: string) =>
  `/api/shoppingCarts/merchantId/${MERCHANT}/${what}/${uid}`;

let orderSeq = 0;

/** A pickup order paid in cash, as the checkout sends it; resolves when sendOrder has answered. */
async function placeOrder(diner: Diner, uid: string, line: unknown): Promise<number> {
  const added = await diner.call('POST', cartPath('orderItems', uid), { orderItems: [line] });
  if (added.status !== 200) throw new Error(`add line ${added.status} ${added.body?.message}`);
  const checkout = {
    orderMethod: 'pickup',
    paymentMethod: 'cash',
    tip: { kind: 'percent', ratePpm: 0 },
    time: { kind: 'asap' },
    customerName: `Bell Diner ${++orderSeq}`,
    phone: '2125550199',
  };
  const info = await diner.call('PUT', cartPath('checkoutInfo', uid), checkout);
  if (info.status !== 200) throw new Error(`checkout info ${info.status} ${info.body?.message}`);
  const sent = await diner.call('POST', cartPath('sendOrder', uid), {
    idempotencyKey: `bench-dashboard-${orderSeq}-${randomBytes(4).toString('hex')}`,
    checkout,
    expectedTotalCents: info.body.amounts.totalCents,
  });
  const at = Date.now();
  if (sent.status !== 200 || sent.body?.state !== 'placed')
    throw new Error(`send order ${sent.status} ${sent.body?.message ?? sent.body?.state}`);
  return at;
}

// ------------------------------------------------------------------------------- the page

declare const window: { __benchFirstRow?: number; __benchDialog?: number };

/**
 * In the page: the time (ms since navigation start) of the first frame after the list's first row
 * is in the DOM (a mutation observer, then a frame and a task: the row has been painted).
 */
const FIRST_ROW_SCRIPT = `(() => {
  const seen = () => document.querySelector('ul[aria-label="Orders in range"] > li');
  const obs = new MutationObserver(() => {
    if (!seen()) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__benchFirstRow = performance.now(); }));
  });
  obs.observe(document, { childList: true, subtree: true });
})();`;

/**
 * In the page: when the bell modal is next painted, as epoch ms (the page's clock, so the bench
 * can set it against the sendOrder answer without Playwright's polling in between).
 */
const DIALOG_SCRIPT = `(() => {
  let pending = false;
  new MutationObserver(() => {
    if (pending || window.__benchDialog !== undefined) return;
    if (!document.querySelector('.new-order-modal')) return;
    pending = true;
    requestAnimationFrame(() => setTimeout(() => {
      window.__benchDialog = performance.timeOrigin + performance.now();
      pending = false;
    }));
  }).observe(document.body, { childList: true, subtree: true });
})();`;

const ROWS = 'ul[aria-label="Orders in range"] > li';

/** The list's requests (GET …/orders, one per capped page) and the orders they brought, from now. */
function listRequests(page: Page) {
  let count = 0;
  let stream = false;
  const bodies: Promise<number>[] = [];
  const isList = (url: string) => new URL(url).pathname.endsWith(`/merchantId/${MERCHANT}/orders`);
  const onRequest = (r: Request) => {
    if (r.method() === 'GET' && isList(r.url())) count++;
  };
  const onResponse = (r: Response) => {
    if (r.ok() && new URL(r.url()).pathname.endsWith('/orders/stream')) stream = true;
    if (r.request().method() !== 'GET' || !isList(r.url())) return;
    bodies.push(
      r.json().then(
        (b: { orders?: unknown[] }) => b.orders?.length ?? 0,
        () => 0,
      ),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    count: () => count,
    stream: () => stream,
    orders: async () => (await Promise.all(bodies)).reduce((n, k) => n + k, 0),
    stop: () => {
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
/** The dashboard's tab, to say what it showed when a run fails. */
let shownPage: Page | undefined;
/** The tab's failed calls (status ≥ 400 or no answer), the last few, for the same message. */
const failures: string[] = [];

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  console.log(`bench/dashboard — Orders pane with ${ORDERS} orders today, Chromium at ${CHROME}`);
  const { name, url } = await throwawayDatabase(serverUrl!);
  const password = `Bench-${randomBytes(9).toString('base64url')}`;
  const seeded = await seed(url, password);
  console.log(
    `database: throwaway ${name} on the PostgreSQL server (dropped at the end); merchant ` +
      `${MERCHANT} (${seeded.tz}), ${ORDERS} orders placed today inserted in ${ms(seeded.insertMs)}`,
  );
  // The Menu pane's items go in before the app starts: the app caches the menu it reads.
  const added = await growMenu(url, MERCHANT);
  const base = await startApp(url);
  console.log(`app: ${base} (dist/, NODE_ENV=production, LOG_LEVEL=warn)`);
  console.log(`machine load average before: ${load()}`);

  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  onShutdown(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: FIRST_ROW_SCRIPT });
  const page = await context.newPage();
  shownPage = page;
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) =>
    failures.push(`${r.failure()?.errorText ?? 'failed'} ${r.method()} ${r.url()}`),
  );
  const dashboard = `${base}/merchant/merchantId/${MERCHANT}`;

  // Sign in through the form; landing on the dashboard is the warm-up load (not counted).
  await page.goto(`${base}/merchant/login`);
  await page.getByLabel('Merchant ID').fill(MERCHANT);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(dashboard);
  await page.locator(ROWS).first().waitFor();

  // ---- first paint of the list
  console.log(
    `\nlist first paint: ${RUNS} loads of ${dashboard} (range Today, the pane's default), ` +
      'signed in, browser cache warm',
  );
  const painted: number[] = [];
  const seenByPlaywright: number[] = [];
  let rowsInDom = 0;
  let requests = 0;
  let firstPageOrders = 0;
  let totalShown = '';
  for (let i = 1; i <= RUNS; i++) {
    const counter = listRequests(page);
    await page.goto(dashboard, { waitUntil: 'commit' });
    await page.locator(ROWS).first().waitFor();
    const seen = await page.evaluate(() => performance.now());
    // Where the time goes: the first page's request in the page's resource timing.
    const asked = await page.evaluate(`(() => {
      const e = performance.getEntriesByType('resource')
        .find((r) => new URL(r.name).pathname.endsWith('/orders'));
      return e ? [e.startTime, e.responseEnd] : null;
    })()`);
    const [askedAt = NaN, answeredAt = NaN] = (asked as number[] | null) ?? [];
    const first = await page
      .waitForFunction(() => window.__benchFirstRow, undefined, { timeout: 10_000 })
      .then((h) => h.jsonValue() as Promise<number>);
    // Let the pane settle: a list that fetched more pages on its own would show here.
    await page.waitForTimeout(1000);
    rowsInDom = await page.locator(ROWS).count();
    requests = counter.count();
    firstPageOrders = await counter.orders();
    totalShown = (await page.getByTestId('total-orders').textContent()) ?? '';
    counter.stop();
    painted.push(first);
    seenByPlaywright.push(seen);
    console.log(
      `  run ${i}  first row painted ${ms(first)}  (seen by Playwright ${ms(seen)}; ` +
        `first page asked at ${ms(askedAt)}, answered at ${ms(answeredAt)})  ` +
        `list requests ${requests} (${firstPageOrders} orders), rows in the DOM ${rowsInDom}`,
    );
  }
  console.log(
    `  median ${ms(median(painted))}, max ${ms(Math.max(...painted))} ` +
      `(Playwright: median ${ms(median(seenByPlaywright))}, max ${ms(Math.max(...seenByPlaywright))})`,
  );
  console.log(`  the pane's Orders total: ${totalShown}`);

  // ---- scrolling: each page is loaded when the list nears its end
  if (SCROLL_PAGES > 0) {
    const counter = listRequests(page);
    const pageTimes: number[] = [];
    const list = page.locator('.order-list');
    for (let i = 0; i < SCROLL_PAGES; i++) {
      const next = page.waitForResponse(
        (r) => new URL(r.url()).pathname.endsWith('/orders') && r.url().includes('before='),
        { timeout: 10_000 },
      );
      const t0 = Date.now();
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await next;
      pageTimes.push(Date.now() - t0);
      // The list grows once the page is in; scroll again only then.
      await page.waitForTimeout(300);
    }
    const loaded = firstPageOrders + (await counter.orders());
    console.log(
      `\nscrolled to the list's end ${SCROLL_PAGES}×: ${counter.count()} more list requests, ` +
        `${loaded} orders loaded in all, ${await page.locator(ROWS).count()} rows in the DOM; ` +
        `scroll to the next page's answer median ${ms(median(pageTimes))}, ` +
        `max ${ms(Math.max(...pageTimes))}`,
    );
    counter.stop();
  }

  // ---- the bell
  const diner = new Diner(base);
  const uid = await diner.signUp(randomBytes(3).toString('hex'));
  const items = await (await fetch(`${base}/api/items7/merchantId/${MERCHANT}/items`)).json();
  const item = orderable(items as MenuItem[])[0];
  if (!item) throw new Error(`${MERCHANT} has no orderable item`);
  const line = simpleChoice(item);

  const counter = listRequests(page);
  await page.goto(dashboard);
  await page.locator(ROWS).first().waitFor();
  // The order stream connects after the first paint; give it a moment, as a merchant's open page has.
  await page.waitForTimeout(1000);
  await page.evaluate(DIALOG_SCRIPT);
  console.log(
    `\nbell: ${RUNS} orders placed through the API by a signed-in diner (pickup, cash, ${item.name}); ` +
      `from sendOrder's answer (Date.now() in the bench) to the "New order" dialog visible ` +
      `(Playwright's waitFor, then Date.now()); in brackets, to the dialog's first frame by the ` +
      `page's clock. Order stream connected: ${counter.stream() ? 'yes' : 'no'}`,
  );
  counter.stop();
  const modal = page.getByRole('dialog', { name: 'New order' });
  const bells: number[] = [];
  const inPage: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    await page.evaluate(() => {
      window.__benchDialog = undefined;
    });
    const shown = modal.waitFor({ timeout: 30_000 }).then(() => Date.now());
    const placedAt = await placeOrder(diner, uid, line);
    const bell = (await shown) - placedAt;
    const painted = await page
      .waitForFunction(() => window.__benchDialog, undefined, { timeout: 10_000 })
      .then((h) => (h.jsonValue() as Promise<number>).then((t) => t - placedAt));
    const figures = `${ms(bell)}  (${ms(painted)} in the page)`;
    if (i === 0) console.log(`  warm-up ${figures} (not counted)`);
    else {
      bells.push(bell);
      inPage.push(painted);
      console.log(`  run ${i}  ${figures}`);
    }
    await modal.getByRole('button', { name: 'Dismiss' }).click();
    await modal.waitFor({ state: 'hidden' });
    // Let the list's refresh after the new order finish before the next one.
    await page.waitForTimeout(500);
  }
  const bellMax = Math.max(...bells);
  console.log(
    `  median ${ms(median(bells))}, max ${ms(bellMax)}  ` +
      `(in the page: median ${ms(median(inPage))}, max ${ms(Math.max(...inPage))})`,
  );

  // ---- two instances on one database: placed on B, on the board served by A
  const baseB = await startApp(url);
  const dinerB = new Diner(baseB);
  // A freshly started instance on a busy machine may shed its first calls (503): ask again.
  let uidB = '';
  for (let attempt = 1; !uidB; attempt++) {
    try {
      uidB = await dinerB.signUp(randomBytes(3).toString('hex'));
    } catch (err) {
      if (attempt >= 5) throw err;
      console.log(`  (second instance: sign-up attempt ${attempt} refused, asking again in 2 s)`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  await page.goto(dashboard);
  await page.locator(ROWS).first().waitFor();
  await page.waitForTimeout(1000);
  console.log(
    `\ntwo instances: a second app (${baseB}) on the same database; ${RUNS} orders placed there ` +
      `by a signed-in diner; from its sendOrder answer to the order's row in the list served by ` +
      `the first instance (Playwright's waitFor, then Date.now())`,
  );
  const across: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const placedAt = await placeOrder(dinerB, uidB, line);
    const name = new RegExp(`Bell Diner ${orderSeq}\\b`);
    await page.locator(ROWS).filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
    const took = Date.now() - placedAt;
    if (i === 0) console.log(`  warm-up ${ms(took)} (not counted)`);
    else {
      across.push(took);
      console.log(`  run ${i}  ${ms(took)}`);
    }
    if (await modal.isVisible()) {
      await modal.getByRole('button', { name: 'Dismiss' }).click();
      await modal.waitFor({ state: 'hidden' });
    }
    await page.waitForTimeout(500);
  }
  const acrossMax = Math.max(...across);
  console.log(`  median ${ms(median(across))}, max ${ms(acrossMax)}`);

  console.log(`\nthe Menu pane with ${MENU_ITEMS} items`);
  console.log(`  ${added} items added to the menu before the app started (its menu cache)`);
  await page.reload();
  const menu = await measureMenuPane(page, RUNS, (line) => console.log(line));
  const worst = Math.max(...menu.open, ...menu.search, ...menu.category);

  console.log(`\nthe Orders pane with ${ORDERS} orders today (the board)`);
  const board = await measureOrdersPane(page, RUNS, 'Bench Diner 4321', (l) => console.log(l));
  const stat = (xs: number[]) =>
    xs.length ? `median ${ms(median(xs))}, max ${ms(Math.max(...xs))}` : 'skipped';

  console.log(`\nmachine load average after: ${load()}`);
  console.log('targets');
  console.log(
    `  Menu pane < 100 ms of long tasks to open and to filter: open median ` +
      `${ms(median(menu.open))}, search median ${ms(median(menu.search))}, category median ` +
      `${ms(median(menu.category))}; worst ${ms(worst)} ${worst < 100 ? 'met' : 'MISSED'} ` +
      `(blocking time at most ${ms(menu.blockingMax)})`,
  );
  console.log(
    `  bell < ${TARGET_BELL_MS / 1000} s in every run: max ${ms(bellMax)} ` +
      `${bellMax < TARGET_BELL_MS ? 'met' : 'MISSED'} (the spec's poll alone: up to 10 s)`,
  );
  console.log(
    `  Orders pane < 100 ms of long tasks: open ${stat(board.open)}; status filter ` +
      `${stat(board.filter)}; search ${stat(board.search)} (blocking time at most ` +
      `${ms(board.blockingMax)})`,
  );
  for (const why of board.skipped) console.log(`    ${why}`);
  console.log(
    `  new order on the board < ${TARGET_BELL_MS / 1000} s across two instances: max ` +
      `${ms(acrossMax)} ${acrossMax < TARGET_BELL_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  list first paint (no target set): median ${ms(median(painted))}; ` +
      `${rowsInDom} rows in the DOM of ${ORDERS} orders, ${requests} list request(s) per load`,
  );
}

main()
  .catch(async (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
    const text = await shownPage?.evaluate('document.body.innerText').catch(() => undefined);
    if (shownPage && typeof text === 'string')
      console.error(`the dashboard's tab (${shownPage.url()}) showed:\n${text.slice(0, 2000)}`);
    if (failures.length) console.error(`its failed calls:\n${failures.slice(-10).join('\n')}`);
  })
  .finally(shutdown);
