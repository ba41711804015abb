// A valid cart line for a menu item as the storefront sends it: the first size and the fewest
// option values each group needs. Shared by the benchmarks that add to carts.

export interface MenuItem {
  _id: string;
  name: string;
  soldout: boolean;
  available: boolean;
  size: { _id: string }[];
  options: {
    _id: string;
    numberToSelect: number;
    minNumberToSelect: number | null;
    maxNumberToSelect: number | null;
    optionValues: { _id: string }[];
  }[];
}

export function simpleChoice(item: MenuItem) {
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const need = g.minNumberToSelect ?? (g.maxNumberToSelect !== null ? 0 : g.numberToSelect);
    if (need > 0) options[g._id] = g.optionValues.slice(0, need).map((v) => v._id);
  }
  return { itemId: item._id, sizeId: item.size[0]?._id ?? null, options, quantity: 1, note: '' };
}

/** The items a diner can add now. */
export const orderable = (items: MenuItem[]) => items.filter((i) => i.available && !i.soldout);
