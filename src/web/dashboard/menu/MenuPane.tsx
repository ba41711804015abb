// The Menu pane (spec §2 "Menu pane", §4, §8; issue 13): the merchant's items in a table with sort
// headers (name, category, price, sold out) and a category filter, a sold-out switch per item,
// the item edit and add modals (sizes, options and values, image with its crop, printers), and
// deleting an item. Issue 28: a search over names and descriptions, the categories managed in
// their own dialog (add, rename, delete, order), a category's items put in order, and rows that
// stay cheap at 500 items (ItemRow.tsx, bench/dashboard, docs/decisions/menu-pane-scale.md).
// Every write goes to the API at once and the storefront shows it at its next read
// (docs/decisions/merchant-dashboard.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { failureText } from './alerts.js';
import { CategoryManager } from './CategoryManager.js';
import { ItemEditor } from './ItemEditor.js';
import { ItemRow, useSoldOut } from './ItemRow.js';
import { ItemOrderDialog } from './ItemOrderDialog.js';
import {
  dropItem,
  type MenuCategory,
  type MenuItem,
  menuKeys,
  menuWrites,
  useMenuCategories,
  useMenuItems,
} from './queries.js';
import './menu.css';

export type SortKey = 'name' | 'category' | 'price' | 'soldout';
export interface SortChoice {
  key: SortKey;
  dir: 'asc' | 'desc';
}
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category' },
  { key: 'price', label: 'Price' },
  { key: 'soldout', label: 'Sold out' },
];

/**
 * The list in the chosen order. Without a choice, and between equals, items keep the menu's order
 * (category order, then the item's place in it), which is what "Category" sorts by too.
 */
export function sortItems(
  items: MenuItem[],
  categories: MenuCategory[],
  sort: SortChoice | null,
): MenuItem[] {
  const place = new Map(categories.map((c, i) => [c._id, [c.sortOrder, i] as const]));
  const menuOrder = (a: MenuItem, b: MenuItem) => {
    const [ao, ai] = place.get(a._idCategory) ?? [Infinity, Infinity];
    const [bo, bi] = place.get(b._idCategory) ?? [Infinity, Infinity];
    return ao - bo || ai - bi || a.item_order_id - b.item_order_id;
  };
  const by: Record<SortKey, (a: MenuItem, b: MenuItem) => number> = {
    name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    category: menuOrder,
    price: (a, b) => a.priceCents - b.priceCents,
    soldout: (a, b) => Number(a.soldout) - Number(b.soldout),
  };
  const sign = sort?.dir === 'desc' ? -1 : 1;
  return items.slice().sort((a, b) => (sort ? sign * by[sort.key](a, b) : 0) || menuOrder(a, b));
}

/** Items whose name, second-language name or description holds the words (case ignored). */
export function searchItems(items: MenuItem[], query: string): MenuItem[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((i) => {
    const text = `${i.name} ${i.name_2nd} ${i.discription}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Rows drawn per step: a step stays well under a 50 ms long task on a tablet. */
const ROWS_PER_STEP = 40;

/**
 * How many rows to draw: the first step at once, then one more step per macrotask, so a
 * 500-item menu never blocks the page in one long task (bench/dashboard). A new search, filter
 * or sort (`view`) starts again from the first step; a changed item (a sold-out toggle) does not.
 */
function useRowsDrawn(total: number, view: string): number {
  const [drawn, setDrawn] = useState({ view, n: ROWS_PER_STEP });
  const n = drawn.view === view ? drawn.n : ROWS_PER_STEP;
  if (drawn.view !== view) setDrawn({ view, n });
  useEffect(() => {
    if (n >= total) return;
    const timer = setTimeout(() => setDrawn({ view, n: n + ROWS_PER_STEP }), 0);
    return () => clearTimeout(timer);
  }, [total, view, n]);
  return n;
}

type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;
type Arranging = 'categories' | 'items' | null;

export function MenuPane({ merchantId: given }: { merchantId?: string } = {}) {
  const params = useParams();
  const merchantId = given ?? params.merchantId ?? '';
  const items = useMenuItems(merchantId);
  const categories = useMenuCategories(merchantId);
  const [categoryFilter, setCategoryFilter] = useState('');
  const [sort, setSort] = useState<SortChoice | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MenuItem | null>(null);
  const [arranging, setArranging] = useState<Arranging>(null);
  const [query, setQuery] = useState('');
  // Typing stays quick on a long menu: the list follows the field a moment later.
  const search = useDeferredValue(query);

  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  const categoryName = useMemo(
    () => new Map(categoryList.map((c) => [c._id, c.name])),
    [categoryList],
  );
  const shown = useMemo(() => {
    const all = items.data ?? [];
    const filtered = categoryFilter ? all.filter((i) => i._idCategory === categoryFilter) : all;
    return sortItems(searchItems(filtered, search), categoryList, sort);
  }, [items.data, categoryFilter, categoryList, sort, search]);
  const edit = useCallback((id: string) => setEditing({ kind: 'edit', id }), []);
  const { pending, setSoldOut } = useSoldOut(merchantId);
  const view = `${categoryFilter}|${search}|${sort?.key ?? ''}|${sort?.dir ?? ''}`;
  const drawn = useRowsDrawn(shown.length, view);
  const chosenCategory = categoryList.find((c) => c._id === categoryFilter);

  const toggleSort = (key: SortKey) =>
    setSort((s) =>
      s?.key === key && s.dir === 'asc' ? { key, dir: 'desc' } : { key, dir: 'asc' },
    );

  return (
    <section className="dash-pane menu-pane" aria-labelledby="menu-pane-title">
      <div className="menu-pane__head">
        <h1 id="menu-pane-title">Menu</h1>
        <div className="dash-field menu-pane__filter">
          <label htmlFor="menu-category-filter">Category</label>
          <select
            id="menu-category-filter"
            value={categoryFilter}
            onChange={(e) => setCategoryFilter(e.target.value)}
          >
            <option value="">All categories</option>
            {categoryList.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name_2nd ? `${c.name} ${c.name_2nd}` : c.name}
              </option>
            ))}
          </select>
        </div>
        <SearchField
          className="dash-field menu-pane__search"
          value={query}
          onChange={setQuery}
          aria-describedby="menu-search-hint"
        >
          <Label>Search</Label>
          <Input placeholder="Name or description" />
          <span id="menu-search-hint" className="dash-sr-only">
            Shows the items whose name, second-language name or description holds the words.
          </span>
        </SearchField>
        <p className="muted menu-pane__count" aria-live="polite">
          {items.data ? `${shown.length} ${shown.length === 1 ? 'item' : 'items'}` : ''}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => setArranging('categories')}
          disabled={!categories.data || !items.data}
        >
          Categories
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setArranging('items')}
          disabled={!chosenCategory || !items.data}
          title={chosenCategory ? undefined : 'Choose a category to put its items in order'}
        >
          Order items
        </button>
        <button
          type="button"
          className="button button--primary menu-pane__add"
          onClick={() => setEditing({ kind: 'add' })}
          disabled={!categories.data}
        >
          Add item
        </button>
      </div>

      {items.isPending ? (
        <StatusPanel title="Loading the menu…" />
      ) : items.isError ? (
        <StatusPanel title="Cannot load the menu." role="alert">
          <button type="button" className="button" onClick={() => void items.refetch()}>
            Try again
          </button>
        </StatusPanel>
      ) : shown.length === 0 ? (
        <StatusPanel title="No Data Found">
          <p>
            {search
              ? 'No item matches the search.'
              : categoryFilter
                ? 'This category has no items yet.'
                : 'Add your first item.'}
          </p>
        </StatusPanel>
      ) : (
        <div className="menu-table-scroll">
          <table className="menu-table">
            <caption className="dash-sr-only">
              Menu items{sort ? `, sorted by ${sort.key} ${sort.dir}ending` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="menu-table__image">
                  <span className="dash-sr-only">Image</span>
                </th>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={`menu-table__${c.key}`}
                    aria-sort={
                      sort?.key === c.key
                        ? sort.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    <button
                      type="button"
                      className="menu-table__sort"
                      onClick={() => toggleSort(c.key)}
                    >
                      {c.label}
                      <span aria-hidden="true" className="menu-table__arrow">
                        {sort?.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                ))}
                <th scope="col" className="menu-table__actions">
                  <span className="dash-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            {/* A new view is a new body: the old rows leave the page as one node, not one by one. */}
            <tbody key={view}>
              {shown.slice(0, drawn).map((item) => (
                <ItemRow
                  key={item._id}
                  item={item}
                  category={categoryName.get(item._idCategory) ?? ''}
                  sending={pending.get(item._id)}
                  onSoldOut={setSoldOut}
                  onEdit={edit}
                  onDelete={setDeleting}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing ? (
        <ItemEditor
          key={editing.kind === 'edit' ? editing.id : 'add'}
          merchantId={merchantId}
          itemId={editing.kind === 'edit' ? editing.id : null}
          categories={categoryList}
          defaultCategoryId={categoryFilter}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {arranging === 'categories' && items.data ? (
        <CategoryManager
          merchantId={merchantId}
          categories={categoryList}
          items={items.data}
          onClose={() => setArranging(null)}
        />
      ) : null}
      {arranging === 'items' && chosenCategory && items.data ? (
        <ItemOrderDialog
          merchantId={merchantId}
          category={chosenCategory}
          items={items.data}
          onClose={() => setArranging(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteItemDialog
          merchantId={merchantId}
          item={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

function DeleteItemDialog({
  merchantId,
  item,
  onClose,
}: {
  merchantId: string;
  item: MenuItem;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const remove = useMutation({
    mutationFn: () => menuWrites(merchantId).remove(item._id),
    onSuccess: () => {
      dropItem(client, merchantId, item._id);
      void client.invalidateQueries({ queryKey: menuKeys.items(merchantId) });
      flash('success', MESSAGES.UPDATED);
      onClose();
    },
    onError: () => {
      flash('error', failureText('removeItem'));
      onClose();
    },
  });
  return (
    <DashboardDialog
      title="Delete item"
      role="alertdialog"
      onClose={onClose}
      dismissable={!remove.isPending}
    >
      <p>
        Delete <strong>{item.name}</strong>? It leaves the menu at once. Past orders keep it, and a
        diner who has it in the cart sees it as unavailable.
      </p>
      <div className="dash-dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </DashboardDialog>
  );
}
