// One cart line's price (spec §9): (size or base price + option prices) × quantity, less its
// line discount. The discount is the rounded component, so gross = discount + net exactly.
import { applyPpm, PPM } from '../money/rounding.js';

/**
 * A line discount as the cart stores it (spec §3): `poff` is a fraction of the line (0..1, kept as
 * ppm), `coff` is an amount of cents off the whole line. A free BUY-X-GET-Y unit is poff, a share
 * of a MEET_X_MINUS_Y promotion is coff.
 */
export type LineDiscount = { type: 'poff'; ratePpm: number } | { type: 'coff'; cents: number };

export const MAX_QUANTITY = 99;

export interface LineInput {
  /** The chosen size's price when the item has sizes, else the item's base price. */
  unitPriceCents: number;
  optionPricesCents: readonly number[];
  quantity: number;
  discount?: LineDiscount | null | undefined;
}

export interface LinePrice {
  /** Price of one unit with its options. */
  unitCents: number;
  grossCents: number;
  discountCents: number;
  netCents: number;
}

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole non-negative number, got ${value}`);
  }
  return value;
}

/** The base of a line: a size's price replaces the item's price (it is not added to it). */
export function basePriceCents(itemPriceCents: number, sizePriceCents?: number | null): number {
  return sizePriceCents ?? itemPriceCents;
}

/** The discount in cents a line discount takes from a line worth grossCents. */
export function lineDiscountCents(grossCents: number, discount?: LineDiscount | null): number {
  if (!discount) return 0;
  if (discount.type === 'poff') {
    const rate = Math.min(Math.max(discount.ratePpm, 0), PPM);
    return applyPpm(grossCents, rate);
  }
  return Math.min(Math.max(discount.cents, 0), grossCents);
}

export function priceLine(line: LineInput): LinePrice {
  const unit = nonNegativeInteger(line.unitPriceCents, 'unitPriceCents');
  const options = line.optionPricesCents.reduce(
    (sum, p) => sum + nonNegativeInteger(p, 'option price'),
    0,
  );
  const quantity = nonNegativeInteger(line.quantity, 'quantity');
  const unitCents = unit + options;
  const grossCents = unitCents * quantity;
  const discountCents = lineDiscountCents(grossCents, line.discount);
  return { unitCents, grossCents, discountCents, netCents: grossCents - discountCents };
}
