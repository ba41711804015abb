// Whether this browser's diner is signed in: the only account read on the store page's first
// load (the header's button), so it imports nothing of the account forms.
import { customerIsAuth } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.js';
import { useAfterFirstPaint } from '../first-paint.js';

export const accountKeys = {
  isAuth: ['account', 'isAuth'] as const,
  profile: ['account', 'profile'] as const,
  history: ['account', 'history'] as const,
  loyalty: ['account', 'loyalty'] as const,
};

export function useIsAuth() {
  // Not shown in the store page's first paint: asked for after it (../first-paint.ts).
  const afterPaint = useAfterFirstPaint();
  return useQuery({
    queryKey: accountKeys.isAuth,
    queryFn: ({ signal }) => call(customerIsAuth, {}, signal),
    staleTime: 60_000,
    enabled: afterPaint,
  });
}
