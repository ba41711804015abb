// The store page's cart: the diner id, the server's cart, its changes, and the item modal that
// adds to it (lazy-loaded, so neither it nor the UI library is in the first load).
import { lazy, Suspense, useState } from 'react';
import type { PublicItemView } from '../../../contract/menu.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { itemDisplay } from '../display.js';
import './cart.css';
import { CartPanel } from './CartPanel.js';
import { useAddToCart, useCart, useDinerId, useRemoveFromCart } from './queries.js';

const ItemModal = lazy(() => import('../item/ItemModal.js'));

/** Until the checkout view exists (issue 11, next part), Checkout says so instead of faking it. */
export const CHECKOUT_PLACEHOLDER =
  'Checkout is coming soon: this store cannot take orders online yet.';

export function StoreCart({
  merchantId,
  info,
  openItem,
  onCloseItem,
}: {
  merchantId: string;
  info: PublicBusinessInfo;
  openItem: PublicItemView | null;
  onCloseItem: () => void;
}) {
  const uid = useDinerId();
  const cart = useCart(merchantId, uid.data);
  const add = useAddToCart(merchantId, uid.data);
  const remove = useRemoveFromCart(merchantId, uid.data);
  const [note, setNote] = useState<string | null>(null);
  const display = itemDisplay(info);
  const error = remove.error?.message ?? cart.error?.message ?? uid.error?.message ?? note;

  return (
    <>
      <CartPanel
        cart={cart.data}
        busy={remove.isPending || add.isPending}
        error={error ?? null}
        secondLanguage={display.secondLanguage}
        onRemove={(lineId) => remove.mutate({ lineId })}
        onRemoveUnavailable={() => remove.mutate('unavailable')}
        onCheckout={() => setNote(CHECKOUT_PLACEHOLDER)}
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
