import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/merchants.repository.js';
import { type ItemFilter, listCategories, listItems } from './menu.repository.js';

async function merchantUuid(ctx: AppContext, merchantId: string): Promise<string> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return m.id;
}

export async function getCategories(ctx: AppContext, merchantId: string) {
  return listCategories(ctx.db, await merchantUuid(ctx, merchantId));
}

export async function getCategory(ctx: AppContext, merchantId: string, categoryId: string) {
  const all = await getCategories(ctx, merchantId);
  const found = all.find((c) => c._id === categoryId);
  if (!found) throw notFound('Category');
  return found;
}

/** Lists are capped: a menu larger than this is paged by category. */
export const MAX_ITEMS = 2000;

export async function getItems(ctx: AppContext, merchantId: string, filter: ItemFilter = {}) {
  return listItems(ctx.db, await merchantUuid(ctx, merchantId), {
    ...filter,
    limit: Math.min(filter.limit ?? MAX_ITEMS, MAX_ITEMS),
  });
}

export async function getItem(ctx: AppContext, merchantId: string, itemId: string) {
  const [item] = await getItems(ctx, merchantId, { itemId });
  if (!item) throw notFound('Item');
  return item;
}
