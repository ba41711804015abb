// The diner's account on the store page: whether this browser is signed in (its session cookie),
// and the reads of the User dashboard. A 401 from a dashboard read means the session is gone.
import { getLoyaltyPoints, getOrderHistory, getProfile } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.js';
import { accountKeys } from './session.js';

export { accountKeys };

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
