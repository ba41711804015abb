// Reads of the store page, one hook per call (spec §7 paths).
import { useQuery } from '@tanstack/react-query';
import { api, seg } from '../lib/api.js';
import type { BusinessInfo, Category, MenuItem } from './types.js';

export const storeKeys = {
  businessInfo: (merchantId: string) => ['businessInfo', merchantId] as const,
  categories: (merchantId: string) => ['categories', merchantId] as const,
  items: (merchantId: string, limit?: number) => ['items', merchantId, limit ?? 'all'] as const,
};

export function useBusinessInfo(merchantId: string) {
  return useQuery({
    queryKey: storeKeys.businessInfo(merchantId),
    queryFn: ({ signal }) =>
      api.get<BusinessInfo>(
        `/api/businessInfos/merchantId/${seg(merchantId)}/businessInfo`,
        signal,
      ),
  });
}

export function useCategories(merchantId: string, enabled = true) {
  return useQuery({
    queryKey: storeKeys.categories(merchantId),
    queryFn: ({ signal }) =>
      api.get<Category[]>(`/api/categories7/merchantId/${seg(merchantId)}`, signal),
    enabled,
  });
}

/**
 * The menu items. Like the original store, a first small page (limit 10) paints the top of the
 * menu fast while the full list loads; the full list replaces it as soon as it arrives.
 */
export function useMenuItems(merchantId: string, enabled = true) {
  const base = `/api/items7/merchantId/${seg(merchantId)}`;
  const first = useQuery({
    queryKey: storeKeys.items(merchantId, 10),
    queryFn: ({ signal }) => api.get<MenuItem[]>(`${base}/limit/10/items`, signal),
    enabled,
  });
  const all = useQuery({
    queryKey: storeKeys.items(merchantId),
    queryFn: ({ signal }) => api.get<MenuItem[]>(`${base}/items`, signal),
    enabled,
  });
  return {
    items: all.data ?? first.data,
    complete: all.isSuccess,
    error: all.error ?? first.error,
    isPending: all.isPending && first.isPending,
  };
}
