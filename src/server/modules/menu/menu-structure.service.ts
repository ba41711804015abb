// The menu's structure and in-place edits (issue 28, src/contract/menu-structure.ts). Each runs as
// the spec's menu writes do (menu-writes.service.ts `write`): one transaction under the merchant's
// lock, ids checked to be the merchant's, the storefront told, the change audited. A field left
// out of an edit is not touched.
import type { CategoryView, ItemView } from '../../../contract/index.js';
import {
  MAX_CATEGORIES,
  type CategoryEditBody,
  type categoryAddBody,
  type OptionEditBody,
  type OptionValueEditBody,
  type SizeEditBody,
} from '../../../contract/menu-structure.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { listCategories, listItems } from './menu.repository.js';
import * as repo from './menu-structure.repository.js';
import { groupOfItem, touchItem } from './menu-writes.repository.js';
import {
  categoryViewOf,
  conflict,
  invalid,
  itemViewOf,
  liveItem,
  type MenuWriter,
  write,
  type WriteScope,
} from './menu-writes.service.js';

/** Only the keys that were sent, renamed to columns; absent keys stay absent. */
function pick<T extends object>(body: T, names: Partial<Record<keyof T, string>>) {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(names) as [keyof T, string][]) {
    if (body[key] !== undefined) out[column] = body[key];
  }
  return out;
}

export function addCategory(
  ctx: AppContext,
  who: MenuWriter,
  body: z.output<typeof categoryAddBody>,
): Promise<CategoryView> {
  return write(ctx, who, async (s) => {
    const { n, next } = await repo.countCategories(s.tx, s.merchantUuid);
    if (n >= MAX_CATEGORIES) {
      throw conflict('name', `A menu holds at most ${MAX_CATEGORIES} categories`);
    }
    const id = await repo.insertCategory(s.tx, {
      merchantId: s.merchantUuid,
      name: body.name,
      name2: body.name_2nd ?? '',
      description: body.description ?? '',
      sortOrder: next,
    });
    const view = await categoryViewOf(s.tx, s.merchantUuid, id);
    await s.audit('category.add', { categoryId: id, after: body });
    return view;
  });
}

export function editCategory(
  ctx: AppContext,
  who: MenuWriter,
  categoryId: string,
  body: CategoryEditBody,
): Promise<CategoryView> {
  return write(ctx, who, async (s) => {
    const before = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    const set = pick(body, { name: 'name', name_2nd: 'name2', description: 'description' });
    await repo.updateCategoryNames(s.tx, s.merchantUuid, categoryId, {
      ...set,
      updatedAt: s.now,
    });
    const after = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    await s.audit('category.edit', {
      categoryId,
      before: { name: before.name, name_2nd: before.name_2nd, description: before.description },
      after: body,
    });
    return after;
  });
}

/** Refused while the category holds items: deleting them with it would be a surprise. */
export function deleteCategory(ctx: AppContext, who: MenuWriter, categoryId: string) {
  return write(ctx, who, async (s) => {
    const before = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    const held = await repo.countLiveItemsIn(s.tx, categoryId);
    if (held > 0) {
      throw conflict(
        'id',
        `${before.name} still holds ${held} ${held === 1 ? 'item' : 'items'}: move or delete ${held === 1 ? 'it' : 'them'} first`,
      );
    }
    await repo.deleteCategoryRow(s.tx, s.merchantUuid, categoryId);
    await s.audit('category.delete', { categoryId, before });
    return { success: true as const };
  });
}

/** The stored list and the sent one hold the same ids, or the order is refused (409). */
function sameIds(stored: string[], sent: string[], what: string) {
  const have = new Set(stored);
  if (sent.length !== stored.length || sent.some((id) => !have.has(id))) {
    throw conflict('ids', `The ${what} changed since they were shown: reload and try again`);
  }
}

export function orderCategories(
  ctx: AppContext,
  who: MenuWriter,
  ids: string[],
): Promise<CategoryView[]> {
  return write(ctx, who, async (s) => {
    const before = await repo.categoryIds(s.tx, s.merchantUuid);
    sameIds(before, ids, 'categories');
    await repo.setCategoryOrder(s.tx, s.merchantUuid, ids, s.now);
    await s.audit('category.order', { before, after: ids });
    return listCategories(s.tx, s.merchantUuid);
  });
}

export function orderItems(
  ctx: AppContext,
  who: MenuWriter,
  categoryId: string,
  ids: string[],
): Promise<ItemView[]> {
  return write(ctx, who, async (s) => {
    await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    sameIds(await repo.liveItemIdsIn(s.tx, categoryId), ids, 'items of the category');
    await repo.setItemOrder(s.tx, categoryId, ids, s.now);
    await s.audit('item.order', { categoryId, after: ids });
    const list = await listItems(s.tx, s.merchantUuid, { categoryId });
    return list.sort((a, b) => a.item_order_id - b.item_order_id);
  });
}

export function editSize(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  sizeId: string,
  body: SizeEditBody,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    const set = pick(body, { name: 'name', name_2nd: 'name2', price: 'priceCents' });
    if (!(await repo.updateSize(s.tx, itemId, sizeId, set))) throw notFound('Size');
    await s.audit('size.update', { itemId, sizeId, after: body });
    return touched(s, itemId);
  });
}

export function editOption(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  optionId: string,
  body: OptionEditBody,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    const stored = await repo.lockGroup(s.tx, itemId, optionId);
    if (!stored) throw notFound('Option');
    // The counts after the edit: the sent ones, else the stored ones.
    const min =
      body.minNumberToSelect !== undefined ? body.minNumberToSelect : stored.minNumberToSelect;
    const max =
      body.maxNumberToSelect !== undefined ? body.maxNumberToSelect : stored.maxNumberToSelect;
    if (min !== null && max !== null && min > max) {
      throw invalid(
        body.maxNumberToSelect !== undefined ? 'maxNumberToSelect' : 'minNumberToSelect',
        MESSAGES.INVALID,
      );
    }
    await repo.updateGroup(
      s.tx,
      optionId,
      pick(body, {
        name: 'name',
        name_2nd: 'name2',
        numberToSelect: 'numberToSelect',
        minNumberToSelect: 'minNumberToSelect',
        maxNumberToSelect: 'maxNumberToSelect',
        required: 'required',
      }),
    );
    await s.audit('option.update', { itemId, optionId, after: body });
    return touched(s, itemId);
  });
}

export function editOptionValue(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  optionId: string,
  valueId: string,
  body: OptionValueEditBody,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    if (!(await groupOfItem(s.tx, itemId, optionId))) throw notFound('Option');
    const set = pick(body, { name: 'name', name_2nd: 'name2', price: 'priceCents' });
    if (!(await repo.updateValue(s.tx, optionId, valueId, set))) throw notFound('Option value');
    await s.audit('optionValue.update', { itemId, optionId, valueId, after: body });
    return touched(s, itemId);
  });
}

/** The item's change time moves with its parts; answers the item as the menu shows it. */
async function touched(s: WriteScope, itemId: string) {
  await touchItem(s.tx, itemId, s.now);
  return itemViewOf(s.tx, s.merchantUuid, itemId);
}
