// The diner's account on the store page: whether this browser is signed in (its session cookie),
// and the reads of the User dashboard. A 401 from a dashboard read means the session is gone.
import { useQuery } from '@tanstack/react-query';
import {
  customerIsAuth,
  getLoyaltyPoints,
  getOrderHistory,
  getProfile,
} from '../../../contract/customers.js';
import { call } from '../../lib/api.js';

export const accountKeys = {
  isAuth: ['account', 'isAuth'] as const,
  profile: ['account', 'profile'] as const,
  history: ['account', 'history'] as const,
  loyalty: ['account', 'loyalty'] as const,
};

export function useIsAuth() {
  return useQuery({
    queryKey: accountKeys.isAuth,
    queryFn: ({ signal }) => call(customerIsAuth, {}, signal),
    staleTime: 60_000,
  });
}

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => call(getProfile, {}, signal),
    retry: false,
  });
}

export function useOrderHistory(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.history,
    queryFn: ({ signal }) => call(getOrderHistory, { query: {} }, signal),
    enabled,
    retry: false,
  });
}

export function useLoyalty(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.loyalty,
    queryFn: ({ signal }) => call(getLoyaltyPoints, {}, signal),
    enabled,
    retry: false,
  });
}
