// The diner's cart on the store page: the anonymous diner id (a cookie the server sets), the cart
// read and its changes. Every answer is the server's priced cart (src/contract/cart.ts); the
// browser never totals a cart itself.
import {
  addCartLines,
  dinerCookie,
  getCart,
  putCheckoutInfo,
  removeCartLines,
  updateCartLine,
} from '../../../contract/refs.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartLineChange, CartView } from '../../../contract/cart.js';
import type { RouteBody } from '../../../contract/route.js';
import type { ItemChoiceRequest } from '../../../domain/validation/forms.js';
import { call } from '../../lib/api.js';
import { useAfterFirstPaint } from '../first-paint.js';

export const cartKeys = {
  diner: ['diner'] as const,
  cart: (merchantId: string, uid: string) => ['cart', merchantId, uid] as const,
};

/** The diner id of this browser (the server sets its cookie on the first call). */
export function useDinerId() {
  // Not shown in the store page's first paint: asked for after it (../first-paint.ts).
  const afterPaint = useAfterFirstPaint();
  return useQuery({
    queryKey: cartKeys.diner,
    queryFn: ({ signal }) => call(dinerCookie, {}, signal),
    enabled: afterPaint,
    staleTime: Infinity,
    select: (d) => d.uid,
  });
}

export function useCart(merchantId: string, uid: string | undefined) {
  return useQuery({
    queryKey: cartKeys.cart(merchantId, uid ?? ''),
    queryFn: ({ signal }) => call(getCart, { params: { merchantId, uid: uid ?? '' } }, signal),
    enabled: uid !== undefined,
  });
}

/** Stores the server's answer as the cart: every change answers with the whole priced cart. */
function useCartChange<V>(
  merchantId: string,
  uid: string | undefined,
  send: (uid: string, vars: V) => Promise<CartView>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => {
      if (uid === undefined) throw new Error('No diner id yet');
      return send(uid, vars);
    },
    onSuccess: (cart) => client.setQueryData(cartKeys.cart(merchantId, cart.userId), cart),
  });
}

export type AddLine = Omit<ItemChoiceRequest, 'options' | 'note'> & {
  options: Record<string, string[]>;
  note: string;
};

export function useAddToCart(merchantId: string, uid: string | undefined) {
  return useCartChange(merchantId, uid, (u, line: AddLine) =>
    call(addCartLines, { params: { merchantId, uid: u }, body: { orderItems: [line] } }),
  );
}

/** Changes one line (quantity, size, options, note); the answer is the repriced cart. */
export function useUpdateCartLine(merchantId: string, uid: string | undefined) {
  return useCartChange(merchantId, uid, (u, v: { lineId: string; change: CartLineChange }) =>
    call(updateCartLine, { params: { merchantId, uid: u, lineId: v.lineId }, body: v.change }),
  );
}

/** Removes one line (`lineId`) or, with `'unavailable'`, every line that cannot be ordered now. */
export function useRemoveFromCart(merchantId: string, uid: string | undefined) {
  return useCartChange(merchantId, uid, (u, what: { lineId: string } | 'unavailable') =>
    call(removeCartLines, {
      params: { merchantId, uid: u },
      query: what === 'unavailable' ? { unavailable: 'true' } : { _id: what.lineId },
    }),
  );
}

/** The checkout choices as PUT …/checkoutInfo/:uid takes them (all of them: it replaces them). */
export type CheckoutInfoBody = RouteBody<typeof putCheckoutInfo>;

/** Saves the checkout choices; the answer is the repriced cart. */
export function useSaveCheckout(merchantId: string, uid: string | undefined) {
  return useCartChange(merchantId, uid, (u, body: CheckoutInfoBody) =>
    call(putCheckoutInfo, { params: { merchantId, uid: u }, body }),
  );
}
