// The sign-in/sign-up modal and the User dashboard modal (spec §2, §4 "Auth modal", "Dashboard
// tabs"): react-aria Dialog and Tabs; forms judged by the domain's rules, the server's answer final.
import {
  customerLogin,
  customerLogout,
  customerRegister,
  listOidcProviders,
} from '../../../contract/refs.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import '../checkout/checkout.css';
import './account.css';
import { MESSAGES } from '../../../domain/messages.js';
import { signInSchema, signUpSchema } from '../../../domain/validation/forms.js';
import { call, isApiError } from '../../lib/api.js';
import { captchaToken, CAPTCHA_UNAVAILABLE, useCaptchaSettings } from '../checkout/captcha.js';
import { StoreDialog } from '../dialog/StoreDialog.js';
import { Dashboard } from './Dashboard.js';
import { AccountForm, useSubmit } from './AccountForm.js';
import { FormField } from './FormField.js';
import { ChooseNewPassword, ForgotPassword } from './PasswordReset.js';
import { FormError } from '../dialog/FormError.js';

/** After a registration, the automatic sign-in waits this long (spec §4). */
export const AUTO_SIGN_IN_MS = 5_000;

export default function AccountModals({
  signedIn,
  merchantId,
  resetToken,
  onClose,
}: {
  signedIn: boolean;
  merchantId: string;
  /** From a password-reset link (?resetToken=…): the modal opens on the new-password form. */
  resetToken?: string | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [tab, setTab] = useState<'signIn' | 'signUp'>('signIn');
  const [reset, setReset] = useState<'forgot' | 'choose' | null>(resetToken ? 'choose' : null);
  const refresh = () => client.invalidateQueries({ queryKey: ['account'] });

  if (reset === 'choose' && resetToken) {
    return (
      <StoreDialog title="Choose a new password" onClose={onClose} className="account-modal">
        <ChooseNewPassword token={resetToken} onDone={() => setReset(null)} />
      </StoreDialog>
    );
  }
  if (reset === 'forgot') {
    return (
      <StoreDialog title="Forgot your password?" onClose={onClose} className="account-modal">
        <ForgotPassword merchantId={merchantId} onBack={() => setReset(null)} />
      </StoreDialog>
    );
  }
  if (signedIn) {
    return (
      <StoreDialog title="Your account" onClose={onClose} className="account-modal">
        <Dashboard
          onSignOut={async () => {
            await call(customerLogout, {});
            client.clear();
            onClose();
          }}
        />
      </StoreDialog>
    );
  }
  return (
    <StoreDialog
      title={tab === 'signIn' ? 'Sign In' : 'Sign Up'}
      onClose={onClose}
      className="account-modal"
    >
      <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as 'signIn' | 'signUp')}>
        <TabList className="account-tabs" aria-label="Sign in or sign up">
          <Tab className="account-tab" id="signIn">
            Sign In
          </Tab>
          <Tab className="account-tab" id="signUp">
            Sign Up
          </Tab>
        </TabList>
        <TabPanel id="signIn">
          <SignIn
            onSignedIn={() => void refresh().then(onClose)}
            onSwitch={() => setTab('signUp')}
            onForgot={() => setReset('forgot')}
          />
        </TabPanel>
        <TabPanel id="signUp">
          <SignUp
            onSignedIn={() => void refresh().then(onClose)}
            onSwitch={() => setTab('signIn')}
          />
        </TabPanel>
      </Tabs>
    </StoreDialog>
  );
}

function SignIn({
  onSignedIn,
  onSwitch,
  onForgot,
}: {
  onSignedIn: () => void;
  onSwitch: () => void;
  onForgot: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useSubmit('Could not sign in.');

  async function submit() {
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) return setError(MESSAGES.SIGN_IN_REQUIRED);
    const ok = await run(() =>
      call(customerLogin, { body: { email: parsed.data.email, password } }),
    );
    if (ok) onSignedIn();
  }

  return (
    <AccountForm onSubmit={() => void submit()}>
      <FormField label="Email" value={email} onChange={setEmail} autoComplete="email" />
      <FormField
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <FormError message={error} />
      <Button type="submit" className="button button--primary" isPending={busy}>
        Login
      </Button>
      <Button className="link-button" onPress={onForgot}>
        Forgot password?
      </Button>
      <SocialSignIn />
      <Button className="link-button" onPress={onSwitch}>
        Not Registered?
      </Button>
    </AccountForm>
  );
}

/** A button per configured social provider: the server runs the OpenID Connect sign-in. */
function SocialSignIn() {
  const providers = useQuery({
    queryKey: ['account', 'oidcProviders'],
    queryFn: ({ signal }) => call(listOidcProviders, {}, signal),
    staleTime: Infinity,
  });
  const returnTo = `${window.location.pathname}${window.location.search}`;
  return (providers.data?.providers ?? []).map((p) => (
    <a
      key={p.name}
      className="button account-social"
      href={`${p.startUrl}${p.startUrl.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`}
    >
      Sign in with {p.label}
    </a>
  ));
}

type SignUpField = 'username' | 'email' | 'password' | 'confirmPassword';

function SignUp({ onSignedIn, onSwitch }: { onSignedIn: () => void; onSwitch: () => void }) {
  const [values, setValues] = useState<Record<SignUpField, string>>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptchaSettings();
  const parsed = signUpSchema.safeParse(values);
  const fieldError = (f: SignUpField) =>
    touched[f] && !parsed.success
      ? parsed.error.issues.find((i) => i.path[0] === f)?.message
      : undefined;

  // Spec §4: after a registration, a sign-in is attempted automatically after 5 seconds.
  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => {
      void call(customerLogin, { body: { email: values.email.trim(), password: values.password } })
        .then(onSignedIn)
        .catch((e: unknown) => setError(isApiError(e) ? e.message : 'Could not sign in.'));
    }, AUTO_SIGN_IN_MS);
    return () => window.clearTimeout(timer);
    // The values are those registered: they do not change once registered.
  }, [registered]);

  async function submit() {
    setTouched({ username: true, email: true, password: true, confirmPassword: true });
    if (!parsed.success) return;
    setBusy(true);
    setError(null);
    try {
      const recaptchaToken = await captchaToken(captcha.data, 'signup');
      if (recaptchaToken === null) return setError(CAPTCHA_UNAVAILABLE);
      const answer: unknown = await call(customerRegister, {
        body: {
          name: parsed.data.username,
          email: parsed.data.email,
          password: parsed.data.password,
          confirmPassword: parsed.data.confirmPassword,
          ...(recaptchaToken ? { recaptchaToken } : {}),
        },
      });
      // Spec §8: a null answer is no registration (checklist M8.3).
      if ((answer as { success?: unknown } | null)?.success !== true) {
        return setError(MESSAGES.SOMETHING_WENT_WRONG);
      }
      setRegistered(true);
    } catch (e) {
      // The server's errMessage when it gave one; no answer at all is the spec's null response.
      setError(isApiError(e) && e.fromServer ? e.message : MESSAGES.SOMETHING_WENT_WRONG);
    } finally {
      setBusy(false);
    }
  }

  if (registered) {
    return (
      <div className="entry-modal__body">
        <p role="status">{MESSAGES.REGISTERED}</p>
        <FormError message={error} />
      </div>
    );
  }

  const field = (
    f: SignUpField,
    label: string,
    extra: Partial<Parameters<typeof FormField>[0]> = {},
  ) => (
    <FormField
      label={label}
      value={values[f]}
      onChange={(v) => setValues({ ...values, [f]: v })}
      onBlur={() => setTouched({ ...touched, [f]: true })}
      error={fieldError(f)}
      {...extra}
    />
  );

  return (
    <AccountForm onSubmit={() => void submit()}>
      {field('username', 'User name', { autoComplete: 'username' })}
      {field('email', 'Email', { autoComplete: 'email' })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
      {field('confirmPassword', 'Confirm password', {
        type: 'password',
        autoComplete: 'new-password',
      })}
      <FormError message={error} />
      <Button type="submit" className="button button--primary" isPending={busy}>
        Sign up
      </Button>
      <Button className="link-button" onPress={onSwitch}>
        Already Registered?
      </Button>
    </AccountForm>
  );
}
