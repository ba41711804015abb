// Menu-pane forms (spec §5): item edit and add, size, option and option-value add. Prices and
// min/max numbers are numeric and at most 99999; the spec's size and option-value forms "check
// less", ours apply the same numeric rule everywhere (a bad price is never worth storing).
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { dollarsField } from '../validation/forms.js';

export const menuName = () =>
  z
    .string({ error: MESSAGES.REQUIRED })
    .trim()
    .min(1, MESSAGES.REQUIRED)
    .max(100, MESSAGES.INVALID);
/**
 * An optional text as an edit sends it: left out, it stays undefined, so the write keeps the
 * stored value; "" clears it (issue 28). No default here: a default would blank the field on
 * every edit that does not name it.
 */
export const menuEditText = (max: number) => z.string().trim().max(max, MESSAGES.INVALID);
/** An optional text of a new entry (or a whole form): left out, it is empty. */
export const menuText = (max: number) => menuEditText(max).default('');

/** Price as typed ("12.50") → cents; required. */
export const menuPrice = () =>
  z
    .union([z.string(), z.number()], { error: MESSAGES.REQUIRED })
    .refine((v) => String(v).trim() !== '', MESSAGES.REQUIRED)
    .pipe(dollarsField(MESSAGES.INVALID));

/** An optional whole count 0..99999 ("" or absent → null). */
export const menuCount = () =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const text = v === null || v === undefined ? '' : String(v).trim();
      if (text === '') return null;
      if (!/^\d+$/.test(text) || Number(text) > 99_999) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.INVALID });
        return z.NEVER;
      }
      return Number(text);
    });

/** Item edit: name and price required. */
export const itemEditSchema = z.object({
  name: menuName(),
  name2: menuText(100),
  description: menuText(1000),
  priceCents: menuPrice(),
  raw: z.boolean().default(false),
  spicy: z.boolean().default(false),
  vegan: z.boolean().default(false),
});
export type ItemEditInput = z.infer<typeof itemEditSchema>;

/** Item add: name, category and price required. */
export const itemAddSchema = itemEditSchema.extend({
  categoryId: z.string({ error: MESSAGES.REQUIRED }).trim().min(1, MESSAGES.REQUIRED),
});
export type ItemAddInput = z.infer<typeof itemAddSchema>;

/** Size add: name and price required. */
export const sizeAddSchema = z.object({
  name: menuName(),
  name2: menuText(100),
  priceCents: menuPrice(),
});
export type SizeAddInput = z.infer<typeof sizeAddSchema>;

/**
 * Option add: name required; numberToSelect defaults to 0 (unlimited, spec §3 '0'); min and max
 * optional; a min above the max is refused.
 */
export const optionAddSchema = z
  .object({
    name: menuName(),
    name2: menuText(100),
    numberToSelect: menuCount().transform((n) => n ?? 0),
    minNumberToSelect: menuCount(),
    maxNumberToSelect: menuCount(),
    required: z.boolean().default(false),
  })
  .refine(
    (o) =>
      o.minNumberToSelect === null ||
      o.maxNumberToSelect === null ||
      o.minNumberToSelect <= o.maxNumberToSelect,
    { message: MESSAGES.INVALID, path: ['maxNumberToSelect'] },
  );
export type OptionAddInput = z.infer<typeof optionAddSchema>;

/** An optional price as typed: absent or "" is 0 (spec §3 '0'). */
export const menuOptionalPrice = () =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || String(v).trim() === '' ? '0' : v))
    .pipe(dollarsField(MESSAGES.INVALID));

/** Option value add: name required; price optional, default 0 (spec §3 '0'). */
export const optionValueAddSchema = z.object({
  name: menuName(),
  name2: menuText(100),
  priceCents: menuOptionalPrice(),
});
export type OptionValueAddInput = z.infer<typeof optionValueAddSchema>;
