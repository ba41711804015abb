// A forgotten password (docs/decisions/password-reset.md): ask for a link by email, and choose the
// new password from the link (?resetToken=… on the store page). The password rule is sign-up's.
import { confirmPasswordReset, requestPasswordReset } from '../../../contract/refs.js';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { MESSAGES } from '../../../domain/messages.js';
import { signUpSchema } from '../../../domain/validation/forms.js';
import { call } from '../../lib/api.js';
import { FormError } from '../dialog/FormError.js';
import { AccountForm, useSubmit } from './AccountForm.js';
import { FormField } from './FormField.js';

export function ForgotPassword({ merchantId, onBack }: { merchantId: string; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit('Could not send the link.');

  async function submit() {
    const parsed = signUpSchema.shape.email.safeParse(email);
    if (!parsed.success) return setError(MESSAGES.EMAIL_INVALID);
    await run(async () => {
      const r = await call(requestPasswordReset, { body: { email: parsed.data, merchantId } });
      setSent(r.message);
    });
  }

  return (
    <AccountForm onSubmit={() => void submit()}>
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
    </AccountForm>
  );
}

export function ChooseNewPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit('Could not change the password.');

  async function submit() {
    const rule = signUpSchema.shape.password.safeParse(password);
    if (!rule.success) return setError(MESSAGES.PASSWORD_RULE);
    if (password !== confirm) return setError(MESSAGES.PASSWORD_MISMATCH);
    await run(async () => {
      const r = await call(confirmPasswordReset, { body: { token, password } });
      setDone(r.message);
    });
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
    <AccountForm onSubmit={() => void submit()}>
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
    </AccountForm>
  );
}
