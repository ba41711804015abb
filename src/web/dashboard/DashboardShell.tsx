// The merchant dashboard's frame (spec §2 "Merchant dashboard"): the sidebar with the panes
// (Orders by default, Store, Menu, Printers) and sign-out, the pane chosen in the address (?pane=), each
// pane its own lazy chunk. New orders are watched here, whatever pane is open: the bell modal and
// its looping sound, and the banner asking for the one click browsers need before sound.
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MerchantOrderView } from '../../contract/merchant-orders.js';
import { StatusPanel } from '../components/StatusPanel.js';
import { FlashProvider } from './components/Flash.js';
import { BellIcon } from './components/icons.js';
import { NewOrderModal } from './live/NewOrderModal.js';
import { useOrderBell } from './live/useOrderBell.js';
import { useOrderFeed } from './live/useOrderFeed.js';
import { useMerchantSettings } from './orders/queries.js';
import './dashboard.css';

const OrdersPane = lazy(async () => ({
  default: (await import('./orders/OrdersPane.js')).OrdersPane,
}));
const StorePane = lazy(async () => ({
  default: (await import('./store/StorePane.js')).StorePane,
}));
const PrintersPane = lazy(async () => ({
  default: (await import('./printers/PrintersPane.js')).PrintersPane,
}));
const MenuPane = lazy(async () => ({
  default: (await import('./menu/MenuPane.js')).MenuPane,
}));

export const PANES = [
  { id: 'orders', label: 'Orders' },
  { id: 'store', label: 'Store' },
  { id: 'menu', label: 'Menu' },
  { id: 'printers', label: 'Printers' },
] as const;
export type PaneId = (typeof PANES)[number]['id'];

export function paneOf(value: string | null): PaneId {
  return PANES.some((p) => p.id === value) ? (value as PaneId) : 'orders';
}

export function DashboardShell({
  merchantId,
  onSignOut,
  signingOut,
  signOutFailed,
}: {
  merchantId: string;
  onSignOut: () => void;
  signingOut: boolean;
  signOutFailed: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const pane = paneOf(params.get('pane'));
  const settings = useMerchantSettings(merchantId);
  const [newOrders, setNewOrders] = useState<MerchantOrderView[]>([]);
  const bell = useOrderBell(newOrders.length > 0);

  const onNew = useCallback((order: MerchantOrderView) => {
    setNewOrders((list) => (list.some((o) => o._id === order._id) ? list : [...list, order]));
  }, []);
  useOrderFeed(merchantId, onNew);

  const viewOrder = (order: MerchantOrderView) => {
    setNewOrders([]);
    setParams({ pane: 'orders', order: order._id });
  };

  return (
    <FlashProvider>
      <div className="dash">
        <a className="skip-link" href="#dash-main">
          Skip to content
        </a>
        <nav className="dash-nav" aria-label="Dashboard">
          <p className="dash-nav__brand">Forkful</p>
          <p className="dash-nav__merchant">{settings.data?.name ?? merchantId}</p>
          <ul className="dash-nav__panes">
            {PANES.map((p) => (
              <li key={p.id}>
                <Link
                  to={{ search: `?pane=${p.id}` }}
                  className="dash-nav__link"
                  aria-current={p.id === pane ? 'page' : undefined}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="dash-nav__bell" data-bell={bell.enabled ? 'on' : 'off'}>
            <BellIcon /> {bell.enabled ? 'Order bell on' : 'Order bell off'}
          </p>
          <button
            type="button"
            className="button dash-nav__signout"
            onClick={onSignOut}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
          {signOutFailed ? (
            <p className="form-error" role="alert">
              Fail to signout
            </p>
          ) : null}
        </nav>
        <div className="dash-content">
          {bell.enabled ? null : (
            <button type="button" className="bell-banner" onClick={bell.unlock}>
              <BellIcon size={20} />
              <span>
                <strong>Click to turn on the order bell.</strong> Your browser plays the new-order
                sound only after a click on the page.
              </span>
            </button>
          )}
          <main id="dash-main" className="dash-main" tabIndex={-1}>
            <Suspense fallback={<StatusPanel title="Loading…" />}>
              {pane === 'orders' ? (
                <OrdersPane merchantId={merchantId} />
              ) : pane === 'store' ? (
                <StorePane merchantId={merchantId} />
              ) : pane === 'printers' ? (
                <PrintersPane merchantId={merchantId} />
              ) : (
                <MenuPane />
              )}
            </Suspense>
          </main>
        </div>
        {newOrders.length > 0 ? (
          <NewOrderModal orders={newOrders} onClose={() => setNewOrders([])} onView={viewOrder} />
        ) : null}
      </div>
    </FlashProvider>
  );
}
