// The Store pane's calls (spec §7 "Business info", "Categories"; docs/decisions/store-settings.md),
// through the contract's refs: the merchant's whole settings (the same read as the Orders pane),
// the save of one section, the password change, and a category's hours and promotion. Each save
// answers the saved record, which replaces the pane's copy at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeMerchantPassword,
  deleteCategoryPromo,
  updateBusinessInfo,
  updateCategory,
} from '../../../contract/refs.js';
import type { RouteAnswer, RouteBody } from '../../../contract/route.js';
import { call } from '../../lib/api.js';
import { menuKeys, type MenuCategory } from '../menu/queries.js';
import { ordersKeys } from '../orders/queries.js';

export { useMerchantSettings } from '../orders/queries.js';
export { useMenuCategories } from '../menu/queries.js';

export type SettingsSave = RouteBody<typeof updateBusinessInfo>;
export type MerchantSettings = RouteAnswer<typeof updateBusinessInfo>;
export type CategoryUpdate = RouteBody<typeof updateCategory>;

export function useSaveSettings(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSave) => call(updateBusinessInfo, { params: { merchantId }, body }),
    onSuccess: (saved) => client.setQueryData(ordersKeys.settings(merchantId), saved),
  });
}

export function useChangePassword(merchantId: string) {
  return useMutation({
    mutationFn: (body: RouteBody<typeof changeMerchantPassword>) =>
      call(changeMerchantPassword, { params: { merchantId }, body }),
  });
}

function replaceCategory(list: MenuCategory[] | undefined, saved: MenuCategory) {
  return list?.map((c) => (c._id === saved._id ? saved : c));
}

/** A category's hours or promotion; `promoMethod: null` removes the promotion. */
export function useSaveCategory(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CategoryUpdate | { promoMethod: null } }) =>
      'promoMethod' in body && body.promoMethod === null
        ? call(deleteCategoryPromo, { params: { merchantId, id } })
        : call(updateCategory, { params: { merchantId, id }, body: body as CategoryUpdate }),
    onSuccess: (saved) =>
      client.setQueryData<MenuCategory[]>(menuKeys.categories(merchantId), (list) =>
        replaceCategory(list, saved),
      ),
  });
}
