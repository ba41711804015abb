// Reads of the store page, one hook per route of the contract (spec §7 paths).
import { getBusinessInfo, listCategories, listFirstItems, listItems } from '../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { FIRST_ITEMS_PAGE } from '../../contract/menu-limits.js';
import { call } from '../lib/api.js';

export const storeKeys = {
  businessInfo: (merchantId: string) => ['businessInfo', merchantId] as const,
  categories: (merchantId: string) => ['categories', merchantId] as const,
  items: (merchantId: string, limit?: number) => ['items', merchantId, limit ?? 'all'] as const,
};

/** The first page of the menu: enough items to paint the top of the page (the server preloads it). */
const FIRST_PAGE = FIRST_ITEMS_PAGE;

export function useBusinessInfo(merchantId: string) {
  return useQuery({
    queryKey: storeKeys.businessInfo(merchantId),
    queryFn: ({ signal }) => call(getBusinessInfo, { params: { merchantId } }, signal),
  });
}

export function useCategories(merchantId: string, enabled = true) {
  return useQuery({
    queryKey: storeKeys.categories(merchantId),
    queryFn: ({ signal }) => call(listCategories, { params: { merchantId } }, signal),
    enabled,
  });
}

/**
 * The menu items. Like the original store, a first small page (limit 10) paints the top of the
 * menu fast while the full list loads; the full list replaces it as soon as it arrives. `full`
 * false holds the full list back (the store page asks for it once its top is painted).
 */
export function useMenuItems(merchantId: string, { enabled = true, full = true } = {}) {
  const first = useQuery({
    queryKey: storeKeys.items(merchantId, FIRST_PAGE),
    queryFn: ({ signal }) =>
      call(listFirstItems, { params: { merchantId, n: FIRST_PAGE } }, signal),
    enabled,
  });
  const all = useQuery({
    queryKey: storeKeys.items(merchantId),
    queryFn: ({ signal }) => call(listItems, { params: { merchantId } }, signal),
    enabled: enabled && full,
  });
  return {
    items: all.data ?? first.data,
    complete: all.isSuccess,
    error: all.error ?? first.error,
    isPending: all.isPending && first.isPending,
  };
}
