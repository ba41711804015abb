// The Menu pane (spec §2 "Menu pane", §4, §8; issue 13): the merchant's items in a table with sort
// headers (name, category, price, sold out) and a category filter, a sold-out switch per item,
// the item edit and add modals (sizes, options and values, image with its crop, printers), and
// deleting an item. Every write goes to the API at once and the storefront shows it at its next
// read (docs/decisions/merchant-dashboard.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Switch } from 'react-aria-components';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { formatCents } from '../../lib/format.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { useFlash } from '../components/Flash.js';
import { failureText } from './alerts.js';
import { ItemEditor } from './ItemEditor.js';
import {
  dropItem,
  type MenuCategory,
  type MenuItem,
  menuKeys,
  menuWrites,
  storeItem,
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

type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

export function MenuPane({ merchantId: given }: { merchantId?: string } = {}) {
  const params = useParams();
  const merchantId = given ?? params.merchantId ?? '';
  const items = useMenuItems(merchantId);
  const categories = useMenuCategories(merchantId);
  const [categoryFilter, setCategoryFilter] = useState('');
  const [sort, setSort] = useState<SortChoice | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MenuItem | null>(null);

  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  const categoryName = useMemo(
    () => new Map(categoryList.map((c) => [c._id, c.name])),
    [categoryList],
  );
  const shown = useMemo(() => {
    const all = items.data ?? [];
    const filtered = categoryFilter ? all.filter((i) => i._idCategory === categoryFilter) : all;
    return sortItems(filtered, categoryList, sort);
  }, [items.data, categoryFilter, categoryList, sort]);

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
        <p className="muted menu-pane__count" aria-live="polite">
          {items.data ? `${shown.length} ${shown.length === 1 ? 'item' : 'items'}` : ''}
        </p>
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
          <p>{categoryFilter ? 'This category has no items yet.' : 'Add your first item.'}</p>
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
            <tbody>
              {shown.map((item) => (
                <ItemRow
                  key={item._id}
                  item={item}
                  merchantId={merchantId}
                  category={categoryName.get(item._idCategory) ?? ''}
                  onEdit={() => setEditing({ kind: 'edit', id: item._id })}
                  onDelete={() => setDeleting(item)}
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

function ItemRow({
  item,
  merchantId,
  category,
  onEdit,
  onDelete,
}: {
  item: MenuItem;
  merchantId: string;
  category: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const soldOut = useMutation({
    mutationFn: (soldout: boolean) => menuWrites(merchantId).update(item._id, { soldout }),
    onSuccess: (saved) => {
      storeItem(client, merchantId, saved);
      flash('success', MESSAGES.UPDATED);
    },
    // M8.37: the switch goes back to what the server holds.
    onError: () => flash('error', failureText('availability')),
  });
  const checked = soldOut.isPending ? soldOut.variables : item.soldout;
  return (
    <tr data-soldout={item.soldout ? 'true' : undefined}>
      <td className="menu-table__image">
        {item.imgUrl ? (
          <img src={item.imgUrl} alt="" width={60} height={40} loading="lazy" />
        ) : (
          <span className="menu-table__noimage" aria-hidden="true" />
        )}
      </td>
      <td className="menu-table__name">
        <button type="button" className="menu-table__edit" onClick={onEdit}>
          {item.name}
        </button>
        {item.name_2nd ? <span className="menu-table__second">{item.name_2nd}</span> : null}
        <span className="menu-table__extras">
          {item.size.length ? `${item.size.length} sizes` : null}
          {item.size.length && item.options.length ? ' · ' : null}
          {item.options.length ? `${item.options.length} options` : null}
        </span>
      </td>
      <td className="menu-table__category">{category}</td>
      <td className="menu-table__price">{formatCents(item.priceCents)}</td>
      <td className="menu-table__soldout">
        <Switch
          className="menu-switch"
          isSelected={checked}
          isDisabled={soldOut.isPending}
          onChange={(value) => soldOut.mutate(value)}
          aria-label={`Sold out: ${item.name}`}
        >
          <span className="menu-switch__track" aria-hidden="true">
            <span className="menu-switch__thumb" />
          </span>
          <span className="menu-switch__text" aria-hidden="true">
            {checked ? 'Sold out' : 'Available'}
          </span>
        </Switch>
      </td>
      <td className="menu-table__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onEdit}
          aria-label={`Edit ${item.name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--ghost menu-table__delete"
          onClick={onDelete}
          aria-label={`Delete ${item.name}`}
        >
          Delete
        </button>
      </td>
    </tr>
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
