import { Link, Navigate, useParams } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.js';
import { StatusPanel } from '../components/StatusPanel.js';
import { isApiError } from '../lib/api.js';
import { useBusinessInfo } from './queries.js';

/** /store/:merchantId/order_placed/:orderId — a placeholder until checkout lands. */
export function OrderPlacedPage() {
  const { merchantId = '', orderId = '' } = useParams();
  const info = useBusinessInfo(merchantId);

  if (info.isError && isApiError(info.error, 'not_found')) return <Navigate to="/" replace />;
  if (info.isPending) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Loading…" />
      </div>
    );
  }

  return (
    <div className="page page--centered">
      <main className="card order-placed">
        <h1>Thank you! Your order has been placed.</h1>
        {info.data ? <p>{info.data.name} has received your order.</p> : null}
        <p className="muted">
          Order reference: <code>{orderId}</code>
        </p>
        <Link className="button" to={`/store/${encodeURIComponent(merchantId)}`}>
          Back to the menu
        </Link>
      </main>
      <SiteFooter />
    </div>
  );
}
