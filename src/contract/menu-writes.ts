// The menu pane's writes (issue 12, spec §7 Categories and Items) at the spec's paths, in the
// spec's field names, with the domain's menu rules (spec §5: item edit needs name and price, item
// add name, category and price; prices numeric ≤ 99999). Every write answers the changed item or
// category as the menu shows it, and the storefront sees the change at its next request.
import { z } from 'zod';
import { categoryPromoFormSchema, weeklyHoursFormSchema } from '../domain/merchant-rules/store.js';
import { type PromoMethod, promoMethodSchema } from '../domain/settings/schemas.js';
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
import { categoryView, itemView, publicItemView } from './menu.js';
import { readOnlyKeysOf, writeBodyOf } from './write-body.js';
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
export const itemAddBody = z.strictObject({
  ...itemFields,
  _idCategory: z.uuid(MESSAGES.REQUIRED),
  name: menuName(),
  price: menuPrice(),
});

const itemEditFields = {
  ...itemFields,
  _idCategory: uuidParam.optional(),
  name: menuName().optional(),
  price: menuPrice().optional(),
};

/**
 * PUT .../item/{id}: any fields; name and price, when sent, not empty (checklist V5.78). Strict:
 * an unknown key is refused; the item read's other keys (`_id`, `priceCents`, `imgUrl`, `size`,
 * `options`, `_idPrinter`, …) are accepted unchanged, so the item read may be sent back whole.
 */
export const itemEditBody = writeBodyOf(publicItemView, itemEditFields);
export type ItemEditBody = z.output<typeof itemEditBody>;

/**
 * The item read's keys the edit does not write. `available` and `unavailableNote` are worked out
 * from the clock at each read, so they are accepted and never compared.
 */
export const ITEM_DERIVED_KEYS = ['available', 'unavailableNote'] as const;
export const ITEM_READ_ONLY_KEYS = readOnlyKeysOf(publicItemView, itemEditFields).filter(
  (key) => !(ITEM_DERIVED_KEYS as readonly string[]).includes(key),
);

export const sizeAddBody = z.strictObject({
  name: menuName(),
  name_2nd: menuText(100).optional(),
  price: menuPrice(),
});

export const optionAddBody = z
  .strictObject({
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

export const optionValueAddBody = z.strictObject({
  name: menuName(),
  name_2nd: menuText(100).optional(),
  price: menuOptionalPrice(),
});

/** A category's promotion as a write takes it: which of three forms it came in. */
export type CategoryPromoWrite = { asRead: PromoMethod } | { typed: PromoMethod } | null;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The promotion of a category write, in any of the forms a client has: as typed in the form
 * (`x`, `y` as text, dollars for the money types), with the spec's `X`/`Y` keys (checklist C7.10;
 * taken like the form), or as the read gave it (`x`, `y` numbers, money in cents: kept when equal
 * to the stored one, see the service). null removes it (the read's "none").
 */
const categoryPromoWrite = z.unknown().transform((raw, ctx): CategoryPromoWrite => {
  if (raw === null) return null;
  const specKeys = isRecord(raw) && ('X' in raw || 'Y' in raw);
  if (!specKeys) {
    const stored = promoMethodSchema.strict().safeParse(raw);
    // Counts are the same in both forms: those go through the form's checks below.
    if (stored.success && stored.data.type !== 'BUY_X_GET_Y_FREE') return { asRead: stored.data };
  }
  const form = specKeys
    ? (({ X, Y, ...rest }) => ({ ...rest, x: X, y: Y }))(raw as Record<string, unknown>)
    : raw;
  const typed = categoryPromoFormSchema.safeParse(form);
  if (typed.success) return { typed: typed.data };
  for (const issue of typed.error.issues) {
    const path = specKeys
      ? issue.path.map((k) => (k === 'x' ? 'X' : k === 'y' ? 'Y' : k))
      : issue.path;
    ctx.addIssue({ code: 'custom', message: issue.message, path });
  }
  return z.NEVER;
});

const categoryUpdateFields = {
  availableHour: weeklyHoursFormSchema.nullish(),
  promoMethod: categoryPromoWrite.optional(),
};

/** The category read's keys its update does not write: accepted unchanged only. */
export const CATEGORY_READ_ONLY_KEYS = readOnlyKeysOf(categoryView, categoryUpdateFields);

/**
 * PUT .../_id/{id} of a category: its hours (null: none) or its promotion as typed. Strict, with
 * the category read's other keys accepted unchanged (the read sent back whole).
 */
export const categoryUpdateBody = writeBodyOf(categoryView, categoryUpdateFields).refine(
  (b) => b.availableHour !== undefined || b.promoMethod !== undefined,
  {
    message: 'Send availableHour or promoMethod',
  },
);

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
