// The account modals' forms: one form element, and one way to send it — a busy flag while the
// call is on its way, and the server's refusal (or a fallback) as the form's error.
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api.js';

export function AccountForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="entry-modal__body checkout-form account-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function useSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Runs the call; true when it succeeded. */
  async function run(call: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await call();
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : fallback);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
