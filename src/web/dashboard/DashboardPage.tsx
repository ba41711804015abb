import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { StatusPanel } from '../components/StatusPanel.js';
import { dashboardPath, useMerchantAuth, useMerchantLogout } from './auth.js';
import { DashboardShell } from './DashboardShell.js';

/** /merchant/merchantId/:merchantId — signed-in merchants only (spec §2). */
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
    <DashboardShell
      merchantId={merchantId}
      onSignOut={signOut}
      signingOut={logout.isPending}
      signOutFailed={logout.isError}
    />
  );
}
