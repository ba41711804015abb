// The item modal's rules, all from src/domain: the menu item read as the domain's
// MenuItemForChoice, each group's bounds and hint, drop-oldest toggling, and the running price.
import { type PublicItemView, itemForChoice } from '../../../contract/menu.js';
import {
  checkItemChoice,
  selectionBounds,
  selectionHint,
  selectionNeed,
  toggleSelection,
  type ItemChoiceInput,
  type MenuItemForChoice,
  type SelectionBounds,
} from '../../../domain/options/index.js';
import { priceLine } from '../../../domain/pricing/line.js';

/** Option lists show five values before Show More (spec §5 limits). */
export const VALUES_SHOWN_FIRST = 5;

/** The contract's mapping, and an item that is not available now cannot be chosen either. */
export function forChoice(item: PublicItemView): MenuItemForChoice {
  return { ...itemForChoice(item), soldOut: item.soldout || !item.available };
}

export function groupBounds(group: PublicItemView['options'][number]): SelectionBounds {
  return selectionBounds(group);
}

export { checkItemChoice, selectionHint, selectionNeed, toggleSelection, type ItemChoiceInput };

/**
 * What Add to Cart shows: (the chosen size's price, else the item's, plus the chosen options) ×
 * quantity — also before the choice is complete, so the price moves as the diner picks.
 */
export function runningPriceCents(item: PublicItemView, choice: ItemChoiceInput): number {
  const size = item.size.find((s) => s._id === choice.sizeId);
  const optionPricesCents = item.options.flatMap((g) =>
    (choice.options[g._id] ?? []).map(
      (id) => g.optionValues.find((v) => v._id === id)?.priceCents ?? 0,
    ),
  );
  return priceLine({
    unitPriceCents: size ? size.priceCents : item.priceCents,
    optionPricesCents,
    quantity: choice.quantity,
  }).grossCents;
}
