// A forgotten password (docs/decisions/password-reset.md): ask for a link by email, and choose the
// new password from the link (?resetToken=… on the store page). The password rule is sign-up's.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { confirmPasswordReset, requestPasswordReset } from '../../../contract/customers.js';
import { MESSAGES } from '../../../domain/messages.js';
import { signUpSchema } from '../../../domain/validation/forms.js';
import { call, isApiError } from '../../lib/api.js';
import { FormError } from '../dialog/FormError.js';
import { FormField } from './FormField.js';

export function ForgotPassword({ merchantId, onBack }: { merchantId: string; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = signUpSchema.shape.email.safeParse(email);
    if (!parsed.success) return setError(MESSAGES.EMAIL_INVALID);
    setBusy(true);
    setError(null);
    try {
      const r = await call(requestPasswordReset, { body: { email: parsed.data, merchantId } });
      setSent(r.message);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Could not send the link.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="entry-modal__body checkout-form account-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>We email you a link to choose a new password.</p>
          <FormField label="Email" value={email} onChange={setEmail} autoComplete="email" />
          <FormError message={error} />
          <Button type="submit" className="button button--primary" isPending={busy}>
            Send the link
          </Button>
        </>
      )}
      <Button className="link-button" onPress={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}

export function ChooseNewPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const rule = signUpSchema.shape.password.safeParse(password);
    if (!rule.success) return setError(MESSAGES.PASSWORD_RULE);
    if (password !== confirm) return setError(MESSAGES.PASSWORD_MISMATCH);
    setBusy(true);
    setError(null);
    try {
      const r = await call(confirmPasswordReset, { body: { token, password } });
      setDone(r.message);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Could not change the password.');
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="entry-modal__body account-form">
        <p role="status">{done}</p>
        <Button className="button button--primary" onPress={onDone}>
          Sign In
        </Button>
      </div>
    );
  }
  return (
    <form
      className="entry-modal__body checkout-form account-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField
        label="New password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <FormField
        label="Confirm new password"
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <FormError message={error} />
      <Button type="submit" className="button button--primary" isPending={busy}>
        Change password
      </Button>
    </form>
  );
}
