// Column helpers shared by the table definitions.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  integer,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (images, encrypted credentials). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A reference to the row this one belongs to: required, and deleted with it. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** A menu entry's place and names: position, name and second-language name (spec §3). */
export const menuEntry = () => ({
  sortOrder: integer('sort_order').notNull().default(0),
  name: text('name').notNull(),
  name2: text('name_2nd').notNull().default(''),
});

/** A menu price in cents: 0 to $99,999.00. */
export const priceRange = (table: string, priceCents: AnyPgColumn) =>
  check(`${table}_price_range`, sql`${priceCents} >= 0 and ${priceCents} <= 9999900`);
