// bench/reports: the time of a month's daily report (GET .../orders/daily, its SQL and shaping)
// over 50,000 orders of one merchant on a PostgreSQL server (issue 12, target p95 < 100 ms).
// A throwaway database on the server in DATABASE_URL: migrated, one merchant seeded, 50,000
// orders inserted (one every 10 minutes over about a year, 2 % voided, card and cash), then the
// report of the last 30 days and of the year is run BENCH_RUNS times each and the times printed.
// A benchmark, not a test: it asserts nothing. See bench/README.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../src/server/app-context.js';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { sunriseMerchant } from '../../src/server/db/seed/merchants.js';
import { smallMenu } from '../../src/server/db/seed/data/small-menu.js';
import { seedMerchant } from '../../src/server/db/seed/seed.js';
import { findMerchantBySlug } from '../../src/server/modules/merchants/merchants.repository.js';
import { dailyReport } from '../../src/server/modules/merchant-reports/merchant-reports.service.js';
import { onShutdown, shutdown, throwawayDatabase } from '../lib/processes.js';

const ORDERS = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (bench/README.md)');

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const { name, url } = await throwawayDatabase(serverUrl!);
  const log = pino({ level: 'warn' });
  const database = await openDatabase({ kind: 'pg', url, log });
  onShutdown(() => database.close());
  await runMigrations(database, url);
  const merchantId = 'bench-reports';
  await seedMerchant(database.db, { ...sunriseMerchant, merchantId }, smallMenu, { images: false });
  const merchant = (await findMerchantBySlug(database.db, merchantId))!;

  const t0 = performance.now();
  await database.db.execute(sql`
    insert into orders (merchant_id, state, order_number, daily_order_number, business_date,
      placed_at, anon_user_id, idempotency_key, order_method, payment_method, paid, has_void,
      payment_status, subtotal_cents, tax_cents, tips_cents, discount_cents, processing_fee_cents,
      delivery_fee_cents, total_cents)
    select ${merchant.id}, case when i % 50 = 0 then 'voided' else 'placed' end, i, i,
      (now() - i * interval '10 minutes')::date, now() - i * interval '10 minutes', 'bench',
      'bench-' || i, case when i % 3 = 0 then 'delivery' else 'pickup' end,
      case when i % 2 = 0 then 'cash' else 'creditcard' end, i % 2 = 1, i % 50 = 0,
      case when i % 2 = 1 then 'captured' else 'none' end, 1000 + i % 997, 70 + i % 7,
      i % 500, i % 3 * 100, 30, case when i % 3 = 0 then 299 else 0 end,
      1000 + i % 997 + 70 + i % 7 + i % 500 - i % 3 * 100 + 30 + case when i % 3 = 0 then 299 else 0 end
    from generate_series(1, ${ORDERS}) as i`);
  await database.db.execute(sql`analyze orders`);
  console.log(
    `bench/reports — PostgreSQL server, throwaway database ${name}\n` +
      `${ORDERS} orders of one merchant inserted in ${Math.round(performance.now() - t0)} ms ` +
      `(${merchant.timeZone})\n`,
  );

  const ctx = { db: database.db, clock: { now: () => new Date() } } as unknown as AppContext;
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const cases = [
    {
      label: 'last 30 days',
      query: { range: 'custom' as const, from: day(monthAgo), to: day(today) },
    },
    { label: 'this year', query: { range: 'year' as const } },
    { label: 'all period', query: { range: 'all' as const } },
  ];
  for (const c of cases) {
    for (let i = 0; i < 10; i++) await dailyReport(ctx, merchantId, c.query); // warm up
    const times: number[] = [];
    let rows = 0;
    let orders = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const r = await dailyReport(ctx, merchantId, c.query);
      times.push(performance.now() - s);
      rows = r.rows.length;
      orders = r.total.orders;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${c.label.padEnd(13)} ${String(rows).padStart(3)} days, ${String(orders).padStart(5)} orders: ` +
        `p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  ` +
        `max ${times.at(-1)!.toFixed(1)} ms  (${RUNS} runs)`,
    );
  }
  console.log('\ntarget: last 30 days p95 < 100 ms');
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => shutdown());
