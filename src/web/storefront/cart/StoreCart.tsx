// The store page's cart: the diner id, the server's cart, its changes, the item modal that adds
// to it and the checkout (both lazy-loaded, so neither they nor the UI library are in the first
// load). Checkout goes back to the menu when the cart becomes empty (spec §4).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PublicItemView } from '../../../contract/menu.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { useShownFor } from '../../lib/use-shown-for.js';
import { itemDisplay } from '../display.js';
import './cart.css';
import { CartPanel } from './CartPanel.js';
import { useAddToCart, useCart, useDinerId, useRemoveFromCart } from './queries.js';

/** How long the cart error shows (spec §10 "cart error 10 s"). */
export const CART_ERROR_MS = 10_000;

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
  const [checkingOut, setCheckingOut] = useState(false);
  const display = itemDisplay(info);
  // A cart that cannot be read (cookies blocked, the server away) is the spec's cart error, shown
  // for 10 seconds (§8, checklist M8.6 / K9.37 / C7.49), whatever the server said.
  const readFailed = uid.isError || cart.isError;
  const readErrorShown = useShownFor(
    readFailed ? `${uid.errorUpdatedAt}/${cart.errorUpdatedAt}` : null,
    CART_ERROR_MS,
  );
  const error =
    remove.error?.message ?? (readFailed && readErrorShown ? MESSAGES.CART_UNREADABLE : undefined);
  const empty = (cart.data?.orderItems.length ?? 0) === 0;

  useEffect(() => {
    if (checkingOut && cart.data && empty) setCheckingOut(false);
  }, [checkingOut, cart.data, empty]);

  return (
    <>
      <CartPanel
        cart={cart.data}
        busy={remove.isPending || add.isPending}
        error={error ?? null}
        secondLanguage={display.secondLanguage}
        onRemove={(lineId) => remove.mutate({ lineId })}
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
      ) : null}
    </>
  );
}
