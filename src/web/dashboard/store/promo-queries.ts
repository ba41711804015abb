// The Store pane's promo codes (issue 28): the list with times used, and its create, edit and
// delete, each answering the saved code, which replaces the pane's copy at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeView } from '../../../contract/promo-codes.js';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from '../../../contract/refs.js';
import type { RouteBody } from '../../../contract/route.js';
import { call } from '../../lib/api.js';

export const promoKey = (merchantId: string) => ['promoCodes', merchantId] as const;
export type PromoCreate = RouteBody<typeof createPromoCode>;
export type PromoUpdate = RouteBody<typeof updatePromoCode>;

export function usePromoCodes(merchantId: string) {
  return useQuery({
    queryKey: promoKey(merchantId),
    queryFn: ({ signal }) => call(listPromoCodes, { params: { merchantId } }, signal),
  });
}

export function useSavePromoCode(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromoCreate | PromoUpdate }) =>
      id === null
        ? call(createPromoCode, { params: { merchantId }, body: body as PromoCreate })
        : call(updatePromoCode, { params: { merchantId, id }, body }),
    onSuccess: (saved) =>
      client.setQueryData<PromoCodeView[]>(promoKey(merchantId), (list = []) =>
        [...list.filter((p) => p._id !== saved._id), saved].sort((a, b) =>
          a.code.localeCompare(b.code),
        ),
      ),
  });
}

export function useDeletePromoCode(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deletePromoCode, { params: { merchantId, id } }),
    onSuccess: (_ok, id) =>
      client.setQueryData<PromoCodeView[]>(promoKey(merchantId), (list = []) =>
        list.filter((p) => p._id !== id),
      ),
  });
}
