import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { StatusPanel } from '../components/StatusPanel.js';
import { dashboardPath, useMerchantAuth, useMerchantLogout } from './auth.js';

/** /merchant/merchantId/:merchantId — signed-in merchants only; the panes come later. */
export function DashboardPage() {
  const { merchantId = '' } = useParams();
  const auth = useMerchantAuth();
  const logout = useMerchantLogout();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Dashboard · Forkful';
  }, []);

  if (auth.isPending) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Checking your session…" />
      </div>
    );
  }
  if (auth.isError) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Cannot reach the server." role="alert">
          <button type="button" className="button" onClick={() => void auth.refetch()}>
            Try again
          </button>
        </StatusPanel>
      </div>
    );
  }
  if (!auth.data.isAuth) return <Navigate to="/merchant/login" replace />;
  if (auth.data.merchantId !== merchantId)
    return <Navigate to={dashboardPath(auth.data.merchantId)} replace />;

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/merchant/login', { replace: true }),
    });

  return (
    <div className="page dashboard-page">
      <header className="dashboard-header">
        <p className="dashboard-header__brand">Forkful</p>
        <p className="dashboard-header__merchant">
          Signed in as <strong>{auth.data.merchantId}</strong>
        </p>
        <button type="button" className="button" onClick={signOut} disabled={logout.isPending}>
          {logout.isPending ? 'Signing out…' : 'Sign out'}
        </button>
      </header>
      <main className="card dashboard-main">
        <h1>Dashboard coming soon</h1>
        <p>Orders, store settings and menu management will appear here.</p>
        {logout.isError ? (
          <p className="form-error" role="alert">
            Fail to signout
          </p>
        ) : null}
      </main>
    </div>
  );
}
