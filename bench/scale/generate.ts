// bench/scale: fills a PostgreSQL database with N merchants and D days of their orders (issue 31,
// "a year of orders"). Every merchant is the demo store's settings and menu (no images) under
// its own id `scale-001`…, password SCALE_PASSWORD, in one of four US time zones; its orders are
// written by PostgreSQL itself (INSERT … SELECT over generate_series, one statement per merchant
// and table), so 2 million orders take minutes, not hours.
//
// The mix, per merchant: 20–90 orders a day (the merchant's own level, ±40 % from day to day,
// Fridays and Saturdays busier), placed between 10:30 and 21:30 local time; pickup 50 %,
// delivery 25 %, dine-in 15 %, curbside 10 %; card 70 % (captured through the sandbox, a sale
// transaction with brand and last four) and cash 30 %; 80 % of card orders tipped 10–20 %;
// 2 % voided (card voided at the gateway), 1 % cancelled; orders before today completed, today's
// placed or accepted; 1–3 lines an order summing to the subtotal; tax 8.875 %, delivery fee
// $2.99. Order numbers and daily numbers are gapless in placing order, and the merchant's
// counters continue after them, so the app places the next order as it would.
//
// Used by bench/scale/run.ts; on its own:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/forkful_scale npx tsx bench/scale/generate.ts 100 365
// (the database must exist and be empty; it is migrated first).
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { demoMerchant } from '../../src/server/db/seed/merchants.js';
import { demoMenu } from '../../src/server/db/seed/data/demo-menu.js';
import { seedMerchant } from '../../src/server/db/seed/seed.js';

export const SCALE_PASSWORD = 'ScaleBench31';
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const countOf = (result: unknown) => (result as { rowCount: number | null }).rowCount ?? 0;

export const scaleMerchantId = (i: number) => `scale-${String(i + 1).padStart(3, '0')}`;

export interface GeneratedSet {
  merchants: number;
  days: number;
  orders: number;
  lines: number;
  ms: number;
}

/** Seeds the merchants and writes their orders; `log` receives progress lines. */
export async function generate(
  db: Db,
  merchants: number,
  days: number,
  log: (line: string) => void = () => {},
): Promise<GeneratedSet> {
  const t0 = performance.now();
  for (let i = 0; i < merchants; i++) {
    await seedMerchant(
      db,
      {
        ...demoMerchant,
        merchantId: scaleMerchantId(i),
        name: `Scale Kitchen ${i + 1}`,
        email: `${scaleMerchantId(i)}@scale.example`,
        password: SCALE_PASSWORD,
        timeZone: ZONES[i % ZONES.length]!,
      },
      demoMenu,
      { images: false },
    );
  }
  log(`  ${merchants} merchants seeded (${Math.round(performance.now() - t0)} ms)`);

  let orders = 0;
  let lines = 0;
  for (let i = 0; i < merchants; i++) {
    const slug = scaleMerchantId(i);
    const m = rowsOf<{ id: string; timeZone: string }>(
      await db.execute(
        sql`select id, time_zone as "timeZone" from merchants where merchant_id = ${slug}`,
      ),
    )[0];
    const level = 20 + ((i * 37) % 71); // the merchant's usual orders a day, 20–90
    const inserted = await db.execute(sql`
      with days as (
        select d, ((now() at time zone ${m!.timeZone})::date - ${days - 1}::int + d) as day
        from generate_series(0, ${days - 1}) as d
      ),
      counts as (
        select day,
          greatest(1, round(${level} * (0.6 + 0.8 * random())
            * case extract(isodow from day) when 5 then 1.3 when 6 then 1.4 else 1 end))::int as n
        from days
      ),
      raw as (
        select day, j, n, random() as r_state, random() as r_method, random() as r_pay,
          random() as r_tip, (800 + floor(random() * 5200))::int as subtotal,
          ((day + time '10:30' + (j - 1 + random()) * (interval '11 hours' / n))
            at time zone ${m!.timeZone}) as placed_at
        from counts, generate_series(1, n) as j
      ),
      shaped as (
        select *,
          case when r_pay < 0.7 then 'creditcard' else 'cash' end as pay,
          case when r_method < 0.5 then 'pickup' when r_method < 0.75 then 'delivery'
               when r_method < 0.9 then 'dinein' else 'curbside' end as method,
          round(subtotal * 0.08875)::int as tax
        from raw where placed_at < now()
      ),
      priced as (
        select *,
          case when pay = 'creditcard' and r_tip < 0.8
               then round(subtotal * (0.10 + r_tip / 8))::int else 0 end as tips,
          case when method = 'delivery' then 299 else 0 end as fee,
          case when r_state < 0.02 then 'voided' when r_state < 0.03 then 'cancelled'
               when day < (now() at time zone ${m!.timeZone})::date then 'completed'
               when r_state < 0.5 then 'placed' else 'accepted' end as st
        from shaped
      ),
      numbered as (
        select *, row_number() over (order by placed_at) as num,
          row_number() over (partition by day order by placed_at) as daily
        from priced
      )
      insert into orders (merchant_id, state, order_number, daily_order_number, business_date,
        placed_at, created_at, updated_at, anon_user_id, idempotency_key, order_method,
        payment_method, paid, has_void, payment_provider, payment_status, transaction_id,
        subtotal_cents, tax_cents, tips_cents, delivery_fee_cents, total_cents, customer_name,
        customer_email, phone, customer_addr_str, has_been_read, has_printed_to_kitchen,
        dinein_table_name)
      select ${m!.id}::uuid, st, num, daily, day, placed_at, placed_at - interval '40 seconds',
        placed_at, 'scale-diner-' || (num % 997), 'scale-' || num, method, pay,
        pay = 'creditcard', st = 'voided', case when pay = 'creditcard' then 'sandbox' end,
        case when pay = 'cash' then 'none' when st in ('voided', 'cancelled') then 'voided'
          else 'captured' end,
        case when pay = 'creditcard' then gen_random_uuid() end,
        subtotal, tax, tips, fee, subtotal + tax + tips + fee,
        (array['Ana Lima','Ben Okafor','Chen Wei','Dana Kowalski','Eli Cohen','Fatima Noor',
               'Gus Ortega','Hana Sato','Ivan Petrov','Jo Mensah'])[1 + num % 10],
        case when num % 3 = 0 then 'diner' || (num % 997) || '@example.com' else '' end,
        '312555' || lpad((num % 10000)::text, 4, '0'),
        case when method = 'delivery' then (100 + num % 900) || ' Centre Street, New York, NY 10013' else '' end,
        true, true, case when method = 'dinein' then 'T' || (1 + num % 12) end
      from numbered`);
    orders += countOf(inserted);

    // 1–3 lines an order, summing to its subtotal.
    const lineRows = await db.execute(sql`
      insert into order_lines (order_id, sort_order, name, unit_price_cents, quantity,
        line_total_cents)
      select o.id, s,
        (array['Kung Pao Chicken','Mapo Tofu','Dan Dan Noodles','Fried Rice','Spring Rolls',
               'Hot and Sour Soup','Beef Chow Fun','Sesame Chicken'])[1 + (abs(hashtext(o.id::text)) + s) % 8],
        case when s < k then o.subtotal_cents / k else o.subtotal_cents - (k - 1) * (o.subtotal_cents / k) end,
        1,
        case when s < k then o.subtotal_cents / k else o.subtotal_cents - (k - 1) * (o.subtotal_cents / k) end
      from orders o
      cross join lateral (select 1 + abs(hashtext(o.id::text)) % 3 as k) kk
      cross join lateral generate_series(1, kk.k) as s
      where o.merchant_id = ${m!.id}::uuid`);
    lines += countOf(lineRows);

    // The card orders' sale at the sandbox gateway (the order's transaction_id points at it).
    await db.execute(sql`
      insert into payment_transactions (id, merchant_id, order_id, provider, operation, status,
        amount_cents, tip_cents, retref, auth_code, card_last4, card_brand, card_expiry,
        created_at, updated_at)
      select o.transaction_id, o.merchant_id, o.id, 'sandbox', 'sale', 'approved', o.total_cents,
        o.tips_cents, 'R' || o.order_number, 'A' || (o.order_number % 100000),
        lpad((o.order_number % 10000)::text, 4, '0'),
        (array['visa','mastercard','discover'])[1 + o.order_number % 3], '12/30',
        o.placed_at, o.placed_at
      from orders o
      where o.merchant_id = ${m!.id}::uuid and o.transaction_id is not null`);

    // The counters continue after the generated orders.
    await db.execute(sql`
      insert into merchant_counters (merchant_id, last_order_number, business_date, last_daily_number)
      select ${m!.id}::uuid, coalesce(max(order_number), 0),
        (now() at time zone ${m!.timeZone})::date,
        coalesce(max(daily_order_number) filter (
          where business_date = (now() at time zone ${m!.timeZone})::date), 0)
      from orders where merchant_id = ${m!.id}::uuid
      on conflict (merchant_id) do update set last_order_number = excluded.last_order_number,
        business_date = excluded.business_date, last_daily_number = excluded.last_daily_number`);

    if ((i + 1) % Math.max(1, Math.ceil(merchants / 10)) === 0 || i === merchants - 1)
      log(
        `  ${i + 1}/${merchants} merchants: ${orders} orders, ${lines} lines ` +
          `(${Math.round((performance.now() - t0) / 1000)} s)`,
      );
  }
  await db.execute(sql`analyze`);
  return { merchants, days, orders, lines, ms: performance.now() - t0 };
}

// Run on its own: generate into the (empty) database of DATABASE_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the empty database to fill');
  const merchants = Number(process.argv[2] ?? 100);
  const days = Number(process.argv[3] ?? 365);
  const database = await openDatabase({ kind: 'pg', url, log: pino({ level: 'warn' }) });
  await runMigrations(database, url);
  const set = await generate(database.db, merchants, days, console.log);
  console.log(`${set.orders} orders, ${set.lines} lines in ${Math.round(set.ms / 1000)} s`);
  await database.close();
}
