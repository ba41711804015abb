// Saving checkout choices: PUT …/checkoutInfo replaces them all, so each save starts from the
// cart the browser holds at that moment (not the one a component rendered with), saves run one
// at a time in order, and placing the order first waits for the last one (a field saved on blur
// by the very press of Place the order is in the order).
import { putCheckoutInfo } from '../../../contract/refs.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CartView } from '../../../contract/cart.js';
import { call } from '../../lib/api.js';
import { type CheckoutInfoBody, cartKeys } from '../cart/queries.js';
import { checkoutBodyWithChanges } from '../entry/checkoutBody.js';
import type { PublicBusinessInfo } from '../../../contract/store.js';
import { storeKeys } from '../queries.js';

export function useCheckoutSave(merchantId: string, uid: string) {
  const client = useQueryClient();
  const key = cartKeys.cart(merchantId, uid);
  const last = useRef<Promise<unknown>>(Promise.resolve());
  const mutation = useMutation({
    scope: { id: `checkout-${merchantId}-${uid}` },
    mutationFn: async (changes: Partial<CheckoutInfoBody>) => {
      const current = client.getQueryData<CartView>(key);
      if (!current) throw new Error('The cart is not loaded yet');
      const info = client.getQueryData<PublicBusinessInfo>(storeKeys.businessInfo(merchantId));
      return call(putCheckoutInfo, {
        params: { merchantId, uid },
        body: checkoutBodyWithChanges(current.checkoutInfo, changes, info?.tipPresets ?? null),
      });
    },
    onSuccess: (cart) => client.setQueryData(key, cart),
  });

  /** Saves; the promise rejects with the server's refusal (the mutation's error shows it too). */
  function save(changes: Partial<CheckoutInfoBody>): Promise<CartView> {
    const p = mutation.mutateAsync(changes);
    last.current = p.catch(() => undefined);
    return p;
  }

  /** The cart after every save so far has been answered. */
  async function settled(): Promise<CartView | undefined> {
    await last.current;
    return client.getQueryData<CartView>(key);
  }

  return { save, settled, error: mutation.error, isPending: mutation.isPending };
}
