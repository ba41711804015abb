import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.js';
import { StatusPanel } from '../components/StatusPanel.js';
import { dashboardPath, useMerchantAuth, useMerchantLogin } from './auth.js';
import { unlockBell } from './live/bell-audio.js';

/** /merchant/login: merchant id and password; a signed-in merchant goes to the dashboard. */
export function LoginPage() {
  const auth = useMerchantAuth();
  const login = useMerchantLogin();
  const navigate = useNavigate();
  const [merchantUserName, setMerchantUserName] = useState('');
  const [merchantPassword, setMerchantPassword] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    document.title = 'Merchant sign-in · Forkful';
  }, []);

  if (auth.data?.isAuth && !login.isSuccess)
    return <Navigate to={dashboardPath(auth.data.merchantId)} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (merchantUserName.trim() === '' || merchantPassword === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    // The sign-in click is the gesture browsers ask for before sound: the order bell is primed
    // with it, so the dashboard can ring for new orders without asking again.
    void unlockBell();
    login.mutate(
      { merchantUserName: merchantUserName.trim(), merchantPassword },
      {
        onSuccess: ({ merchantId }) => void navigate(dashboardPath(merchantId), { replace: true }),
      },
    );
  };

  const errorMessage = missing
    ? 'Please enter your merchant ID and password.'
    : login.error
      ? login.error.message || 'Invalid credentials provided'
      : auth.isError
        ? 'Cannot reach the server. Please try again.'
        : null;

  return (
    <div className="page page--centered auth-page">
      <main className="card auth-card">
        <h1>Merchant sign-in</h1>
        {auth.isPending ? (
          <StatusPanel title="Checking your session…" />
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            aria-describedby={errorMessage ? 'login-error' : undefined}
          >
            <div className="field">
              <label htmlFor="merchant-id">Merchant ID</label>
              <input
                id="merchant-id"
                name="merchantUserName"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
                value={merchantUserName}
                onChange={(e) => setMerchantUserName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="merchant-password">Password</label>
              <input
                id="merchant-password"
                name="merchantPassword"
                type="password"
                autoComplete="current-password"
                required
                value={merchantPassword}
                onChange={(e) => setMerchantPassword(e.target.value)}
              />
            </div>
            {errorMessage ? (
              <p id="login-error" className="form-error" role="alert">
                {errorMessage}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={login.isPending}
            >
              {login.isPending ? 'Signing in…' : 'Sign In'}
            </button>
          </form>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
