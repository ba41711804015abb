// The statements of the menu's structure (issue 28): categories added, changed, deleted and put
// in order, items put in order, and a size, option or value changed in place. Each names the
// merchant, or an item or option already checked to be the merchant's.
import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { categories, itemSizes, items, optionGroups, optionValues } from '../../db/schema/index.js';

export async function countCategories(tx: Tx, merchantUuid: string) {
  const [row] = await tx
    .select({ n: count(), last: max(categories.sortOrder) })
    .from(categories)
    .where(eq(categories.merchantId, merchantUuid));
  return { n: row?.n ?? 0, next: (row?.last ?? -1) + 1 };
}

export async function insertCategory(
  tx: Tx,
  row: Pick<
    typeof categories.$inferInsert,
    'merchantId' | 'name' | 'name2' | 'description' | 'sortOrder'
  >,
): Promise<string> {
  const [created] = await tx.insert(categories).values(row).returning({ id: categories.id });
  return created!.id;
}

export type CategorySet = Pick<
  Partial<typeof categories.$inferInsert>,
  'name' | 'name2' | 'description' | 'updatedAt'
>;

/** Locks and changes the merchant's category; false when it has none such. */
export async function updateCategoryNames(
  tx: Tx,
  merchantUuid: string,
  categoryId: string,
  set: CategorySet,
): Promise<boolean> {
  const rows = await tx
    .update(categories)
    .set(set)
    .where(and(eq(categories.id, categoryId), eq(categories.merchantId, merchantUuid)))
    .returning({ id: categories.id });
  return rows.length > 0;
}

export async function countLiveItemsIn(tx: Tx, categoryId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.categoryId, categoryId), isNull(items.deletedAt)));
  return row?.n ?? 0;
}

/** Deletes the category (its deleted items' rows go with it); false when it is not there. */
export async function deleteCategoryRow(tx: Tx, merchantUuid: string, categoryId: string) {
  const gone = await tx
    .delete(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.merchantId, merchantUuid)))
    .returning({ id: categories.id });
  return gone.length > 0;
}

export async function categoryIds(tx: Tx, merchantUuid: string): Promise<string[]> {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.merchantId, merchantUuid))
    .orderBy(asc(categories.sortOrder));
  return rows.map((r) => r.id);
}

export async function liveItemIdsIn(tx: Tx, categoryId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.categoryId, categoryId), isNull(items.deletedAt)));
  return rows.map((r) => r.id);
}

/** `{a,b,c}`: the ids (already checked to be uuids) as one array parameter. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Each category's place is its index in `ids`, in one statement. */
export async function setCategoryOrder(tx: Tx, merchantUuid: string, ids: string[], at: Date) {
  await tx.execute(sql`update ${categories} set sort_order = o.ord - 1, updated_at = ${at}
    from unnest(${uuidArray(ids)}) with ordinality as o(id, ord)
    where ${categories.id} = o.id and ${categories.merchantId} = ${merchantUuid}`);
}

/** Each item's place in its category is its index in `ids`, in one statement. */
export async function setItemOrder(tx: Tx, categoryId: string, ids: string[], at: Date) {
  await tx.execute(sql`update ${items} set sort_order = o.ord - 1, updated_at = ${at}
    from unnest(${uuidArray(ids)}) with ordinality as o(id, ord)
    where ${items.id} = o.id and ${items.categoryId} = ${categoryId}`);
}

export async function updateSize(
  tx: Tx,
  itemId: string,
  sizeId: string,
  set: Pick<Partial<typeof itemSizes.$inferInsert>, 'name' | 'name2' | 'priceCents'>,
): Promise<boolean> {
  const rows = await tx
    .update(itemSizes)
    .set(set)
    .where(and(eq(itemSizes.id, sizeId), eq(itemSizes.itemId, itemId)))
    .returning({ id: itemSizes.id });
  return rows.length > 0;
}

/** The option's stored counts, locked: a min/max check and its write see the same row. */
export async function lockGroup(tx: Tx, itemId: string, groupId: string) {
  const [row] = await tx
    .select({
      minNumberToSelect: optionGroups.minNumberToSelect,
      maxNumberToSelect: optionGroups.maxNumberToSelect,
    })
    .from(optionGroups)
    .where(and(eq(optionGroups.id, groupId), eq(optionGroups.itemId, itemId)))
    .for('update');
  return row;
}

export type GroupSet = Pick<
  Partial<typeof optionGroups.$inferInsert>,
  'name' | 'name2' | 'numberToSelect' | 'minNumberToSelect' | 'maxNumberToSelect' | 'required'
>;

export async function updateGroup(tx: Tx, groupId: string, set: GroupSet) {
  await tx.update(optionGroups).set(set).where(eq(optionGroups.id, groupId));
}

export async function updateValue(
  tx: Tx,
  groupId: string,
  valueId: string,
  set: Pick<Partial<typeof optionValues.$inferInsert>, 'name' | 'name2' | 'priceCents'>,
): Promise<boolean> {
  const rows = await tx
    .update(optionValues)
    .set(set)
    .where(and(eq(optionValues.id, valueId), eq(optionValues.optionGroupId, groupId)))
    .returning({ id: optionValues.id });
  return rows.length > 0;
}
