// Category promotions (spec §3 promoMethod, §9). Each promotion covers the cart lines of its own
// category only and never takes more than those lines are worth.
import { allocateProportionally, applyPpm, percentToPpm } from '../money/rounding.js';
import type { PromoMethod } from '../settings/schemas.js';

export interface PromoLine {
  categoryId: string | null;
  /** One unit with its options, before any discount. */
  unitCents: number;
  quantity: number;
}

export type CategoryPromos = Readonly<Record<string, PromoMethod | null | undefined>>;

// The badge text lives with the other display formats; re-exported for this module's users.
export { promoDisplayText } from '../format/promo.js';

/**
 * Buy X get Y free over the units of the given lines: units sorted by price, highest first (ties
 * keep cart order); in each run of X + Y units the first X are paid and the next Y free. A last
 * run shorter than X + Y frees only the units past its first X. Returns cents off per line.
 */
export function buyXGetYFree(
  lines: readonly Pick<PromoLine, 'unitCents' | 'quantity'>[],
  x: number,
  y: number,
): number[] {
  const off = lines.map(() => 0);
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 1 && y >= 1)) return off;
  const units = lines
    .flatMap((line, index) =>
      Array.from({ length: line.quantity }, () => ({ index, cents: line.unitCents })),
    )
    .sort((a, b) => b.cents - a.cents || a.index - b.index);
  units.forEach((unit, position) => {
    if (position % (x + y) >= x) off[unit.index] = (off[unit.index] ?? 0) + unit.cents;
  });
  return off;
}

/**
 * Meet X minus Y: when the category's lines come to at least X cents, Y cents off once, capped at
 * what the lines are worth, spread over the lines in proportion to their value.
 */
export function meetXMinusY(grossCents: readonly number[], x: number, y: number): number[] {
  const sum = grossCents.reduce((a, b) => a + b, 0);
  if (sum === 0 || sum < x || y <= 0) return grossCents.map(() => 0);
  return allocateProportionally(Math.min(y, sum), grossCents);
}

/** Meet X percent off: when the lines come to at least X cents, Y % off each line, rounded per line. */
export function meetXPercentOff(grossCents: readonly number[], x: number, y: number): number[] {
  const sum = grossCents.reduce((a, b) => a + b, 0);
  if (sum === 0 || sum < x || y <= 0) return grossCents.map(() => 0);
  const ratePpm = percentToPpm(Math.min(Math.trunc(y), 100));
  return grossCents.map((g) => applyPpm(g, ratePpm));
}

export interface CategoryPromoResult {
  /** Cents off per input line, in input order. */
  discountsCents: number[];
  /** Total off per category that had a promotion with an effect. */
  byCategory: Record<string, number>;
}

/** Applies every category's promotion to that category's lines. */
export function applyCategoryPromos(
  lines: readonly PromoLine[],
  promos: CategoryPromos,
): CategoryPromoResult {
  const discountsCents = lines.map(() => 0);
  const byCategory: Record<string, number> = {};
  const groups = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (line.categoryId === null || line.quantity <= 0) return;
    const members = groups.get(line.categoryId) ?? [];
    members.push(index);
    groups.set(line.categoryId, members);
  });
  for (const [categoryId, indexes] of groups) {
    const promo = promos[categoryId];
    if (!promo) continue;
    const members = indexes.map((i) => lines[i] as PromoLine);
    const gross = members.map((l) => l.unitCents * l.quantity);
    const off =
      promo.type === 'BUY_X_GET_Y_FREE'
        ? buyXGetYFree(members, promo.x, promo.y)
        : promo.type === 'MEET_X_MINUS_Y'
          ? meetXMinusY(gross, promo.x, promo.y)
          : meetXPercentOff(gross, promo.x, promo.y);
    const total = off.reduce((a, b) => a + b, 0);
    if (total > 0) byCategory[categoryId] = total;
    indexes.forEach((lineIndex, k) => {
      discountsCents[lineIndex] = off[k] ?? 0;
    });
  }
  return { discountsCents, byCategory };
}
