// The Menu pane's own writes beside the spec's (issue 28; docs/decisions/menu-writes.md "The menu's
// structure"): categories created, renamed, deleted and put in order; items put in order within
// their category; a size, an option or an option value changed in place. The spec has no route
// for any of these. Bodies are strict (an unknown key is refused, naming it) and partial where they
// edit: a field left out keeps its stored value — nothing here has a default.
import { z } from 'zod';
import { menuCount, menuName, menuPrice } from '../domain/merchant-rules/menu.js';
import { MESSAGES } from '../domain/messages.js';
import { multiLine } from '../domain/validation/multi-line.js';
import {
  merchantIdParam,
  merchantParams,
  merchantRecordParams,
  success,
  uuidParam,
} from './common.js';
import { errorAnswers } from './errors.js';
import { categoryView, itemView } from './menu.js';
import { defineRoute } from './route.js';

/** How many categories one menu holds (the pane lists them all in one reorderable list). */
export const MAX_CATEGORIES = 200;

/** A second-language name or a description when sent; never a default, so absence keeps it. */
const text = (max: number) => z.string().trim().max(max, MESSAGES.INVALID);

export const categoryAddBody = z.strictObject({
  name: menuName(),
  name_2nd: text(100).optional(),
  description: multiLine(text(1000)).optional(),
});

/** Rename: any of the names; a name sent may not be empty. */
export const categoryEditBody = z
  .strictObject({
    name: menuName().optional(),
    name_2nd: text(100).optional(),
    description: multiLine(text(1000)).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send name, name_2nd or description' });
export type CategoryEditBody = z.output<typeof categoryEditBody>;

/**
 * A new order: every id of the list once, the whole list (the merchant's categories, or the live
 * items of one category). A list that differs from what is stored (someone added or deleted one
 * meanwhile) is refused with 409, so an order is never applied to a list nobody saw.
 */
export const orderBody = z.strictObject({
  ids: z
    .array(uuidParam)
    .min(1)
    .max(2000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id once'),
});

export const sizeEditBody = z
  .strictObject({
    name: menuName().optional(),
    name_2nd: text(100).optional(),
    price: menuPrice().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send name, name_2nd or price' });
export type SizeEditBody = z.output<typeof sizeEditBody>;

/** An option's fields; min and max are checked against each other with the stored ones. */
export const optionEditBody = z
  .strictObject({
    name: menuName().optional(),
    name_2nd: text(100).optional(),
    numberToSelect: menuCount()
      .transform((n) => n ?? 0)
      .optional(),
    minNumberToSelect: menuCount().optional(),
    maxNumberToSelect: menuCount().optional(),
    required: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send a field of the option' });
export type OptionEditBody = z.output<typeof optionEditBody>;

export const optionValueEditBody = z
  .strictObject({
    name: menuName().optional(),
    name_2nd: text(100).optional(),
    price: menuPrice().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send name, name_2nd or price' });
export type OptionValueEditBody = z.output<typeof optionValueEditBody>;

const items = '/api/items7/merchantId/:merchantId';
const categories = '/api/categories7/merchantId/:merchantId';
const tags = ['menu writes'];
const errors = errorAnswers(400, 401, 403, 404, 409);
const itemParams = merchantRecordParams;
const optionParams = z.object({ merchantId: merchantIdParam, id: uuidParam, optionId: uuidParam });

export const addCategory = defineRoute('POST', `${categories}/category`, {
  tags,
  params: merchantParams,
  body: categoryAddBody,
  response: { 200: categoryView, ...errors },
});

export const editCategory = defineRoute('PUT', `${categories}/category/:id`, {
  tags,
  params: merchantRecordParams,
  body: categoryEditBody,
  response: { 200: categoryView, ...errors },
});

/** Refused (409) while the category holds items: they are moved or deleted first. */
export const deleteCategory = defineRoute('DELETE', `${categories}/category/:id`, {
  tags,
  params: merchantRecordParams,
  response: { 200: success, ...errors },
});

export const orderCategories = defineRoute('PUT', `${categories}/order`, {
  tags,
  params: merchantParams,
  body: orderBody,
  response: { 200: z.array(categoryView), ...errors },
});

/** The live items of one category in their new order; answers them in it. */
export const orderItems = defineRoute('PUT', `${items}/order/:id`, {
  tags,
  params: merchantRecordParams,
  body: orderBody,
  response: { 200: z.array(itemView), ...errors },
});

export const editItemSize = defineRoute('PUT', `${items}/itemSize/:id/:sizeId`, {
  tags,
  params: itemParams.extend({ sizeId: uuidParam }),
  body: sizeEditBody,
  response: { 200: itemView, ...errors },
});

export const editItemOption = defineRoute('PUT', `${items}/itemOption/:id/:optionId`, {
  tags,
  params: optionParams,
  body: optionEditBody,
  response: { 200: itemView, ...errors },
});

export const editItemOptionValue = defineRoute(
  'PUT',
  `${items}/itemOptionValue/:id/:optionId/:valueId`,
  {
    tags,
    params: optionParams.extend({ valueId: uuidParam }),
    body: optionValueEditBody,
    response: { 200: itemView, ...errors },
  },
);
