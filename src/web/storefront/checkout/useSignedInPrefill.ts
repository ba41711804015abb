// Fewer taps for a signed-in diner (issue 25): the checkout's name, phone and email start from
// the account (the User Info tab's order name and phone, the sign-in email), saved once as the
// checkout opens and only into empty fields, so nothing the diner typed is overwritten. An
// anonymous diner is not helped here: the phone verification stays (T4.34).
import { customerIsAuth, getProfile } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutInfo } from '../../../domain/validation/forms.js';
import { keepPhoneDigits } from '../../../domain/format/fields.js';
import { call } from '../../lib/api.js';
import { accountKeys } from '../account/session.js';
import type { CheckoutInfoBody } from '../cart/queries.js';

export function useSignedInPrefill(
  saved: Pick<CheckoutInfo, 'customerName' | 'phone' | 'customerEmail' | 'orderMethod'>,
  save: (changes: Partial<CheckoutInfoBody>) => void,
) {
  const auth = useQuery({
    queryKey: accountKeys.isAuth,
    queryFn: ({ signal }) => call(customerIsAuth, {}, signal),
    staleTime: 60_000,
  });
  const signedIn = auth.data?.isAuth === true;
  const profile = useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => call(getProfile, {}, signal),
    enabled: signedIn,
    retry: false,
  });
  const done = useRef(false);
  const user = profile.data?.user;
  useEffect(() => {
    if (done.current || !signedIn || !user) return;
    done.current = true;
    const changes: Partial<CheckoutInfoBody> = {};
    const name = (user.order_name || user.name).trim();
    const phone = keepPhoneDigits(user.order_phone);
    if (saved.customerName.trim() === '' && name) changes.customerName = name.slice(0, 50);
    if (saved.phone === '' && phone.length === 10) changes.phone = phone;
    if (saved.customerEmail === '' && user.email) changes.customerEmail = user.email;
    if (Object.keys(changes).length > 0) save(changes);
  }, [signedIn, user, saved.customerName, saved.phone, saved.customerEmail, save]);
}
