// The store page's cart: the diner id, the server's cart, its changes, the item modal that adds
// to it (or, reopened from a line's Edit, changes that line) and the checkout page (both lazy-loaded, so neither they nor the UI library are in the
// first load). Which of them is open is the page's layer, in the URL (../layer.ts). The checkout
// goes back to the menu when the cart becomes empty, and a checkout link whose cart cannot check
// out (empty, only unavailable items, the store closed) shows the menu (spec §4).
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { CartLineView } from '../../../contract/cart.js';
import type { PublicItemView } from '../../../contract/menu.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { CHECKOUT_PAGE_TITLE_ID, CheckoutHead } from '../checkout/CheckoutHead.js';
import { useShownFor } from '../../lib/use-shown-for.js';
import { itemDisplay } from '../display.js';
import type { StoreLayers } from '../layer.js';
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

/** How long the cart error shows (spec §10 "cart error 10 s"). */
export const CART_ERROR_MS = 10_000;

const ItemModal = lazy(() => import('../item/ItemModal.js'));
const loadCheckoutPage = () => import('../checkout/CheckoutPage.js');
const CheckoutPage = lazy(loadCheckoutPage);

export function StoreCart({
  merchantId,
  info,
  tableName,
  openItem,
  layers,
}: {
  merchantId: string;
  info: PublicBusinessInfo;
  tableName?: string | undefined;
  openItem: PublicItemView | null;
  layers: StoreLayers;
}) {
  const uid = useDinerId();
  const cart = useCart(merchantId, uid.data);
  const add = useAddToCart(merchantId, uid.data);
  const remove = useRemoveFromCart(merchantId, uid.data);
  const update = useUpdateCartLine(merchantId, uid.data);
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ line: CartLineView; item: PublicItemView } | null>(null);
  const { layer, replaceWithMenu } = layers;
  const checkingOut = layer.kind === 'checkout';
  const display = itemDisplay(info);
  // A cart that cannot be read (cookies blocked, the server away) is the spec's cart error, shown
  // for 10 seconds (§8, checklist M8.6 / K9.37 / C7.49), whatever the server said.
  const readFailed = uid.isError || cart.isError;
  const readErrorShown = useShownFor(
    readFailed ? `${uid.errorUpdatedAt}/${cart.errorUpdatedAt}` : null,
    CART_ERROR_MS,
  );
  const error =
    remove.error?.message ??
    // The modal shows its own refusal while a line is being edited there.
    (editing ? undefined : update.error?.message) ??
    (readFailed && readErrorShown ? MESSAGES.CART_UNREADABLE : undefined);

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
  // The checkout page mounts one step behind the cart's arrival: the query library hands an answer
  // to React as a synchronous update, and the whole checkout built in one such render was a long
  // task of the checkout page's load (bench/storefront); a deferred value's render yields to the
  // browser. Once mounted, the page shows the live cart.
  const cartForMount = useDeferredValue(cart.data);
  // The checkout's chunk is fetched as soon as the page is on it (a link, a refresh), beside the
  // diner's cart, not after it.
  useEffect(() => {
    if (checkingOut) void loadCheckoutPage().catch(() => {});
  }, [checkingOut]);

  // Checked once per opening of the checkout (the button, a link, a refresh, Forward): the cart
  // must be able to check out. While it is open only an empty cart sends the diner back (spec §4):
  // a line that becomes unavailable meanwhile is the place-order check's to report.
  const openingChecked = useRef(false);
  const cannotCheckOut = !!cart.data && (empty || cart.data.cartButton !== 'checkout');
  useEffect(() => {
    if (!checkingOut) {
      openingChecked.current = false;
      return;
    }
    if (!cart.data) return;
    // In place of this entry, not a step back: the order-placed page may be on its way.
    if (empty || (!openingChecked.current && cannotCheckOut)) replaceWithMenu();
    openingChecked.current = true;
  }, [checkingOut, cart.data, empty, cannotCheckOut, replaceWithMenu]);

  const panelProps = {
    cart: cart.data,
    busy: remove.isPending || add.isPending || update.isPending,
    error: error ?? null,
    secondLanguage: display.secondLanguage,
    onRemove: (lineId: string) => remove.mutate({ lineId }),
    onQuantity: (lineId: string, quantity: number) =>
      update.mutate({ lineId, change: { quantity } }),
    onEdit: (line: CartLineView) => {
      const item = itemOf(line);
      if (item) setEditing({ line, item });
    },
    onRemoveUnavailable: () => remove.mutate('unavailable'),
    onCheckout: () => layers.open({ kind: 'checkout' }),
  };

  return (
    <>
      {checkingOut ? (
        <main className="checkout-page" aria-labelledby={CHECKOUT_PAGE_TITLE_ID}>
          <CheckoutHead info={info} onBackToMenu={layers.toMenu} />
          {cart.data && cartForMount && uid.data && !empty ? (
            <Suspense fallback={<CheckoutLoading />}>
              <CheckoutPage
                merchantId={merchantId}
                uid={uid.data}
                info={info}
                cart={cart.data}
                tableName={tableName}
                onBackToMenu={layers.toMenu}
                order={<CartPanel {...panelProps} inCheckout />}
              />
            </Suspense>
          ) : (
            <CheckoutLoading />
          )}
        </main>
      ) : (
        <CartPanel
          {...panelProps}
          sheetOpen={layer.kind === 'cart'}
          onSheetOpenChange={(open) => (open ? layers.open({ kind: 'cart' }) : layers.close())}
        />
      )}
      {openItem ? (
        <Suspense fallback={null}>
          <ItemModal
            key={openItem._id}
            item={openItem}
            display={display}
            onAdd={(line) => add.mutateAsync(line)}
            onClose={layers.close}
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

function CheckoutLoading() {
  return <StatusPanel title="Loading the checkout…" delayed />;
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
