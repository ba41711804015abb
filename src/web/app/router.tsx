// Every route of spec §2. In production the server sends `/` to the marketing site before the
// app loads; when the app itself reaches `/` (outside production, or after an unknown merchant)
// it shows the demo store.
//
// Declarative routes (<Routes>), not the data router: the store page loads nothing it would use
// (loaders, actions, fetchers), and leaving it out halves react-router in the first load
// (bench/storefront).
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { StatusPanel } from '../components/StatusPanel.js';
import { PrivacyPage, TermsPage } from '../documents/DocumentPage.js';
import { OrderPlacedPage } from '../storefront/placed/OrderPlacedPage.js';
import { StorePage } from '../storefront/StorePage.js';
import { RouteError } from './RouteError.js';

export const DEMO_STORE_PATH = '/store/demo';

// The merchant pages are their own chunks: a diner's first load of a store page carries no
// dashboard code (issue 11, bench/storefront).
const LoginPage = lazy(async () => ({
  default: (await import('../dashboard/LoginPage.js')).LoginPage,
}));
const DashboardPage = lazy(async () => ({
  default: (await import('../dashboard/DashboardPage.js')).DashboardPage,
}));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // A page that throws shows RouteError; moving to another path tries again.
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
      <Suspense
        fallback={
          <div className="page page--centered">
            <StatusPanel title="Loading…" />
          </div>
        }
      >
        <Routes>
          <Route path="/" element={<Navigate to={DEMO_STORE_PATH} replace />} />
          <Route path="/store/:merchantId" element={<StorePage />} />
          <Route path="/store/:merchantId/dinein/:tablename" element={<StorePage />} />
          <Route path="/store/:merchantId/order_placed/:orderId" element={<OrderPlacedPage />} />
          <Route path="/store/:merchantId/:storeName" element={<StorePage />} />
          <Route path="/merchant/login" element={<LoginPage />} />
          <Route path="/merchant/merchantId/:merchantId" element={<DashboardPage />} />
          <Route path="/document/terms-of-service" element={<TermsPage />} />
          <Route path="/document/privacy-policy" element={<PrivacyPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
