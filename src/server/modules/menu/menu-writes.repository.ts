// The menu pane's statements (issue 12): items, sizes, option groups and values, printers and
// category settings of one merchant. Every statement names the merchant (or an item already
// checked to be the merchant's), so one merchant can never touch another's menu.
import { and, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  categories,
  images,
  itemPrinters,
  itemSizes,
  items,
  merchants,
  optionGroups,
  optionValues,
  printers,
} from '../../db/schema/index.js';

/**
 * The merchant's row, held while its menu is written: menu writes of one merchant take turns.
 * `no key update` does not stop the orders and cart lines that reference the merchant.
 */
export async function lockMerchantForMenu(tx: Tx, merchantId: string) {
  const [row] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId))
    .for('no key update');
  return row;
}

/** The merchant's item, not deleted, locked while it is changed. */
export async function lockLiveItem(tx: Tx, merchantUuid: string, itemId: string) {
  const [row] = await tx
    .select({ id: items.id, categoryId: items.categoryId, imageId: items.imageId })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.merchantId, merchantUuid), isNull(items.deletedAt)))
    .for('update');
  return row;
}

export async function categoryExists(tx: Tx, merchantUuid: string, categoryId: string) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.merchantId, merchantUuid)));
  return !!row;
}

export async function countLiveItems(tx: Tx, merchantUuid: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.merchantId, merchantUuid), isNull(items.deletedAt)));
  return row?.n ?? 0;
}

/** Which of these printer ids are the merchant's. */
export async function ownPrinterIds(tx: Tx, merchantUuid: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.merchantId, merchantUuid), inArray(printers.id, ids)));
  return rows.map((r) => r.id);
}

export async function nextItemSortOrder(tx: Tx, categoryId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(items.sortOrder) })
    .from(items)
    .where(eq(items.categoryId, categoryId));
  return (row?.n ?? -1) + 1;
}

export type ItemInsert = Omit<typeof items.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ItemSet = Partial<
  Omit<typeof items.$inferInsert, 'id' | 'merchantId' | 'createdAt' | 'deletedAt'>
>;

export async function insertItem(tx: Tx, row: ItemInsert): Promise<string> {
  const [created] = await tx.insert(items).values(row).returning({ id: items.id });
  return created!.id;
}

export async function updateItemRow(tx: Tx, itemId: string, set: ItemSet) {
  await tx.update(items).set(set).where(eq(items.id, itemId));
}

export async function markItemDeleted(tx: Tx, itemId: string, at: Date) {
  await tx.update(items).set({ deletedAt: at, updatedAt: at }).where(eq(items.id, itemId));
}

export async function replaceItemPrinters(tx: Tx, itemId: string, printerIds: string[]) {
  await tx.delete(itemPrinters).where(eq(itemPrinters.itemId, itemId));
  if (printerIds.length > 0) {
    await tx.insert(itemPrinters).values(printerIds.map((printerId) => ({ itemId, printerId })));
  }
}

export async function countSizes(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ n: count(), last: max(itemSizes.sortOrder) })
    .from(itemSizes)
    .where(eq(itemSizes.itemId, itemId));
  return { n: row?.n ?? 0, next: (row?.last ?? -1) + 1 };
}

export async function insertSize(tx: Tx, row: typeof itemSizes.$inferInsert) {
  await tx.insert(itemSizes).values(row);
}

/** Deletes one of the item's sizes; false when the item has no such size. */
export async function deleteSize(tx: Tx, itemId: string, sizeId: string): Promise<boolean> {
  const gone = await tx
    .delete(itemSizes)
    .where(and(eq(itemSizes.id, sizeId), eq(itemSizes.itemId, itemId)))
    .returning({ id: itemSizes.id });
  return gone.length > 0;
}

export async function countGroups(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ n: count(), last: max(optionGroups.sortOrder) })
    .from(optionGroups)
    .where(eq(optionGroups.itemId, itemId));
  return { n: row?.n ?? 0, next: (row?.last ?? -1) + 1 };
}

export async function insertGroup(tx: Tx, row: typeof optionGroups.$inferInsert) {
  await tx.insert(optionGroups).values(row);
}

export async function groupOfItem(tx: Tx, itemId: string, groupId: string) {
  const [row] = await tx
    .select({ id: optionGroups.id })
    .from(optionGroups)
    .where(and(eq(optionGroups.id, groupId), eq(optionGroups.itemId, itemId)));
  return row;
}

/** Deletes one of the item's option groups with its values; false when there is none such. */
export async function deleteGroup(tx: Tx, itemId: string, groupId: string): Promise<boolean> {
  const gone = await tx
    .delete(optionGroups)
    .where(and(eq(optionGroups.id, groupId), eq(optionGroups.itemId, itemId)))
    .returning({ id: optionGroups.id });
  return gone.length > 0;
}

export async function countValues(tx: Tx, groupId: string) {
  const [row] = await tx
    .select({ n: count(), last: max(optionValues.sortOrder) })
    .from(optionValues)
    .where(eq(optionValues.optionGroupId, groupId));
  return { n: row?.n ?? 0, next: (row?.last ?? -1) + 1 };
}

export async function insertValue(tx: Tx, row: typeof optionValues.$inferInsert) {
  await tx.insert(optionValues).values(row);
}

export async function deleteValue(tx: Tx, groupId: string, valueId: string): Promise<boolean> {
  const gone = await tx
    .delete(optionValues)
    .where(and(eq(optionValues.id, valueId), eq(optionValues.optionGroupId, groupId)))
    .returning({ id: optionValues.id });
  return gone.length > 0;
}

/** Touches the item so its change time moves with its sizes and options. */
export async function touchItem(tx: Tx, itemId: string, at: Date) {
  await tx.update(items).set({ updatedAt: at }).where(eq(items.id, itemId));
}

export async function updateCategoryRow(
  tx: Tx,
  merchantUuid: string,
  categoryId: string,
  set: Pick<Partial<typeof categories.$inferInsert>, 'availableHour' | 'promoMethod' | 'updatedAt'>,
): Promise<boolean> {
  const rows = await tx
    .update(categories)
    .set(set)
    .where(and(eq(categories.id, categoryId), eq(categories.merchantId, merchantUuid)))
    .returning({ id: categories.id });
  return rows.length > 0;
}

/**
 * Deletes the merchant's image once nothing shows it any more (an item's picture replaced by
 * item_complete): no item holds it and it is not the store's logo. Images are served with a
 * year's immutable caching under their own id, so a page that still names it shows a broken
 * picture at worst, and only until its next menu read.
 */
export async function deleteImageIfUnused(tx: Tx, merchantUuid: string, imageId: string) {
  await tx.execute(sql`delete from ${images}
    where ${images.id} = ${imageId} and ${images.merchantId} = ${merchantUuid}
      and not exists (select 1 from ${items} where ${items.imageId} = ${imageId})
      and not exists (select 1 from ${merchants} where ${merchants.logoUrl} like ${`%${imageId}%`})`);
}
