// The store header's account button: "Sign in" or the diner's name. The modals (and the dialog
// code of react-aria-components) load only when it is pressed.
import { lazy, Suspense, useState } from 'react';
import { useIsAuth } from './session.js';

const AccountModals = lazy(() => import('./AccountModals.js'));

export function AccountButton() {
  const auth = useIsAuth();
  const [open, setOpen] = useState(false);
  const user = auth.data?.isAuth ? auth.data.user : undefined;
  return (
    <>
      <button type="button" className="button account-button" onClick={() => setOpen(true)}>
        {user ? `Hi, ${user.name}` : 'Sign in'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountModals signedIn={!!user} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
