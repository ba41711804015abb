import type { Category, MenuItem } from './types.js';

export interface MenuGroup {
  category: Category;
  items: MenuItem[];
}

/** Groups items under their categories, keeping the categories' order and the items' order. */
export function groupMenu(
  categories: readonly Category[],
  items: readonly MenuItem[],
): MenuGroup[] {
  const byCategory = new Map<string, MenuItem[]>();
  for (const item of items) {
    const list = byCategory.get(item._idCategory);
    if (list) list.push(item);
    else byCategory.set(item._idCategory, [item]);
  }
  return categories.map((category) => ({ category, items: byCategory.get(category._id) ?? [] }));
}
