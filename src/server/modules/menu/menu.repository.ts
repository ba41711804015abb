import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  categories,
  itemPrinters,
  itemSizes,
  items,
  optionGroups,
  optionValues,
} from '../../db/schema/index.js';
import type { CategoryView, ItemView } from '../../../contract/menu.js';

export async function listCategories(tx: Tx, merchantUuid: string): Promise<CategoryView[]> {
  const rows = await tx
    .select()
    .from(categories)
    .where(eq(categories.merchantId, merchantUuid))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map((c) => ({
    _id: c.id,
    name: c.name,
    name_2nd: c.name2,
    description: c.description,
    sortOrder: c.sortOrder,
    availableHour: c.availableHour,
    promoMethod: c.promoMethod,
    unavailableForBranch: c.unavailableForBranch,
  }));
}

export interface ItemFilter {
  itemId?: string;
  categoryId?: string;
  /** Only these items (by id) or these names: a cart needs its own items, not the whole menu. */
  only?: { ids: readonly string[]; names: readonly string[] };
  limit?: number;
}

/** Items with their sizes, option groups and values, in menu order (category, then item). */
export async function listItems(
  tx: Tx,
  merchantUuid: string,
  filter: ItemFilter = {},
): Promise<ItemView[]> {
  // A deleted item is off the menu (carts still see it, cart-menu.repository.ts).
  const conditions = [eq(items.merchantId, merchantUuid), isNull(items.deletedAt)];
  if (filter.itemId) conditions.push(eq(items.id, filter.itemId));
  if (filter.categoryId) conditions.push(eq(items.categoryId, filter.categoryId));
  if (filter.only) {
    const { ids, names } = filter.only;
    if (ids.length === 0 && names.length === 0) return [];
    const wanted = [
      ...(ids.length ? [inArray(items.id, [...ids])] : []),
      ...(names.length ? [inArray(items.name, [...names])] : []),
    ];
    conditions.push(wanted.length === 1 ? wanted[0]! : or(...wanted)!);
  }
  let query = tx
    .select({ item: items })
    .from(items)
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(...conditions))
    .orderBy(asc(categories.sortOrder), asc(items.sortOrder), asc(items.name))
    .$dynamic();
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = (await query).map((r) => r.item);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const [sizes, groups, printers] = await Promise.all([
    tx
      .select()
      .from(itemSizes)
      .where(inArray(itemSizes.itemId, ids))
      .orderBy(asc(itemSizes.sortOrder)),
    tx
      .select()
      .from(optionGroups)
      .where(inArray(optionGroups.itemId, ids))
      .orderBy(asc(optionGroups.sortOrder)),
    // By printer id: the order the cart's menu read lists them in too, so `_idPrinter` (the
    // first) is the same printer in every read.
    tx
      .select()
      .from(itemPrinters)
      .where(inArray(itemPrinters.itemId, ids))
      .orderBy(asc(itemPrinters.printerId)),
  ]);
  const values =
    groups.length === 0
      ? []
      : await tx
          .select()
          .from(optionValues)
          .where(
            inArray(
              optionValues.optionGroupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(optionValues.sortOrder));

  const group = <T, K extends string>(list: T[], key: (t: T) => K) => {
    const map = new Map<K, T[]>();
    for (const x of list) {
      const k = key(x);
      const arr = map.get(k);
      if (arr) arr.push(x);
      else map.set(k, [x]);
    }
    return map;
  };
  const sizesBy = group(sizes, (s) => s.itemId);
  const groupsBy = group(groups, (g) => g.itemId);
  const valuesBy = group(values, (v) => v.optionGroupId);
  const printersBy = group(printers, (p) => p.itemId);

  return rows.map((i) => ({
    _id: i.id,
    _idCategory: i.categoryId,
    item_order_id: i.sortOrder,
    _idPrinters: (printersBy.get(i.id) ?? []).map((p) => p.printerId),
    _idPrinter: printersBy.get(i.id)?.[0]?.printerId ?? null,
    name: i.name,
    name_2nd: i.name2,
    discription: i.description,
    priceCents: i.priceCents,
    raw_sign: i.rawSign,
    spicy_sign: i.spicySign,
    vegan_sign: i.veganSign,
    imgUrl: i.imageId ? `/images/${i.imageId}.webp` : null,
    soldout: i.soldout,
    size_alias: i.sizeAlias,
    availableHour: i.availableHour,
    size: (sizesBy.get(i.id) ?? []).map((s) => ({
      _id: s.id,
      name: s.name,
      name_2nd: s.name2,
      priceCents: s.priceCents,
    })),
    options: (groupsBy.get(i.id) ?? []).map((g) => ({
      _id: g.id,
      name: g.name,
      name_2nd: g.name2,
      numberToSelect: g.numberToSelect,
      minNumberToSelect: g.minNumberToSelect,
      maxNumberToSelect: g.maxNumberToSelect,
      required: g.required,
      itemOption_order_id: g.sortOrder,
      optionValues: (valuesBy.get(g.id) ?? []).map((v) => ({
        _id: v.id,
        name: v.name,
        name_2nd: v.name2,
        priceCents: v.priceCents,
      })),
    })),
  }));
}
