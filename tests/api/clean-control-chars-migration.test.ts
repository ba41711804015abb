// Migration 0011 (issue 24): rows stored before the door refused control and bidi characters are
// cleaned by the same rule as the renderers' stripControlCharacters: one-line fields lose them
// (tab, CR, LF, CRLF becoming a space), multi-line fields keep tab and LF (CRLF → LF); strings
// inside jsonb columns too. Dirty rows are written straight to the database, then the migration's
// SQL runs again over them, on PGlite and on the PostgreSQL server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripControlCharacters } from '../../src/domain/validation/text-characters.js';
import type { App } from '../../src/server/app.js';
import { migrationsFolder } from '../../src/server/lib/paths.js';
import { cartPath, menuOf, newDiner, simpleChoice } from '../support/diner.js';
import { createCustomer, createMerchant } from '../support/fixtures.js';
import { placeTestOrder } from '../support/orders.js';
import { createTestApp } from '../support/test-app.js';

const ONE_LINE = 'A\u001b[31mB\u0007\tC\r\nD\u202eE\u2066F\u007f\rG';
const MULTI_LINE = 'Line one\r\nLine two\tend\u0007\rX\u202e\u2069\u001b\n';
const ONE_LINE_CLEAN = 'A[31mB C DEF G';
const MULTI_LINE_CLEAN = 'Line one\nLine two\tendX\n';

/** Every text column the migration cleans, by table, with whether it is multi-line. */
const TEXT_COLUMNS: Record<string, { one: string[]; multi: string[] }> = {
  merchants: {
    one: ['name', 'phone', 'email', 'web_site', 'branch_name'],
    multi: ['description', 'home_page_notice', 'order_preparing_notice', 'dinein_notice'],
  },
  printers: { one: ['name'], multi: ['description'] },
  categories: { one: ['name', 'name_2nd'], multi: ['description'] },
  items: { one: ['name', 'name_2nd', 'size_alias'], multi: ['description'] },
  item_sizes: { one: ['name', 'name_2nd'], multi: [] },
  option_groups: { one: ['name', 'name_2nd'], multi: [] },
  option_values: { one: ['name', 'name_2nd'], multi: [] },
  customer_info_submissions: { one: ['fname', 'lname', 'email', 'phone', 'address'], multi: [] },
  customers: {
    one: ['name', 'order_name', 'order_address', 'order_phone', 'order_zipcode'],
    multi: [],
  },
  carts: { one: ['promo_code'], multi: [] },
  cart_lines: { one: [], multi: ['note'] },
  order_lines: { one: ['name', 'name_2nd', 'size_name', 'size_name_2nd'], multi: ['note'] },
  orders: {
    one: [
      'dinein_table_name',
      'promo_code',
      'customer_name',
      'customer_email',
      'phone',
      'customer_addr_str',
      'car_make_model',
      'car_color',
      'room_service_room',
      'schedule_date',
      'schedule_time_str',
    ],
    multi: ['delivery_note'],
  },
};

let t: App;
/** One row of each table, by its id. */
const rowOf: Record<string, string> = {};
const outboxKeys = { pending: '', sent: '' };

const q = async <T = Record<string, unknown>>(text: string): Promise<T[]> =>
  ((await t.ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const json = (v: unknown) => `${lit(JSON.stringify(v))}::jsonb`;

async function runMigration() {
  const file = readFileSync(join(migrationsFolder, '0011_clean_control_chars.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await t.ctx.db.execute(sql.raw(statement));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMerchant(t.ctx.db);
  const mid = lit(m.id);
  const firstOf = async (table: string, where: string) =>
    (await q<{ id: string }>(`select id from ${table} where ${where} order by id limit 1`))[0]!.id;
  rowOf.merchants = m.id;
  rowOf.printers = await firstOf('printers', `merchant_id = ${mid}`);
  rowOf.categories = await firstOf('categories', `merchant_id = ${mid}`);
  rowOf.items = await firstOf('items', `merchant_id = ${mid}`);
  const itemIds = `(select id from items where merchant_id = ${mid})`;
  rowOf.item_sizes = await firstOf('item_sizes', `item_id in ${itemIds}`);
  rowOf.option_groups = await firstOf('option_groups', `item_id in ${itemIds}`);
  rowOf.option_values = await firstOf(
    'option_values',
    `option_group_id in (select id from option_groups where item_id in ${itemIds})`,
  );
  rowOf.customers = (await createCustomer(t.ctx.db)).id;
  rowOf.customer_info_submissions = (
    await q<{ id: string }>(
      `insert into customer_info_submissions (merchant_id, fname, lname, email, phone, address)
       values (${mid}, 'a', 'b', 'c@example.com', '5551234567', '1 Main St') returning id`,
    )
  )[0]!.id;

  const d = await newDiner(t.app);
  const [item] = await menuOf(t.app, m.merchantId);
  await d.call('POST', cartPath(m.merchantId, 'orderItems', d.uid), {
    orderItems: [simpleChoice(item!)],
  });
  rowOf.carts = await firstOf('carts', `anon_user_id = ${lit(d.uid)}`);
  rowOf.cart_lines = await firstOf('cart_lines', `cart_id = ${lit(rowOf.carts)}`);
  const placed = await placeTestOrder(t.ctx, m.merchantId);
  rowOf.orders = placed.orderId;
  rowOf.order_lines = await firstOf('order_lines', `order_id = ${lit(placed.orderId)}`);

  // Dirty every text column, and the strings inside the jsonb columns.
  for (const [table, { one, multi }] of Object.entries(TEXT_COLUMNS)) {
    const sets = [
      ...one.map((c) => `${c} = ${lit(ONE_LINE)}`),
      ...multi.map((c) => `${c} = ${lit(MULTI_LINE)}`),
    ];
    await q(`update ${table} set ${sets.join(', ')} where id = ${lit(rowOf[table]!)}`);
  }
  await q(
    `update merchants set
       address = ${json({ street: ONE_LINE, city: 'Chicago', state: 'IL', postalCode: '60601' })},
       order_promotions = ${json([{ amountCents: 100, freeItemNames: [ONE_LINE] }])},
       customer_info_collect = ${json({ enabled: true, noticeMsg: MULTI_LINE, recevingEmail: [], subject: ONE_LINE })}
     where id = ${mid}`,
  );
  await q(
    `update categories set promo_method = ${json({ name: ONE_LINE, type: 'MEET_X_MINUS_Y', x: 1, y: 1 })}
     where id = ${lit(rowOf.categories!)}`,
  );
  await q(
    `update carts set checkout_info = checkout_info || ${json({ customerName: ONE_LINE, deliveryNote: MULTI_LINE, time: { kind: 'asap' } })}
     where id = ${lit(rowOf.carts!)}`,
  );
  await q(
    `update order_lines set options = ${json([{ name: ONE_LINE, name2: '', priceCents: 50 }])}
     where id = ${lit(rowOf.order_lines!)}`,
  );
  // Dine-in table names are unique per store: "T1␇" and "T1‮" both clean to "T1", and "T2␇"
  // to the "T2" that exists.
  await q(`insert into dinein_tables (merchant_id, name) values
    (${mid}, ${lit('T1\u0007')}), (${mid}, ${lit('T1\u202e')}),
    (${mid}, 'T2'), (${mid}, ${lit('T2\u0007')})`);

  // A queued e-mail still to go, and one already delivered.
  const email = { to: ['a@example.com'], subject: ONE_LINE, text: MULTI_LINE, purpose: 'receipt' };
  outboxKeys.pending = `0011-pending-${m.id}`;
  outboxKeys.sent = `0011-sent-${m.id}`;
  await q(`insert into outbox (kind, message_key, payload, status) values
    ('email', ${lit(outboxKeys.pending)}, ${json(email)}, 'pending'),
    ('email', ${lit(outboxKeys.sent)}, ${json(email)}, 'sent')`);

  await runMigration();
});
afterAll(() => t.app.close());

describe('migration 0011_clean_control_chars', () => {
  it('the rule it applies is the renderers’ rule', () => {
    expect(stripControlCharacters(ONE_LINE)).toBe(ONE_LINE_CLEAN);
    expect(stripControlCharacters(MULTI_LINE, { multiLine: true })).toBe(MULTI_LINE_CLEAN);
  });

  it.each(Object.entries(TEXT_COLUMNS))('cleans every text column of %s', async (table, cols) => {
    const [row] = await q(`select * from ${table} where id = ${lit(rowOf[table]!)}`);
    for (const c of cols.one) expect(row![c], `${table}.${c}`).toBe(ONE_LINE_CLEAN);
    for (const c of cols.multi) expect(row![c], `${table}.${c}`).toBe(MULTI_LINE_CLEAN);
  });

  it('cleans the strings inside jsonb columns, keeping their shape and other values', async () => {
    const [m] = await q<Record<string, never>>(
      `select address, order_promotions, customer_info_collect from merchants where id = ${lit(rowOf.merchants!)}`,
    );
    expect(m!.address).toEqual({
      street: ONE_LINE_CLEAN,
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
    });
    expect(m!.order_promotions).toEqual([{ amountCents: 100, freeItemNames: [ONE_LINE_CLEAN] }]);
    expect(m!.customer_info_collect).toEqual({
      enabled: true,
      noticeMsg: MULTI_LINE_CLEAN,
      recevingEmail: [],
      subject: ONE_LINE_CLEAN,
    });
    const [c] = await q<{ promo_method: { name: string; x: number } }>(
      `select promo_method from categories where id = ${lit(rowOf.categories!)}`,
    );
    expect(c!.promo_method).toMatchObject({ name: ONE_LINE_CLEAN, x: 1 });
    const [cart] = await q<{ checkout_info: Record<string, unknown> }>(
      `select checkout_info from carts where id = ${lit(rowOf.carts!)}`,
    );
    expect(cart!.checkout_info).toMatchObject({
      customerName: ONE_LINE_CLEAN,
      deliveryNote: MULTI_LINE_CLEAN,
      time: { kind: 'asap' },
    });
    const [line] = await q<{ options: unknown }>(
      `select options from order_lines where id = ${lit(rowOf.order_lines!)}`,
    );
    expect(line!.options).toEqual([{ name: ONE_LINE_CLEAN, name2: '', priceCents: 50 }]);
  });

  it('cleans the messages still to be sent, not the record of those sent', async () => {
    const payloadOf = async (key: string) =>
      (
        await q<{ payload: unknown }>(`select payload from outbox where message_key = ${lit(key)}`)
      )[0]!.payload;
    expect(await payloadOf(outboxKeys.pending)).toEqual({
      to: ['a@example.com'],
      subject: ONE_LINE_CLEAN,
      text: MULTI_LINE_CLEAN,
      purpose: 'receipt',
    });
    expect(await payloadOf(outboxKeys.sent)).toMatchObject({ subject: ONE_LINE, text: MULTI_LINE });
  });

  it('cleans a unique name only where the clean name is free, and never fails', async () => {
    const names = (
      await q<{ name: string }>(
        `select name from dinein_tables where merchant_id = ${lit(rowOf.merchants!)} and name like 'T_%'`,
      )
    ).map((r) => r.name);
    // One of the two T1 rows (the first by id) became T1; the other, and T2␇, stay as they were.
    expect(names.filter((n) => n === 'T1' || n === 'T2')).toHaveLength(2);
    expect(names.filter((n) => n === 'T1\u0007' || n === 'T1\u202e')).toHaveLength(1);
    expect(names).toContain('T2\u0007');
    expect(names).toHaveLength(4);
  });

  it('leaves clean rows alone and can run again', async () => {
    const before = await q(`select xmin::text as v from orders where id <> ${lit(rowOf.orders!)}`);
    await runMigration();
    const after = await q(`select xmin::text as v from orders where id <> ${lit(rowOf.orders!)}`);
    expect(after).toEqual(before);
  });
});
