// Adding what the cart already holds raises that line's quantity instead of adding a line
// (issue 25: the same item added three times made three lines). Lines are the same when the item,
// the size, the chosen option values (in any order) and the note are; the free add-on's line is
// never folded into. A sum over the quantity limit stays a line of its own, as before.
// docs/decisions/storefront-cart-hours-delivery.md ("Identical lines merge").
import { MAX_QUANTITY } from '../../../domain/pricing/line.js';

export interface LineChoice {
  itemId: string;
  sizeId: string | null;
  optionValueIds: string[];
  quantity: number;
  note: string;
}

export interface HeldLine extends LineChoice {
  id: string;
}

const sameChoice = (a: LineChoice, b: LineChoice): boolean =>
  a.itemId === b.itemId &&
  (a.sizeId ?? null) === (b.sizeId ?? null) &&
  a.note === b.note &&
  a.optionValueIds.length === b.optionValueIds.length &&
  [...a.optionValueIds].sort().join() === [...b.optionValueIds].sort().join();

/**
 * What an add does to a cart holding `held`: the quantities to set on held lines (by id) and the
 * lines to insert. Identical choices within the add merge too.
 */
export function mergeAdd<T extends LineChoice>(
  held: readonly HeldLine[],
  adds: readonly T[],
): { raise: Map<string, number>; insert: T[] } {
  const raise = new Map<string, number>();
  const insert: T[] = [];
  for (const add of adds) {
    const line = held.find((h) => sameChoice(h, add));
    const current = line ? (raise.get(line.id) ?? line.quantity) : 0;
    if (line && current + add.quantity <= MAX_QUANTITY) {
      raise.set(line.id, current + add.quantity);
      continue;
    }
    const index = insert.findIndex(
      (i) => sameChoice(i, add) && i.quantity + add.quantity <= MAX_QUANTITY,
    );
    if (index >= 0)
      insert[index] = { ...insert[index]!, quantity: insert[index]!.quantity + add.quantity };
    else insert.push(add);
  }
  return { raise, insert };
}
