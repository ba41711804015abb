// The menu pane's writes (issue 12, spec §7 Items and Categories). Each write is one transaction
// that holds the merchant's row (so two writes of one menu, e.g. two adds racing the item cap,
// take turns; `no key update` lets orders and carts that reference the merchant go on), checks
// that every id it is given is this merchant's, changes the rows, tells every instance the menu
// changed (the storefront reads it at its next request) and records what changed with the
// merchant's session. It answers the item or category as the menu now shows it.
import {
  CATEGORY_READ_ONLY_KEYS,
  ITEM_READ_ONLY_KEYS,
  MAX_ITEMS,
  type CategoryView,
  type ItemView,
  MENU_WRITE_LIMITS,
  type ItemEditBody,
} from '../../../contract/index.js';
import type { z } from 'zod';
import type {
  CategoryPromoWrite,
  categoryUpdateBody,
  itemAddBody,
  optionAddBody,
  optionValueAddBody,
  sizeAddBody,
} from '../../../contract/menu-writes.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { canonicalJson, refuseChangedReadOnly } from '../../lib/read-only-keys.js';
import type { PromoMethod } from '../../../domain/settings/schemas.js';
import { auditEntry, insertAudit } from '../audit/index.js';
import { menuChangedHere, notifyMenuChanged } from '../cache/index.js';
import { takePendingUpload } from '../files/index.js';
import { listCategories, listItems } from './menu.repository.js';
import * as repo from './menu-writes.repository.js';

/** Who writes: the merchant in the path and the signed-in session (for the audit). */
export interface MenuWriter {
  merchantId: string;
  sessionRef: string;
}

type ItemAdd = z.output<typeof itemAddBody>;

/** Limit reached, or a referenced row that is not there: 409 with the field named. */
export function conflict(field: string, message: string): AppError {
  return new AppError('conflict', message, [{ path: ['body', field], message }]);
}

export function invalid(field: string, message: string): AppError {
  return new AppError('invalid_input', message, [{ path: ['body', field], message }]);
}

export interface WriteScope {
  tx: Tx;
  merchantUuid: string;
  now: Date;
  /** Records one change of the menu, in the write's transaction. */
  audit(op: string, detail: Record<string, unknown>): Promise<void>;
}

/**
 * Runs one write under the merchant's lock, then tells every instance the menu changed: the
 * notification goes out on commit, and this instance drops its copy at once (read your writes).
 */
export async function write<T>(
  ctx: AppContext,
  who: MenuWriter,
  run: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  let merchantUuid: string | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const merchant = await repo.lockMerchantForMenu(tx, who.merchantId);
    if (!merchant) throw notFound('Merchant');
    const now = ctx.clock.now();
    const scope: WriteScope = {
      tx,
      merchantUuid: merchant.id,
      now,
      audit: (op, detail) =>
        insertAudit(
          tx,
          auditEntry({ merchantUuid: merchant.id, sessionRef: who.sessionRef }, 'menu', now, {
            op,
            ...detail,
          }),
        ),
    };
    const answer = await run(scope);
    await notifyMenuChanged(tx, merchant.id);
    merchantUuid = merchant.id;
    return answer;
  });
  if (merchantUuid) menuChangedHere(ctx, merchantUuid);
  return result;
}

export async function itemViewOf(tx: Tx, merchantUuid: string, itemId: string): Promise<ItemView> {
  const [view] = await listItems(tx, merchantUuid, { itemId });
  if (!view) throw notFound('Item');
  return view;
}

export async function liveItem(s: WriteScope, itemId: string) {
  const row = await repo.lockLiveItem(s.tx, s.merchantUuid, itemId);
  if (!row) throw notFound('Item');
  return row;
}

async function checkPrinters(s: WriteScope, ids: string[] | undefined) {
  if (!ids || ids.length === 0) return;
  const own = new Set(await repo.ownPrinterIds(s.tx, s.merchantUuid, ids));
  const stranger = ids.findIndex((id) => !own.has(id));
  if (stranger >= 0) throw invalid('_idPrinters', 'Unknown printer');
}

async function checkCategory(s: WriteScope, categoryId: string) {
  if (!(await repo.categoryExists(s.tx, s.merchantUuid, categoryId))) {
    throw invalid('_idCategory', 'Unknown category');
  }
}

/** Where a read-only key of the item read is changed instead. */
const ITEM_READ_ONLY_MESSAGES: Record<string, string> = {
  _id: 'The item id is read-only',
  priceCents: 'priceCents is read-only: send a new price as price',
  imgUrl: 'imgUrl is read-only: a new picture goes through item_complete',
  _idPrinter: '_idPrinter is read-only: send the printers as _idPrinters',
  size: 'size is read-only here: sizes have their own routes',
  options: 'options is read-only here: options have their own routes',
};

/** The columns an item body sets (the spec's field names → ours). */
function itemColumns(body: ItemEditBody): repo.ItemSet {
  const set: repo.ItemSet = {};
  if (body._idCategory !== undefined) set.categoryId = body._idCategory;
  if (body.name !== undefined) set.name = body.name;
  if (body.name_2nd !== undefined) set.name2 = body.name_2nd;
  if (body.discription !== undefined) set.description = body.discription;
  if (body.price !== undefined) set.priceCents = body.price;
  if (body.raw_sign !== undefined) set.rawSign = body.raw_sign;
  if (body.spicy_sign !== undefined) set.spicySign = body.spicy_sign;
  if (body.vegan_sign !== undefined) set.veganSign = body.vegan_sign;
  if (body.soldout !== undefined) set.soldout = body.soldout;
  if (body.size_alias !== undefined) set.sizeAlias = body.size_alias;
  if (body.availableHour !== undefined) set.availableHour = body.availableHour ?? null;
  if (body.item_order_id !== undefined) set.sortOrder = body.item_order_id;
  return set;
}

/** Only what differs between two views of the item, for the audit. */
function changes(before: ItemView, after: ItemView) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof ItemView)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out[key] = { before: before[key], after: after[key] };
    }
  }
  return out;
}

export function addItem(ctx: AppContext, who: MenuWriter, body: ItemAdd): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await checkCategory(s, body._idCategory);
    await checkPrinters(s, body._idPrinters);
    if ((await repo.countLiveItems(s.tx, s.merchantUuid)) >= MAX_ITEMS) {
      throw conflict('name', `A menu holds at most ${MAX_ITEMS} items`);
    }
    const sortOrder = body.item_order_id ?? (await repo.nextItemSortOrder(s.tx, body._idCategory));
    const id = await repo.insertItem(s.tx, {
      merchantId: s.merchantUuid,
      ...itemColumns(body),
      categoryId: body._idCategory,
      name: body.name,
      priceCents: body.price,
      sortOrder,
    });
    if (body._idPrinters) await repo.replaceItemPrinters(s.tx, id, body._idPrinters);
    const view = await itemViewOf(s.tx, s.merchantUuid, id);
    await s.audit('item.add', { itemId: id, after: view });
    return view;
  });
}

/**
 * Changes an item's fields (any of them; the sold-out toggle is `{ soldout }`). With `fileName`
 * (item_complete) the pending upload of that name becomes its picture, in the same transaction:
 * a failed save leaves the upload for another try.
 */
export function updateItem(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  body: ItemEditBody & { fileName?: string },
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    const row = await liveItem(s, itemId);
    if (body._idCategory !== undefined) await checkCategory(s, body._idCategory);
    await checkPrinters(s, body._idPrinters);
    const before = await itemViewOf(s.tx, s.merchantUuid, itemId);
    // The item read sent back whole: its other keys as they are stored, or refused.
    refuseChangedReadOnly(
      body as Record<string, unknown>,
      before,
      ITEM_READ_ONLY_KEYS,
      ITEM_READ_ONLY_MESSAGES,
    );
    const set = itemColumns(body);
    if (body.fileName !== undefined) {
      const taken = await takePendingUpload(s.tx, s.merchantUuid, body.fileName, s.now);
      if (!taken) {
        throw conflict('fileName', 'The uploaded image is gone or expired: upload it again');
      }
      set.imageId = taken.imageId;
    }
    await repo.updateItemRow(s.tx, itemId, { ...set, updatedAt: s.now });
    if (body._idPrinters) await repo.replaceItemPrinters(s.tx, itemId, body._idPrinters);
    if (set.imageId && row.imageId && row.imageId !== set.imageId) {
      await repo.deleteImageIfUnused(s.tx, s.merchantUuid, row.imageId);
    }
    const after = await itemViewOf(s.tx, s.merchantUuid, itemId);
    await s.audit('item.update', { itemId, changed: changes(before, after) });
    return after;
  });
}

/** Takes the item off the menu. Past orders keep their own copy; carts show the line unavailable. */
export function deleteItem(ctx: AppContext, who: MenuWriter, itemId: string) {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    const before = await itemViewOf(s.tx, s.merchantUuid, itemId);
    await repo.markItemDeleted(s.tx, itemId, s.now);
    await s.audit('item.delete', { itemId, before });
    return { success: true as const };
  });
}

export function addSize(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  body: z.output<typeof sizeAddBody>,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    const { n, next } = await repo.countSizes(s.tx, itemId);
    if (n >= MENU_WRITE_LIMITS.sizes) {
      throw conflict('name', `An item has at most ${MENU_WRITE_LIMITS.sizes} sizes`);
    }
    await repo.insertSize(s.tx, {
      itemId,
      name: body.name,
      name2: body.name_2nd ?? '',
      priceCents: body.price,
      sortOrder: next,
    });
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('size.add', { itemId, size: body });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export function deleteSize(ctx: AppContext, who: MenuWriter, itemId: string, sizeId: string) {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    if (!(await repo.deleteSize(s.tx, itemId, sizeId))) throw notFound('Size');
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('size.delete', { itemId, sizeId });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export function addOption(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  body: z.output<typeof optionAddBody>,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    const { n, next } = await repo.countGroups(s.tx, itemId);
    if (n >= MENU_WRITE_LIMITS.options) {
      throw conflict('name', `An item has at most ${MENU_WRITE_LIMITS.options} options`);
    }
    await repo.insertGroup(s.tx, {
      itemId,
      name: body.name,
      name2: body.name_2nd ?? '',
      numberToSelect: body.numberToSelect,
      minNumberToSelect: body.minNumberToSelect,
      maxNumberToSelect: body.maxNumberToSelect,
      required: body.required ?? false,
      sortOrder: next,
    });
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('option.add', { itemId, option: body });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export function deleteOption(ctx: AppContext, who: MenuWriter, itemId: string, optionId: string) {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    if (!(await repo.deleteGroup(s.tx, itemId, optionId))) throw notFound('Option');
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('option.delete', { itemId, optionId });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export function addOptionValue(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  optionId: string,
  body: z.output<typeof optionValueAddBody>,
): Promise<ItemView> {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    if (!(await repo.groupOfItem(s.tx, itemId, optionId))) throw notFound('Option');
    const { n, next } = await repo.countValues(s.tx, optionId);
    if (n >= MENU_WRITE_LIMITS.values) {
      throw conflict('name', `An option has at most ${MENU_WRITE_LIMITS.values} values`);
    }
    await repo.insertValue(s.tx, {
      optionGroupId: optionId,
      name: body.name,
      name2: body.name_2nd ?? '',
      priceCents: body.price,
      sortOrder: next,
    });
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('optionValue.add', { itemId, optionId, value: body });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export function deleteOptionValue(
  ctx: AppContext,
  who: MenuWriter,
  itemId: string,
  optionId: string,
  valueId: string,
) {
  return write(ctx, who, async (s) => {
    await liveItem(s, itemId);
    if (!(await repo.groupOfItem(s.tx, itemId, optionId))) throw notFound('Option');
    if (!(await repo.deleteValue(s.tx, optionId, valueId))) throw notFound('Option value');
    await repo.touchItem(s.tx, itemId, s.now);
    await s.audit('optionValue.delete', { itemId, optionId, valueId });
    return itemViewOf(s.tx, s.merchantUuid, itemId);
  });
}

export async function categoryViewOf(
  tx: Tx,
  merchantUuid: string,
  id: string,
): Promise<CategoryView> {
  const view = (await listCategories(tx, merchantUuid)).find((c) => c._id === id);
  if (!view) throw notFound('Category');
  return view;
}

/**
 * The promotion to store: as typed, or none (null). One sent as the read gave it (cents) is the
 * stored one sent back: kept; changed in that form it is refused, since its money cannot be told
 * from dollars typed as numbers. undefined: leave it.
 */
function promotionToStore(
  sent: CategoryPromoWrite | undefined,
  stored: PromoMethod | null,
): PromoMethod | null | undefined {
  if (sent === undefined) return undefined;
  if (sent === null) return null;
  if ('typed' in sent) return sent.typed;
  if (canonicalJson(sent.asRead) === canonicalJson(stored)) return undefined;
  throw invalid('promoMethod', 'Send a changed promotion as typed: x and y in dollars, as text');
}

/** A category's hours (null: none) or its promotion. */
export function updateCategory(
  ctx: AppContext,
  who: MenuWriter,
  categoryId: string,
  body: z.output<typeof categoryUpdateBody>,
): Promise<CategoryView> {
  return write(ctx, who, async (s) => {
    const before = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    refuseChangedReadOnly(body as Record<string, unknown>, before, CATEGORY_READ_ONLY_KEYS);
    const promoMethod = promotionToStore(body.promoMethod, before.promoMethod);
    await repo.updateCategoryRow(s.tx, s.merchantUuid, categoryId, {
      ...(body.availableHour !== undefined ? { availableHour: body.availableHour ?? null } : {}),
      ...(promoMethod !== undefined ? { promoMethod } : {}),
      updatedAt: s.now,
    });
    const after = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    await s.audit('category.update', {
      categoryId,
      before: { availableHour: before.availableHour, promoMethod: before.promoMethod },
      after: { availableHour: after.availableHour, promoMethod: after.promoMethod },
    });
    return after;
  });
}

export function deleteCategoryPromo(ctx: AppContext, who: MenuWriter, categoryId: string) {
  return write(ctx, who, async (s) => {
    const before = await categoryViewOf(s.tx, s.merchantUuid, categoryId);
    await repo.updateCategoryRow(s.tx, s.merchantUuid, categoryId, {
      promoMethod: null,
      updatedAt: s.now,
    });
    await s.audit('category.promo.delete', { categoryId, before: before.promoMethod });
    return categoryViewOf(s.tx, s.merchantUuid, categoryId);
  });
}
