// The store page's cart: the diner id, the server's cart, its changes, the item modal that adds
// to it (or, reopened from a line's Edit, changes that line) and the checkout (both lazy-loaded, so neither they nor the UI library are in the first
// load). Checkout goes back to the menu when the cart becomes empty (spec §4).
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CartLineView } from '../../../contract/cart.js';
import type { PublicItemView } from '../../../contract/menu.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { itemDisplay } from '../display.js';
import { storeKeys } from '../queries.js';
import './cart.css';
import { CartPanel } from './CartPanel.js';
import {
  useAddToCart,
  useCart,
  useDinerId,
  useRemoveFromCart,
  useUpdateCartLine,
} from './queries.js';

const ItemModal = lazy(() => import('../item/ItemModal.js'));
const CheckoutView = lazy(() => import('../checkout/CheckoutView.js'));

export function StoreCart({
  merchantId,
  info,
  tableName,
  openItem,
  onCloseItem,
}: {
  merchantId: string;
  info: PublicBusinessInfo;
  tableName?: string | undefined;
  openItem: PublicItemView | null;
  onCloseItem: () => void;
}) {
  const uid = useDinerId();
  const cart = useCart(merchantId, uid.data);
  const add = useAddToCart(merchantId, uid.data);
  const remove = useRemoveFromCart(merchantId, uid.data);
  const update = useUpdateCartLine(merchantId, uid.data);
  const client = useQueryClient();
  const [checkingOut, setCheckingOut] = useState(false);
  const [editing, setEditing] = useState<{ line: CartLineView; item: PublicItemView } | null>(null);
  const display = itemDisplay(info);
  const error =
    remove.error?.message ??
    // The modal shows its own refusal while a line is being edited there.
    (editing ? undefined : update.error?.message) ??
    cart.error?.message ??
    uid.error?.message;

  /** The line's item as the menu read it (the store page has loaded the menu by now). */
  function itemOf(line: CartLineView): PublicItemView | undefined {
    const lists = client.getQueriesData<PublicItemView[]>({
      queryKey: storeKeys.items(merchantId).slice(0, 2),
    });
    for (const [, items] of lists) {
      const found = items?.find((i) => i._id === line._idItem);
      if (found) return found;
    }
    return undefined;
  }
  const empty = (cart.data?.orderItems.length ?? 0) === 0;

  useEffect(() => {
    if (checkingOut && cart.data && empty) setCheckingOut(false);
  }, [checkingOut, cart.data, empty]);

  return (
    <>
      <CartPanel
        cart={cart.data}
        busy={remove.isPending || add.isPending || update.isPending}
        error={error ?? null}
        secondLanguage={display.secondLanguage}
        onRemove={(lineId) => remove.mutate({ lineId })}
        onQuantity={(lineId, quantity) => update.mutate({ lineId, change: { quantity } })}
        onEdit={(line) => {
          const item = itemOf(line);
          if (item) setEditing({ line, item });
        }}
        onRemoveUnavailable={() => remove.mutate('unavailable')}
        onCheckout={() => setCheckingOut(true)}
        onLeaveCheckout={() => setCheckingOut(false)}
        {...(checkingOut && cart.data && uid.data
          ? {
              checkout: (
                <Suspense fallback={<StatusPanel title="Loading the checkout…" />}>
                  <CheckoutView
                    merchantId={merchantId}
                    uid={uid.data}
                    info={info}
                    cart={cart.data}
                    tableName={tableName}
                    onBackToMenu={() => setCheckingOut(false)}
                  />
                </Suspense>
              ),
            }
          : {})}
      />
      {openItem ? (
        <Suspense fallback={null}>
          <ItemModal
            key={openItem._id}
            item={openItem}
            display={display}
            onAdd={(line) => add.mutateAsync(line)}
            onClose={onCloseItem}
          />
        </Suspense>
      ) : editing ? (
        <Suspense fallback={null}>
          <ItemModal
            key={editing.line._id}
            item={editing.item}
            display={display}
            initial={{
              sizeId: editing.line._idSize,
              options: optionsByGroup(editing.item, editing.line),
              quantity: editing.line.qty,
              note: editing.line.note,
            }}
            onAdd={({ itemId: _item, ...change }) =>
              update.mutateAsync({ lineId: editing.line._id, change })
            }
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A line's chosen option values by their group, as the item modal holds them. */
function optionsByGroup(item: PublicItemView, line: CartLineView): Record<string, string[]> {
  const chosen = new Set(line.orderItemOptions.map((o) => o._id));
  const options: Record<string, string[]> = {};
  for (const g of item.options) {
    const values = g.optionValues.filter((v) => chosen.has(v._id)).map((v) => v._id);
    if (values.length > 0) options[g._id] = values;
  }
  return options;
}
