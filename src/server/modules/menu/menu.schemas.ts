// The menu as the API shows it, in the spec's field names (money in cents).
import { z } from 'zod';
import { promoMethodSchema, weeklyHoursSchema } from '../../../domain/settings/schemas.js';

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

export const itemView = z.object({
  _id: z.string(),
  _idCategory: z.string(),
  item_order_id: z.number().int(),
  _idPrinters: z.array(z.string()),
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
