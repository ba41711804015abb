// The store header's account button: "Sign in" or the diner's name. The modals (and the dialog
// code of react-aria-components) load only when it is pressed.
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { shortenUserName } from '../../../domain/format/fields.js';
import { useIsAuth } from './session.js';

const AccountModals = lazy(() => import('./AccountModals.js'));

export function AccountButton() {
  const auth = useIsAuth();
  const { merchantId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // A password-reset link opens the modal on the new-password form.
  const resetToken = search.get('resetToken') ?? undefined;
  const [open, setOpen] = useState(resetToken !== undefined);
  const user = auth.data?.isAuth ? auth.data.user : undefined;
  return (
    <>
      <button type="button" className="button account-button" onClick={() => setOpen(true)}>
        {/* Spec §9, K9.67: over 13 characters, the first 11 and "..". */}
        {user ? `Hi, ${shortenUserName(user.name)}` : 'Sign in'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountModals
            signedIn={!!user && !resetToken}
            merchantId={merchantId}
            resetToken={resetToken}
            onClose={() => {
              setOpen(false);
              // The link is used (or abandoned): it leaves the address bar and the history.
              if (resetToken)
                setSearch(
                  (s) => {
                    s.delete('resetToken');
                    return s;
                  },
                  { replace: true },
                );
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
