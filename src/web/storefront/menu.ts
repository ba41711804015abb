import type { CategoryView, PublicItemView } from '../../contract/menu.js';

export interface MenuGroup {
  category: CategoryView;
  items: PublicItemView[];
}

/** Groups items under their categories, keeping the categories' order and the items' order. */
export function groupMenu(
  categories: readonly CategoryView[],
  items: readonly PublicItemView[],
): MenuGroup[] {
  const byCategory = new Map<string, PublicItemView[]>();
  for (const item of items) {
    const list = byCategory.get(item._idCategory);
    if (list) list.push(item);
    else byCategory.set(item._idCategory, [item]);
  }
  return categories.map((category) => ({ category, items: byCategory.get(category._id) ?? [] }));
}
