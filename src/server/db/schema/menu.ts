// The menu: categories, items, sizes, option groups and option values (spec §3).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PromoMethod, WeeklyHours } from '../../../domain/settings/schemas.js';
import { createdAt, id, menuEntry, ownedBy, priceRange, updatedAt } from './columns.js';
import { images, merchants, printers } from './merchants.js';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    merchantId: ownedBy('merchant_id', () => merchants.id),
    seedKey: text('seed_key'),
    ...menuEntry(),
    description: text('description').notNull().default(''),
    /** When set, items of the category are orderable only in these periods. */
    availableHour: jsonb('available_hour').$type<WeeklyHours>(),
    promoMethod: jsonb('promo_method').$type<PromoMethod>(),
    unavailableForBranch: boolean('unavailable_for_branch').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_seed_key').on(t.merchantId, t.seedKey),
    index('categories_merchant_sort').on(t.merchantId, t.sortOrder),
  ],
);

export const items = pgTable(
  'items',
  {
    id: id(),
    merchantId: ownedBy('merchant_id', () => merchants.id),
    categoryId: ownedBy('category_id', () => categories.id),
    /** sortOrder is the spec's item_order_id: position within the category. */
    ...menuEntry(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    rawSign: boolean('raw_sign').notNull().default(false),
    spicySign: boolean('spicy_sign').notNull().default(false),
    veganSign: boolean('vegan_sign').notNull().default(false),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    soldout: boolean('soldout').notNull().default(false),
    sizeAlias: text('size_alias').notNull().default(''),
    availableHour: jsonb('available_hour').$type<WeeklyHours>(),
    /**
     * When the merchant deleted it (issue 12). A deleted item leaves the menu but keeps its row, so
     * a diner's cart line for it still shows its name, marked unavailable, instead of vanishing.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('items_merchant_category_sort').on(t.merchantId, t.categoryId, t.sortOrder),
    priceRange('items', t.priceCents),
  ],
);

/** Which printers an item prints on (the spec's _idPrinters). */
export const itemPrinters = pgTable(
  'item_printers',
  {
    itemId: ownedBy('item_id', () => items.id),
    printerId: ownedBy('printer_id', () => printers.id),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.printerId] })],
);

export const itemSizes = pgTable(
  'item_sizes',
  {
    id: id(),
    itemId: ownedBy('item_id', () => items.id),
    ...menuEntry(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    index('item_sizes_item').on(t.itemId, t.sortOrder),
    priceRange('item_sizes', t.priceCents),
  ],
);

/** An item's option group; bounds as in spec §5 (min/max when given, else numberToSelect, 0 = any). */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: id(),
    itemId: ownedBy('item_id', () => items.id),
    ...menuEntry(),
    numberToSelect: integer('number_to_select').notNull().default(0),
    minNumberToSelect: integer('min_number_to_select'),
    maxNumberToSelect: integer('max_number_to_select'),
    required: boolean('required').notNull().default(false),
  },
  (t) => [
    index('option_groups_item').on(t.itemId, t.sortOrder),
    check(
      'option_groups_bounds',
      sql`${t.numberToSelect} >= 0 and coalesce(${t.minNumberToSelect}, 0) >= 0 and (${t.maxNumberToSelect} is null or ${t.maxNumberToSelect} >= coalesce(${t.minNumberToSelect}, 0))`,
    ),
  ],
);

export const optionValues = pgTable(
  'option_values',
  {
    id: id(),
    optionGroupId: ownedBy('option_group_id', () => optionGroups.id),
    ...menuEntry(),
    priceCents: integer('price_cents').notNull().default(0),
  },
  (t) => [
    index('option_values_group').on(t.optionGroupId, t.sortOrder),
    priceRange('option_values', t.priceCents),
  ],
);
