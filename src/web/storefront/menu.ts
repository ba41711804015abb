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

/**
 * The groups to render while the full item list is still loading: only the leading categories
 * the first page has items for. The full list then only adds below what is on screen, so nothing
 * the diner sees moves (layout shift) and no "Loading…" placeholders stand in between.
 */
export function leadingGroups(groups: readonly MenuGroup[], complete: boolean): MenuGroup[] {
  if (complete) return [...groups];
  const end = groups.findIndex((g) => g.items.length === 0);
  return groups.slice(0, end === -1 ? groups.length : end);
}
