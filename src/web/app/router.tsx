// Every route of spec §2. In production the server sends `/` to the marketing site before the
// app loads; when the app itself reaches `/` (outside production, or after an unknown merchant)
// it shows the demo store.
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PrivacyPage, TermsPage } from '../documents/DocumentPage.js';
import { OrderPlacedPage } from '../storefront/placed/OrderPlacedPage.js';
import { StorePage } from '../storefront/StorePage.js';
import { RouteError } from './RouteError.js';

export const DEMO_STORE_PATH = '/store/demo';

// The merchant pages are their own chunks: a diner's first load of a store page carries no
// dashboard code (issue 11, bench/storefront).
const loginPage = async () => ({
  Component: (await import('../dashboard/LoginPage.js')).LoginPage,
});
const dashboardPage = async () => ({
  Component: (await import('../dashboard/DashboardPage.js')).DashboardPage,
});

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to={DEMO_STORE_PATH} replace /> },
      { path: '/store/:merchantId', element: <StorePage /> },
      { path: '/store/:merchantId/dinein/:tablename', element: <StorePage /> },
      { path: '/store/:merchantId/order_placed/:orderId', element: <OrderPlacedPage /> },
      { path: '/store/:merchantId/:storeName', element: <StorePage /> },
      { path: '/merchant/login', lazy: loginPage },
      { path: '/merchant/merchantId/:merchantId', lazy: dashboardPage },
      { path: '/document/terms-of-service', element: <TermsPage /> },
      { path: '/document/privacy-policy', element: <PrivacyPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
