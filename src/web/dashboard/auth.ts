// Merchant session calls (spec §7 "Merchant auth").
import { merchantIsAuth, merchantLogin, merchantLogout } from '../../contract/refs.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../contract/route.js';
import { call, isApiError } from '../lib/api.js';

export type MerchantAuth = { isAuth: true; merchantId: string } | { isAuth: false };

export const merchantAuthKey = ['merchantUsers', 'isAuth'] as const;

export function useMerchantAuth() {
  return useQuery({
    queryKey: merchantAuthKey,
    queryFn: async ({ signal }): Promise<MerchantAuth> => {
      try {
        const res = await call(merchantIsAuth, {}, signal);
        return res.isAuth && res.merchantId
          ? { isAuth: true, merchantId: res.merchantId }
          : { isAuth: false };
      } catch (error) {
        if (isApiError(error, 'unauthenticated')) return { isAuth: false };
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function useMerchantLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof merchantLogin>) => call(merchantLogin, { body }),
    onSuccess: ({ merchantId }) => {
      const next: MerchantAuth = { isAuth: true, merchantId };
      client.setQueryData(merchantAuthKey, next);
    },
  });
}

export function useMerchantLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(merchantLogout, {}),
    onSuccess: () => {
      const next: MerchantAuth = { isAuth: false };
      client.setQueryData(merchantAuthKey, next);
    },
  });
}

export const dashboardPath = (merchantId: string) =>
  `/merchant/merchantId/${encodeURIComponent(merchantId)}`;
