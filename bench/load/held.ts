// bench/load, the held case (issue 24): one app instance holding open live streams (the demo
// store's 8 dashboards and diners' order pages, 4 per order) and stalled connections (a cart
// add's headers and 10 of its 5000 bytes, then nothing; each one cut off by the request time-out
// is opened again at once, as an attacker would), while diners keep placing orders and reading
// the menu. It prints, per level, how many of each the instance holds and what the diners get.
//
//   npm run bench:load:held
//   BENCH_DATABASES=postgres DATABASE_URL=postgres://user@host:5432/postgres npm run bench:load:held
//
// Knobs: BENCH_DATABASES (pglite,postgres), BENCH_LEVELS (streams:stalled pairs, default
// 0:0,250:250,500:500,600:1000), BENCH_DURATION (seconds per level, default 15), BENCH_DINERS
// (placing orders at once, default 4), BENCH_READERS (menu readers at once, default 4). The
// app's own settings (LOAD_SHED_*, HTTP_*, LIVE_STREAMS_MAX_DINER) pass through.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
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
delete process.env.DATABASE_URL;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .map((s) => s.trim());
const LEVELS = (process.env.BENCH_LEVELS ?? '0:0,250:250,500:500,600:1000').split(',').map((p) => {
  const [streams, stalled] = p.split(':').map(Number);
  if (!Number.isInteger(streams) || !Number.isInteger(stalled))
    throw new Error('BENCH_LEVELS: streams:stalled pairs, e.g. 0:0,500:500');
  return { streams: streams!, stalled: stalled! };
});
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const DINERS = Number(process.env.BENCH_DINERS ?? 4);
const READERS = Number(process.env.BENCH_READERS ?? 4);
const MERCHANT = 'demo';
const DASHBOARDS = 8; // the store's cap (ORDER_STREAMS_PER_MERCHANT)
const PAGES_PER_ORDER = 4; // PLACED_ORDER_STREAMS_PER_ORDER
const CARD = {
  cardNumber: '4111111111111111',
  cvv: '123',
  expiry: '12/30',
  billingStreet: '1 Main St',
  billingZip: '10013',
};

interface App {
  base: string;
  port: number;
  pid: number;
  stop: () => Promise<void>;
}

/** The real app (src/server/server.ts through tsx, production mode, demo seeded explicitly). */
async function startApp(database: string): Promise<App> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'forkful-bench-held-'));
  onShutdown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_MULTIPLIER: '10000', // every diner is 127.0.0.1
  };
  if (database === 'postgres') env.DATABASE_URL = (await throwawayDatabase(SERVER_URL)).url;
  const app = spawnTsx('src/server/server.ts', [], env);
  const base = `http://127.0.0.1:${port}`;
  await until('app', 180_000, async () => {
    if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  });
  // Production seeds the demo with a generated password, printed once at start: the dashboards'.
  const password = new RegExp(`id "${MERCHANT}", password "([^"]+)"`).exec(app.output())?.[1];
  if (password) demoPassword = password;
  return {
    base,
    port,
    pid: app.child.pid!,
    stop: async () => {
      if (app.child.exitCode !== null) return;
      const exited = new Promise((r) => app.child.once('exit', r));
      app.child.kill('SIGTERM');
      await exited;
    },
  };
}
let demoPassword = '';

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

/** A cookie jar per client, and a JSON call that retries a 503 as the web client would. */
class Client {
  readonly jar = new Map<string, string>();
  uid = '';
  constructor(private readonly base: string) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** One call; `patient` waits as told and tries again while the app sheds load (set-up only). */
  async call(method: string, path: string, body?: unknown, patient = false) {
    for (let attempt = 1; ; attempt++) {
      const r = await this.once(method, path, body);
      if (!patient || r.status !== 503 || attempt >= 30) return r;
      await new Promise((res) => setTimeout(res, 2000));
    }
  }
  private async once(method: string, path: string, body?: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body: json };
  }
}

async function customer(base: string, tag: string): Promise<Client> {
  const c = new Client(base);
  const email = `held-${tag}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Passw0rdHeld';
  const reg = await c.call(
    'POST',
    '/api/usersAuth/userRegister',
    { name: `Held ${tag}`, email, password, confirmPassword: password },
    true,
  );
  if (reg.status !== 201) throw new Error(`register ${reg.status}`);
  if ((await c.call('POST', '/api/usersAuth/userLogin', { email, password }, true)).status !== 200)
    throw new Error('sign-in');
  c.uid = String((await c.call('GET', '/api/users/cookie', undefined, true)).body?.uid);
  return c;
}

/** One pickup order paid by card: its id, the send's time, or the failing status. */
async function placeOrder(c: Client, lines: unknown[], n: number) {
  const cart = (what: string) => `/api/shoppingCarts/merchantId/${MERCHANT}/${what}/${c.uid}`;
  const added = await c.call('POST', cart('orderItems'), { orderItems: lines });
  if (added.status !== 200) return { status: added.status, step: 'add' };
  const checkout = {
    orderMethod: 'pickup',
    paymentMethod: 'creditcard',
    tip: { kind: 'percent', ratePpm: 100_000 },
    time: { kind: 'asap' },
    customerName: 'Held Diner',
    phone: String(2125550000 + (n % 9999)),
  };
  const info = await c.call('PUT', cart('checkoutInfo'), checkout);
  if (info.status !== 200) return { status: info.status, step: 'info' };
  const t0 = performance.now();
  const sent = await c.call('POST', cart('sendOrder'), {
    idempotencyKey: `held-${n}-${randomBytes(4).toString('hex')}`,
    checkout: { ...checkout, card: CARD },
    expectedTotalCents: (info.body?.amounts as { totalCents: number }).totalCents,
  });
  const ms = performance.now() - t0;
  if (sent.status !== 200 || sent.body?.state !== 'placed')
    return { status: sent.status, step: 'send' };
  return { status: 200, id: String(sent.body._id), ms };
}

/** An open event stream that is read and thrown away; its answer's status. */
async function openStream(url: string, cookie = '') {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie }, signal: controller.signal }).catch(
    () => undefined,
  );
  // No answer at all (connection refused or reset, on a starved machine): counted as status 0.
  if (!res) return { status: 0, close: () => controller.abort() };
  if (res.status === 200 && res.body)
    void (async () => {
      try {
        for await (const _ of res.body!) void _;
      } catch {
        // closed by the bench
      }
    })();
  else await res.arrayBuffer();
  return { status: res.status, close: () => controller.abort() };
}

/** `count` stalled cart adds, each opened again as soon as the server cuts it off. */
function stallConnections(port: number, c: Client, count: number) {
  const sockets = new Set<Socket>();
  let stopped = false;
  let cutOff = 0;
  /** How the server ended the cut-off ones: "408", "503"… or "none" (closed without answer). */
  const endings = new Map<string, number>();
  const one = () => {
    if (stopped) return;
    const s = connect(port, '127.0.0.1', () =>
      s.write(
        `POST /api/shoppingCarts/merchantId/${MERCHANT}/orderItems/${c.uid} HTTP/1.1\r\n` +
          `Host: 127.0.0.1\r\nCookie: ${c.cookie}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 5000\r\n\r\n{"orderIte`,
      ),
    );
    sockets.add(s);
    let status = 'none';
    s.on('data', (d) => {
      status = /^HTTP\/1\.1 (\d{3})/.exec(String(d))?.[1] ?? status;
    });
    s.on('error', () => {});
    s.on('close', () => {
      sockets.delete(s);
      if (stopped) return;
      cutOff++;
      endings.set(status, (endings.get(status) ?? 0) + 1);
      one();
    });
  };
  for (let i = 0; i < count; i++) one();
  return {
    get open() {
      return sockets.size;
    },
    get cutOff() {
      return cutOff;
    },
    get endings() {
      return [...endings].map(([k, v]) => `${k}×${v}`).join(' ') || '—';
    },
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;
const tally = (m: Map<number | string, number>) =>
  [...m]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');

async function measure(database: string) {
  const app = await startApp(database);
  console.log(`\n${database}: app ready at ${app.base}`);
  const open: { close: () => void }[] = [];
  const stalls: { stop: () => void }[] = [];
  try {
    const menuReader = new Client(app.base);
    const items = orderable(
      (await menuReader.call('GET', `/api/items7/merchantId/${MERCHANT}/items`, undefined, true))
        .body as unknown as MenuItem[],
    );
    const lines = [simpleChoice(items[0]!), simpleChoice(items[1]!)];
    const diners = await Promise.all(
      Array.from({ length: DINERS }, (_, i) => customer(app.base, `d${i}`)),
    );
    const attacker = await customer(app.base, 'stall');
    const merchant = new Client(app.base);
    const signIn = await merchant.call(
      'POST',
      '/api/merchantUsers/merchantLogin',
      { merchantUserName: MERCHANT, merchantPassword: demoPassword },
      true,
    );
    const merchantCookie = merchant.cookie;
    if (signIn.status !== 200) console.log(`  dashboard sign-in ${signIn.status}: no dashboards`);

    // Orders for the order pages: enough for the largest level.
    const most = Math.max(...LEVELS.map((l) => l.streams));
    const orderIds: string[] = [];
    let n = 0;
    while (orderIds.length * PAGES_PER_ORDER < most - DASHBOARDS) {
      const batch = await Promise.all(diners.map((d) => placeOrder(d, lines, n++)));
      for (const r of batch) if (r.id) orderIds.push(r.id);
    }

    console.log(
      '  streams held (dash+pages; refused)  stalled held (cut off: by answer)  orders  orders/s  send p50  send p99  flows refused (step status)  menu 200  menu 503  RSS     app CPU',
    );
    for (const level of LEVELS) {
      // Streams: the dashboards first, then order pages 4 per order.
      const statuses = new Map<number, number>();
      const want = level.streams;
      const dash = Math.min(DASHBOARDS, want);
      const opened = await Promise.all([
        ...Array.from({ length: signIn.status === 200 ? dash : 0 }, () =>
          openStream(
            `${app.base}/api/orders7/merchantId/${MERCHANT}/orders/stream`,
            merchantCookie,
          ),
        ),
        ...Array.from({ length: Math.max(0, want - dash) }, (_, i) =>
          openStream(
            `${app.base}/api/orderPlaced/merchantId/${MERCHANT}/order/_id/${orderIds[Math.floor(i / PAGES_PER_ORDER) % orderIds.length]}/stream`,
          ),
        ),
      ]);
      for (const s of opened) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
      open.push(...opened);
      const stall = stallConnections(app.port, attacker, level.stalled);
      stalls.push(stall);
      await new Promise((r) => setTimeout(r, 1000));

      const sends: number[] = [];
      /** Flows that failed, by step (add line, checkout info, send) and status. */
      const sendRefused = new Map<string, number>();
      const menu = new Map<number, number>();
      const end = Date.now() + DURATION * 1000;
      const cpu0 = cpuSeconds(app.pid);
      const t0 = Date.now();
      await Promise.all([
        ...diners.map(async (d) => {
          while (Date.now() < end) {
            const r = await placeOrder(d, lines, n++);
            if (r.ms !== undefined) sends.push(r.ms);
            else {
              const key = `${r.step} ${r.status}`;
              sendRefused.set(key, (sendRefused.get(key) ?? 0) + 1);
            }
          }
        }),
        ...Array.from({ length: READERS }, async () => {
          while (Date.now() < end) {
            const res = await fetch(`${app.base}/api/items7/merchantId/${MERCHANT}/items`, {
              headers: { 'accept-encoding': 'br' },
            });
            await res.arrayBuffer();
            menu.set(res.status, (menu.get(res.status) ?? 0) + 1);
          }
        }),
      ]);
      const seconds = (Date.now() - t0) / 1000;
      const appCpu = (cpuSeconds(app.pid) - cpu0) / seconds;
      sends.sort((a, b) => a - b);
      const refused = [...statuses].filter(([st]) => st !== 200).map(([st, v]) => `${st}×${v}`);
      const held = `${statuses.get(200) ?? 0} (${signIn.status === 200 ? dash : 0}+${(statuses.get(200) ?? 0) - (signIn.status === 200 ? dash : 0)}; ${refused.join(' ') || '—'})`;
      console.log(
        `  ${String(level.streams).padStart(4)} → ${held.padEnd(24)} ${String(level.stalled).padStart(4)} → ${String(stall.open).padStart(4)} (${stall.cutOff}: ${stall.endings})`.padEnd(
          68,
        ) +
          `${String(sends.length).padStart(6)}  ${(sends.length / seconds).toFixed(1).padStart(8)}  ${percentile(sends, 50).toFixed(0).padStart(5)} ms  ${percentile(sends, 99).toFixed(0).padStart(5)} ms  ${(tally(sendRefused) || '—').padStart(12)}  ${String(menu.get(200) ?? 0).padStart(8)}  ${String(menu.get(503) ?? 0).padStart(8)}  ${rssMb(app.pid).toFixed(0)} MB  ${(appCpu * 100).toFixed(0)} %`,
      );
      stall.stop();
      for (const s of open.splice(0)) s.close();
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    // Whatever happened, the stalled connections stop reopening and the streams close: else the
    // app could never finish closing.
    for (const st of stalls) st.stop();
    for (const o of open.splice(0)) o.close();
    await app.stop();
  }
}

async function main() {
  console.log(
    `bench/load held — ${DINERS} diners placing card pickup orders and ${READERS} menu readers for ${DURATION} s per level, while the instance holds open streams and stalled connections (loopback only; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`,
  );
  const settings = Object.entries(process.env).filter(
    ([k]) => k.startsWith('LOAD_SHED_') || k.startsWith('HTTP_') || k === 'LIVE_STREAMS_MAX_DINER',
  );
  if (settings.length)
    console.log(`  app settings: ${settings.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  for (const d of DATABASES) await measure(d);
  console.log(`  machine load after: ${loadavg()[0]!.toFixed(2)}`);
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(shutdown);
