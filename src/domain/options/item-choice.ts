// Checking a diner's item choice against the menu (spec §5 "Item and cart") and pricing its unit.
// The browser uses it to block Add to Cart; the server re-runs it on the stored menu, so a
// tampered request cannot pick a size or value the item does not have.
import { MESSAGES } from '../messages.js';
import { normalizeNote } from '../format/fields.js';
import { MAX_QUANTITY } from '../pricing/line.js';
import { isSelectionCountValid, selectionBounds, type OptionGroupRule } from './bounds.js';

export interface MenuOptionValue {
  id: string;
  name: string;
  priceCents: number;
}

export interface MenuOptionGroup extends OptionGroupRule {
  id: string;
  name: string;
  values: readonly MenuOptionValue[];
}

export interface MenuSize {
  id: string;
  name: string;
  priceCents: number;
}

export interface MenuItemForChoice {
  priceCents: number;
  sizes: readonly MenuSize[];
  options: readonly MenuOptionGroup[];
  soldOut?: boolean | undefined;
}

export interface ItemChoiceInput {
  sizeId?: string | null | undefined;
  /** Chosen value ids per option group id, in the order chosen. */
  options: Readonly<Record<string, readonly string[]>>;
  quantity: number;
  note?: string | null | undefined;
}

export type ItemChoiceResult =
  | {
      ok: true;
      size: MenuSize | null;
      values: MenuOptionValue[];
      /** The size's price when sized, else the item's; options not included. */
      unitPriceCents: number;
      optionPricesCents: number[];
      quantity: number;
      note: string;
    }
  | {
      ok: false;
      message: string;
      field: 'size' | 'options' | 'quantity' | 'item';
      optionId?: string;
    };

export function checkItemChoice(
  item: MenuItemForChoice,
  choice: ItemChoiceInput,
): ItemChoiceResult {
  if (item.soldOut) return { ok: false, message: MESSAGES.ITEM_UNAVAILABLE, field: 'item' };
  let size: MenuSize | null = null;
  if (item.sizes.length > 0) {
    size = item.sizes.find((s) => s.id === choice.sizeId) ?? null;
    if (!size) return { ok: false, message: MESSAGES.SIZE_REQUIRED, field: 'size' };
  } else if (choice.sizeId) {
    return { ok: false, message: MESSAGES.INVALID, field: 'size' };
  }
  const known = new Set(item.options.map((o) => o.id));
  if (Object.keys(choice.options).some((id) => !known.has(id))) {
    return { ok: false, message: MESSAGES.INVALID, field: 'options' };
  }
  const values: MenuOptionValue[] = [];
  for (const group of item.options) {
    const chosen = choice.options[group.id] ?? [];
    if (new Set(chosen).size !== chosen.length) {
      return { ok: false, message: MESSAGES.INVALID, field: 'options', optionId: group.id };
    }
    const found = chosen.map((id) => group.values.find((v) => v.id === id));
    if (found.some((v) => v === undefined)) {
      return { ok: false, message: MESSAGES.INVALID, field: 'options', optionId: group.id };
    }
    if (!isSelectionCountValid(chosen.length, selectionBounds(group))) {
      return { ok: false, message: MESSAGES.OPTION_COUNT, field: 'options', optionId: group.id };
    }
    values.push(...(found as MenuOptionValue[]));
  }
  if (!Number.isInteger(choice.quantity) || choice.quantity < 1 || choice.quantity > MAX_QUANTITY) {
    return { ok: false, message: MESSAGES.INVALID, field: 'quantity' };
  }
  return {
    ok: true,
    size,
    values,
    unitPriceCents: size ? size.priceCents : item.priceCents,
    optionPricesCents: values.map((v) => v.priceCents),
    quantity: choice.quantity,
    note: normalizeNote(choice.note ?? ''),
  };
}
