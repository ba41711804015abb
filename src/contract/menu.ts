// The menu as the API shows it at the spec's /api/categories7 and /api/items7 paths, in the
// spec's field names (including `discription`); money in cents.
import { z } from 'zod';
import type { MenuItemForChoice } from '../domain/options/item-choice.js';
import { promoMethodSchema, weeklyHoursSchema } from '../domain/settings/schemas.js';
import { merchantParams, merchantRecordParams } from './common.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

import { MAX_ITEMS } from './menu-limits.js';

export { FIRST_ITEMS_PAGE, MAX_ITEMS } from './menu-limits.js';

export const categoryView = z.object({
  _id: z.string(),
  name: z.string(),
  name_2nd: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  availableHour: weeklyHoursSchema.nullable(),
  promoMethod: promoMethodSchema.nullable(),
  unavailableForBranch: z.boolean(),
});
export type CategoryView = z.infer<typeof categoryView>;

export const optionValueView = z.object({
  _id: z.string(),
  name: z.string(),
  name_2nd: z.string(),
  priceCents: z.number().int(),
});

export const optionGroupView = z.object({
  _id: z.string(),
  name: z.string(),
  name_2nd: z.string(),
  numberToSelect: z.number().int(),
  minNumberToSelect: z.number().int().nullable(),
  maxNumberToSelect: z.number().int().nullable(),
  required: z.boolean(),
  itemOption_order_id: z.number().int(),
  optionValues: z.array(optionValueView),
});

export const sizeView = z.object({
  _id: z.string(),
  name: z.string(),
  name_2nd: z.string(),
  priceCents: z.number().int(),
});

/** An item as stored: what the cart prices against. */
export const itemView = z.object({
  _id: z.string(),
  _idCategory: z.string(),
  item_order_id: z.number().int(),
  /** The printers it prints on, by id: the authority (checklist E3.30). */
  _idPrinters: z.array(z.string()),
  /** The spec's single printer: the first of `_idPrinters`, null when none (E3.30). */
  _idPrinter: z.string().nullable(),
  name: z.string(),
  name_2nd: z.string(),
  discription: z.string(),
  priceCents: z.number().int(),
  raw_sign: z.boolean(),
  spicy_sign: z.boolean(),
  vegan_sign: z.boolean(),
  imgUrl: z.string().nullable(),
  soldout: z.boolean(),
  size_alias: z.string(),
  availableHour: weeklyHoursSchema.nullable(),
  size: z.array(sizeView),
  options: z.array(optionGroupView),
});
export type ItemView = z.infer<typeof itemView>;

/** A menu item as the domain's choice rules want it (the server's check and the item modal's). */
export function itemForChoice(item: ItemView): MenuItemForChoice {
  return {
    priceCents: item.priceCents,
    soldOut: item.soldout,
    sizes: item.size.map((s) => ({ id: s._id, name: s.name, priceCents: s.priceCents })),
    options: item.options.map((g) => ({
      id: g._id,
      name: g.name,
      numberToSelect: g.numberToSelect,
      minNumberToSelect: g.minNumberToSelect,
      maxNumberToSelect: g.maxNumberToSelect,
      values: g.optionValues.map((v) => ({ id: v._id, name: v.name, priceCents: v.priceCents })),
    })),
  };
}

/**
 * An item as a diner reads it: the stored item plus whether it can be ordered now. Sold-out items
 * and items outside their own or their category's available hours (merchant time zone) are
 * listed, marked `available: false` with the spec's note, never hidden.
 */
export const publicItemView = itemView.extend({
  available: z.boolean(),
  unavailableNote: z.string().nullable(),
});
export type PublicItemView = z.infer<typeof publicItemView>;

/** The menu grouped by category (spec items_category): each category with its items. */
export const menuGroupView = categoryView.extend({ items: z.array(publicItemView) });
export type MenuGroupView = z.infer<typeof menuGroupView>;

const errors = { 400: errorBody, 404: errorBody };
const categories = '/api/categories7/merchantId/:merchantId';
const items = '/api/items7/merchantId/:merchantId';

export const listCategories = defineRoute('GET', categories, {
  tags: ['menu'],
  params: merchantParams,
  response: { 200: z.array(categoryView), ...errors },
});

export const getCategory = defineRoute('GET', `${categories}/_id/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: categoryView, ...errors },
});

export const listItems = defineRoute('GET', `${items}/items`, {
  tags: ['menu'],
  params: merchantParams,
  response: { 200: z.array(publicItemView), ...errors },
});

/** The first n items: the store page paints the top of the menu while the full list loads. */
export const listFirstItems = defineRoute('GET', `${items}/limit/:n/items`, {
  tags: ['menu'],
  params: merchantParams.extend({ n: z.coerce.number().int().min(1).max(MAX_ITEMS) }),
  response: { 200: z.array(publicItemView), ...errors },
});

export const getItem = defineRoute('GET', `${items}/item/_id/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: publicItemView, ...errors },
});

export const listCategoryItems = defineRoute('GET', `${items}/items/_idCategory/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: z.array(publicItemView), ...errors },
});

export const listMenuGroups = defineRoute('GET', `${items}/items_category`, {
  tags: ['menu'],
  params: merchantParams,
  response: { 200: z.array(menuGroupView), ...errors },
});

export const getMenuGroup = defineRoute('GET', `${items}/items_category/_idCategory/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: z.array(menuGroupView), ...errors },
});

/** One item's option groups (spec itemOptions). */
export const listItemOptions = defineRoute('GET', `${items}/itemOptions/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: z.array(optionGroupView), ...errors },
});

/** One item's sizes (spec itemSizes). */
export const listItemSizes = defineRoute('GET', `${items}/itemSizes/:id`, {
  tags: ['menu'],
  params: merchantRecordParams,
  response: { 200: z.array(sizeView), ...errors },
});
