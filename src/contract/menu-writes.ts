// The menu pane's writes (issue 12, spec §7 Categories and Items) at the spec's paths, in the
// spec's field names, with the domain's menu rules (spec §5: item edit needs name and price, item
// add name, category and price; prices numeric ≤ 99999). Every write answers the changed item or
// category as the menu shows it, and the storefront sees the change at its next request.
import { z } from 'zod';
import { categoryPromoFormSchema, weeklyHoursFormSchema } from '../domain/merchant-rules/store.js';
import {
  menuCount,
  menuEditText,
  menuName,
  menuOptionalPrice,
  menuPrice,
  menuText,
} from '../domain/merchant-rules/menu.js';
import { MESSAGES } from '../domain/messages.js';
import { multiLine } from '../domain/validation/multi-line.js';
import { merchantIdParam, merchantRecordParams, success, uuidParam } from './common.js';
import { errorAnswers } from './errors.js';
import { uploadFileName } from './files.js';
import { categoryView, itemView } from './menu.js';
import { defineRoute } from './route.js';

/** How much one item may hold, and one menu. */
export const MENU_WRITE_LIMITS = { sizes: 20, options: 30, values: 50, printers: 10 } as const;

// No defaults among these: a key left out of an edit must stay undefined so the stored value is
// kept (issue 28; "" clears a text). The add's columns have their own defaults.
const itemFields = {
  name_2nd: menuEditText(100).optional(),
  discription: multiLine(menuEditText(1000)).optional(),
  raw_sign: z.boolean().optional(),
  spicy_sign: z.boolean().optional(),
  vegan_sign: z.boolean().optional(),
  soldout: z.boolean().optional(),
  size_alias: menuEditText(50).optional(),
  /** The item's own hours; null: the category's (or the store's) only. */
  availableHour: weeklyHoursFormSchema.nullish(),
  /** The printers it prints on: the merchant's own (spec §7 printers). */
  _idPrinters: z
    .array(uuidParam)
    .max(MENU_WRITE_LIMITS.printers)
    .refine((ids) => new Set(ids).size === ids.length, 'Each printer once')
    .optional(),
  item_order_id: z.number().int().min(0).max(99_999).optional(),
};

/** POST .../item: name, category and price required (checklist V5.79). */
export const itemAddBody = z.object({
  ...itemFields,
  _idCategory: z.uuid(MESSAGES.REQUIRED),
  name: menuName(),
  price: menuPrice(),
});

/** PUT .../item/{id}: any fields; name and price, when sent, not empty (checklist V5.78). */
export const itemEditBody = z.object({
  ...itemFields,
  _idCategory: uuidParam.optional(),
  name: menuName().optional(),
  price: menuPrice().optional(),
});
export type ItemEditBody = z.output<typeof itemEditBody>;

export const sizeAddBody = z.object({
  name: menuName(),
  name_2nd: menuText(100).optional(),
  price: menuPrice(),
});

export const optionAddBody = z
  .object({
    name: menuName(),
    name_2nd: menuText(100).optional(),
    numberToSelect: menuCount().transform((n) => n ?? 0),
    minNumberToSelect: menuCount(),
    maxNumberToSelect: menuCount(),
    required: z.boolean().optional(),
  })
  .refine(
    (o) =>
      o.minNumberToSelect === null ||
      o.maxNumberToSelect === null ||
      o.minNumberToSelect <= o.maxNumberToSelect,
    { message: MESSAGES.INVALID, path: ['maxNumberToSelect'] },
  );

export const optionValueAddBody = z.object({
  name: menuName(),
  name_2nd: menuText(100).optional(),
  price: menuOptionalPrice(),
});

/** PUT .../_id/{id} of a category: its hours (null: none) or its promotion as typed. */
export const categoryUpdateBody = z
  .object({
    availableHour: weeklyHoursFormSchema.nullish(),
    promoMethod: categoryPromoFormSchema.optional(),
  })
  .refine((b) => b.availableHour !== undefined || b.promoMethod !== undefined, {
    message: 'Send availableHour or promoMethod',
  });

const items = '/api/items7/merchantId/:merchantId';
const categories = '/api/categories7/merchantId/:merchantId';
const tags = ['menu writes'];
const errors = errorAnswers(400, 401, 403, 404, 409);
const itemParams = merchantRecordParams;
const optionParams = z.object({ merchantId: merchantIdParam, id: uuidParam, optionId: uuidParam });

export const addItem = defineRoute('POST', `${items}/item`, {
  tags,
  params: z.object({ merchantId: merchantIdParam }),
  body: itemAddBody,
  response: { 200: itemView, ...errors },
});

export const updateItem = defineRoute('PUT', `${items}/item/:id`, {
  tags,
  params: itemParams,
  body: itemEditBody,
  response: { 200: itemView, ...errors },
});

/**
 * The item edit with its new picture (spec §7 item_complete): `fileName` is what
 * POST /api/files/upload answered; the upload becomes the item's image and is used up.
 */
export const itemCompleteBody = itemEditBody.extend({ fileName: uploadFileName });

export const completeItem = defineRoute('PUT', `${items}/item_complete/:id`, {
  tags,
  params: itemParams,
  body: itemCompleteBody,
  response: { 200: itemView, ...errors },
});

/** Takes the item off the menu; past orders and carts keep what they had (issue 12). */
export const deleteItem = defineRoute('DELETE', `${items}/item/:id`, {
  tags,
  params: itemParams,
  response: { 200: success, ...errors },
});

export const addItemSize = defineRoute('POST', `${items}/itemSize/:id`, {
  tags,
  params: itemParams,
  body: sizeAddBody,
  response: { 200: itemView, ...errors },
});

export const deleteItemSize = defineRoute('DELETE', `${items}/itemSize/:id/:sizeId`, {
  tags,
  params: itemParams.extend({ sizeId: uuidParam }),
  response: { 200: itemView, ...errors },
});

export const addItemOption = defineRoute('POST', `${items}/itemOption/:id`, {
  tags,
  params: itemParams,
  body: optionAddBody,
  response: { 200: itemView, ...errors },
});

export const deleteItemOption = defineRoute('DELETE', `${items}/itemOption/:id/:optionId`, {
  tags,
  params: optionParams,
  response: { 200: itemView, ...errors },
});

export const addItemOptionValue = defineRoute('POST', `${items}/itemOptionValue/:id/:optionId`, {
  tags,
  params: optionParams,
  body: optionValueAddBody,
  response: { 200: itemView, ...errors },
});

export const deleteItemOptionValue = defineRoute(
  'DELETE',
  `${items}/itemOptionValue/:id/:optionId/:valueId`,
  {
    tags,
    params: optionParams.extend({ valueId: uuidParam }),
    response: { 200: itemView, ...errors },
  },
);

export const updateCategory = defineRoute('PUT', `${categories}/_id/:id`, {
  tags,
  params: merchantRecordParams,
  body: categoryUpdateBody,
  response: { 200: categoryView, ...errors },
});

export const deleteCategoryPromo = defineRoute('DELETE', `${categories}/promoMethod/:id`, {
  tags,
  params: merchantRecordParams,
  response: { 200: categoryView, ...errors },
});
