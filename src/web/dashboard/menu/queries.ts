// The Menu pane's calls (spec §7 "Items", "Files, printers"; docs/decisions/menu-writes.md), all
// through the contract's refs: the merchant's items and categories (the same reads the storefront
// makes, so the pane shows what diners see), the printers an item may print on, and the writes,
// each answering the changed item, which replaces the pane's copy at once.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ItemView } from '../../../contract/menu.js';
import {
  addCategory,
  addItem,
  addItemOption,
  addItemOptionValue,
  addItemSize,
  completeItem,
  deleteCategory,
  deleteItem,
  deleteItemOption,
  deleteItemOptionValue,
  deleteItemSize,
  editCategory,
  editItemOption,
  editItemOptionValue,
  editItemSize,
  listCategories,
  listItems,
  listPrinters,
  orderCategories,
  orderItems,
  removeUpload,
  updateItem,
} from '../../../contract/refs.js';
import type { RouteAnswer, RouteBody } from '../../../contract/route.js';
import { call } from '../../lib/api.js';

export const menuKeys = {
  all: (merchantId: string) => ['menuPane', merchantId] as const,
  items: (merchantId: string) => ['menuPane', merchantId, 'items'] as const,
  categories: (merchantId: string) => ['menuPane', merchantId, 'categories'] as const,
  printers: (merchantId: string) => ['menuPane', merchantId, 'printers'] as const,
};

/** An item of the pane's list: the stored item, whatever the storefront adds for diners. */
export type MenuItem = ItemView;
export type MenuCategory = RouteAnswer<typeof listCategories>[number];
export type MenuPrinter = RouteAnswer<typeof listPrinters>[number];
export type ItemAddBody = RouteBody<typeof addItem>;
export type ItemEditBody = RouteBody<typeof updateItem>;
export type SizeAddBody = RouteBody<typeof addItemSize>;
export type OptionAddBody = RouteBody<typeof addItemOption>;
export type OptionValueAddBody = RouteBody<typeof addItemOptionValue>;
export type SizeEditBody = RouteBody<typeof editItemSize>;
export type OptionEditBody = RouteBody<typeof editItemOption>;
export type OptionValueEditBody = RouteBody<typeof editItemOptionValue>;

export function useMenuItems(merchantId: string) {
  return useQuery({
    queryKey: menuKeys.items(merchantId),
    queryFn: ({ signal }): Promise<MenuItem[]> =>
      call(listItems, { params: { merchantId } }, signal),
  });
}

export function useMenuCategories(merchantId: string) {
  return useQuery({
    queryKey: menuKeys.categories(merchantId),
    queryFn: ({ signal }) => call(listCategories, { params: { merchantId } }, signal),
    staleTime: 60_000,
  });
}

/** The printers an item may print on: kitchen and label (the API leaves receipt printers out). */
export function usePrinters(merchantId: string) {
  return useQuery({
    queryKey: menuKeys.printers(merchantId),
    queryFn: ({ signal }) => call(listPrinters, { params: { merchantId } }, signal),
    staleTime: 60_000,
  });
}

/** Puts the item as the server answered it into the pane's list (added at the end if new). */
/**
 * A read of the list begun before this write would land after it with the item as it was: it is
 * cancelled first, so the written item is what stays (the next read brings the rest).
 */
function cancelListRead(client: QueryClient, merchantId: string) {
  void client.cancelQueries({ queryKey: menuKeys.items(merchantId) });
}

export function storeItem(client: QueryClient, merchantId: string, item: MenuItem) {
  cancelListRead(client, merchantId);
  client.setQueryData<MenuItem[]>(menuKeys.items(merchantId), (list) => {
    if (!list) return list;
    const at = list.findIndex((i) => i._id === item._id);
    if (at === -1) return [...list, item];
    const next = list.slice();
    // Keep what the storefront's read adds (available, unavailableNote) until the next read.
    next[at] = { ...list[at], ...item };
    return next;
  });
}

export function dropItem(client: QueryClient, merchantId: string, id: string) {
  cancelListRead(client, merchantId);
  client.setQueryData<MenuItem[]>(menuKeys.items(merchantId), (list) =>
    list?.filter((i) => i._id !== id),
  );
}

/** The writes, one function per route; each resolves with what the server answered. */
export function menuWrites(merchantId: string) {
  const item = (id: string) => ({ merchantId, id });
  return {
    add: (body: ItemAddBody) => call(addItem, { params: { merchantId }, body }),
    update: (id: string, body: ItemEditBody) => call(updateItem, { params: item(id), body }),
    complete: (id: string, body: ItemEditBody, fileName: string) =>
      call(completeItem, { params: item(id), body: { ...body, fileName } }),
    remove: (id: string) => call(deleteItem, { params: item(id) }),
    addSize: (id: string, body: SizeAddBody) => call(addItemSize, { params: item(id), body }),
    removeSize: (id: string, sizeId: string) =>
      call(deleteItemSize, { params: { ...item(id), sizeId } }),
    addOption: (id: string, body: OptionAddBody) => call(addItemOption, { params: item(id), body }),
    removeOption: (id: string, optionId: string) =>
      call(deleteItemOption, { params: { ...item(id), optionId } }),
    addValue: (id: string, optionId: string, body: OptionValueAddBody) =>
      call(addItemOptionValue, { params: { ...item(id), optionId }, body }),
    editSize: (id: string, sizeId: string, body: SizeEditBody) =>
      call(editItemSize, { params: { ...item(id), sizeId }, body }),
    editOption: (id: string, optionId: string, body: OptionEditBody) =>
      call(editItemOption, { params: { ...item(id), optionId }, body }),
    editValue: (id: string, optionId: string, valueId: string, body: OptionValueEditBody) =>
      call(editItemOptionValue, { params: { ...item(id), optionId, valueId }, body }),
    removeValue: (id: string, optionId: string, valueId: string) =>
      call(deleteItemOptionValue, { params: { ...item(id), optionId, valueId } }),
    /** Drops an upload that no item took (idempotent; see menu-writes-files.md). */
    discardUpload: (name: string) => call(removeUpload, { params: { name } }),
  };
}
export type MenuWrites = ReturnType<typeof menuWrites>;

export type CategoryAddBody = RouteBody<typeof addCategory>;
export type CategoryEditBody = RouteBody<typeof editCategory>;

/**
 * The menu's structure (issue 28): categories added, renamed, deleted and put in order, and a
 * category's items put in order. Each answer replaces the pane's copy; the list is read again
 * after, so the storefront's order and the pane's agree.
 */
export function structureWrites(merchantId: string, client: QueryClient) {
  const params = { merchantId };
  const categoriesChanged = (list?: MenuCategory[]) => {
    if (list) client.setQueryData(menuKeys.categories(merchantId), list);
    void client.invalidateQueries({ queryKey: menuKeys.categories(merchantId) });
  };
  return {
    addCategory: async (body: CategoryAddBody) => {
      const added = await call(addCategory, { params, body });
      client.setQueryData<MenuCategory[]>(menuKeys.categories(merchantId), (list) =>
        list ? [...list, added] : list,
      );
      categoriesChanged();
      return added;
    },
    editCategory: async (id: string, body: CategoryEditBody) => {
      const saved = await call(editCategory, { params: { ...params, id }, body });
      client.setQueryData<MenuCategory[]>(menuKeys.categories(merchantId), (list) =>
        list?.map((c) => (c._id === id ? saved : c)),
      );
      categoriesChanged();
      return saved;
    },
    deleteCategory: async (id: string) => {
      await call(deleteCategory, { params: { ...params, id } });
      client.setQueryData<MenuCategory[]>(menuKeys.categories(merchantId), (list) =>
        list?.filter((c) => c._id !== id),
      );
      categoriesChanged();
    },
    orderCategories: async (ids: string[]) =>
      categoriesChanged(await call(orderCategories, { params, body: { ids } })),
    orderItems: async (categoryId: string, ids: string[]) => {
      const saved = await call(orderItems, {
        params: { ...params, id: categoryId },
        body: { ids },
      });
      for (const item of saved) storeItem(client, merchantId, item);
      void client.invalidateQueries({ queryKey: menuKeys.items(merchantId) });
    },
  };
}
