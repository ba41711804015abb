// /store/:merchantId/order_placed/:orderId (spec §2): the real order, read by its unguessable id —
// the confirmation, its live status (issue 12: Received, Confirmed, Ready at…, Ready, Cancelled,
// pushed by the order's stream), the lines and amounts, the ready-time rule — then the
// customer-info flow when the merchant collects it. An unknown merchant or order goes to the site
// root (spec §2). Issue 25: one reading of when — the estimate by method until the merchant sets a
// ready time, then only the status; where it is handed over (the store with a map link, or the
// delivery address); the store phone as (xxx)xxx-xxxx; the customer-info flow below the status.
import { getPlacedOrder } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { OrderPlacedView } from '../../../contract/orders.js';
import { formatPhone, keepPhoneDigits } from '../../../domain/format/fields.js';
import { SiteFooter } from '../../components/SiteFooter.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { call, isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { METHOD_LABELS } from '../entry/labels.js';
import './order-placed.css';
import { placedOrderKey, useOrderStatusStream } from './use-order-status-stream.js';

const CustomerInfoFlow = lazy(() => import('./CustomerInfoFlow.js'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function headline(order: OrderPlacedView): string {
  if (order.state === 'placed') return 'Thank you! Your order has been placed.';
  if (order.state === 'awaiting_payment') return 'We are confirming your payment…';
  if (order.state === 'voided') return 'This order was cancelled.';
  return 'Your order has NOT been placed yet!';
}

function methodText(order: OrderPlacedView): string {
  const label = METHOD_LABELS[order.orderMethod as keyof typeof METHOD_LABELS] ?? order.orderMethod;
  return order.orderMethod === 'dinein' && order.dineinTableName
    ? `${label} · Table ${order.dineinTableName}`
    : label;
}

/**
 * The estimate by method (or the scheduled time) while the merchant has set no ready time; once
 * the status says when (Ready at…, Ready) or the order is cancelled, the status alone says it.
 */
function showsEstimate(order: OrderPlacedView): boolean {
  return (
    order.state === 'placed' &&
    (order.live === null || order.live.status === 'received' || order.live.status === 'confirmed')
  );
}

/** A map search for the address (opens the maps app on a phone). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function Handover({ order }: { order: OrderPlacedView }) {
  const h = order.handover;
  if (!h.address) return null;
  if (h.kind === 'delivery') {
    return (
      <p className="order-placed__handover">
        <span className="muted">Delivery to</span> {h.address}
      </p>
    );
  }
  return (
    <p className="order-placed__handover">
      <span className="muted">{order.orderMethod === 'pickup' ? 'Pick up at' : 'At'}</span> {h.name}
      , {h.address}{' '}
      <a href={mapLink(h.address)} target="_blank" rel="noreferrer">
        Open in Maps
      </a>
    </p>
  );
}

export function OrderPlacedPage() {
  const { merchantId = '', orderId = '' } = useParams();
  const valid = UUID.test(orderId);
  const poll = useOrderStatusStream(merchantId, orderId, valid);
  const order = useQuery({
    queryKey: placedOrderKey(merchantId, orderId),
    queryFn: ({ signal }) => call(getPlacedOrder, { params: { merchantId, id: orderId } }, signal),
    enabled: valid,
    retry: (n, e) => !isApiError(e, 'not_found') && n < 2,
    // A payment still being confirmed settles within seconds: look again until it has.
    // Without the stream, read it on a timer so the status still moves.
    refetchInterval: (q) => (q.state.data?.state === 'awaiting_payment' ? 3_000 : poll),
  });
  const [infoDone, setInfoDone] = useState(false);

  if (!valid || (order.isError && isApiError(order.error, 'not_found'))) {
    return <Navigate to="/" replace />;
  }
  if (order.isPending) {
    return (
      <div className="page page--centered">
        <StatusPanel title="Loading your order…" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="page page--centered">
        <StatusPanel title="We could not load your order." role="alert">
          <p>{order.error.message}</p>
          <button type="button" className="button" onClick={() => void order.refetch()}>
            Try again
          </button>
        </StatusPanel>
      </div>
    );
  }

  const o = order.data;
  const a = o.amounts;
  const amountRows: [string, number][] = [
    ['Subtotal', a.subtotalCents],
    ['Taxes', a.taxCents],
    ['Tips', a.tipsCents],
    ['Gratuity', a.fixedTipsCents],
    ['Fees', a.processingFeeCents + a.serviceFeeCents],
    ['Delivery fee', a.deliveryFeeCents],
    ['Room service fee', a.roomServiceDeliveryFeeCents],
    ['Discount', -a.discountCents],
  ];

  return (
    <div className="page order-placed-page">
      <main className="card order-placed">
        <p className="order-placed__store">{o.merchant_info.name}</p>
        <h1>{headline(o)}</h1>
        {o.orderId !== null ? (
          <p className="order-placed__number">
            Order #{o.orderId}
            {o.dailyOrderId !== null ? ` · today's #${o.dailyOrderId}` : ''}
          </p>
        ) : null}
        {o.live ? (
          <p
            className={`order-placed__status order-placed__status--${o.live.status}`}
            role="status"
          >
            <span className="muted">Status</span>{' '}
            <strong data-testid="order-status">{o.live.text}</strong>
          </p>
        ) : null}
        {o.state === 'placed' ? (
          <p className="order-placed__ready" data-testid="order-method">
            <strong>{methodText(o)}</strong>
            {showsEstimate(o) ? ` — ${o.readyTime.text}` : null}
          </p>
        ) : null}
        {o.state !== 'voided' ? <Handover order={o} /> : null}
        {o.state === 'placed' && o.orderPreparingNotice ? (
          <p className="order-placed__notice">{o.orderPreparingNotice}</p>
        ) : null}
        {o.state === 'placed' && o.customerInfoCollect?.enabled && !infoDone ? (
          // Below the status, never over it.
          <Suspense fallback={null}>
            <CustomerInfoFlow
              merchantId={merchantId}
              orderId={o._id}
              message={o.customerInfoCollect.noticeMsg}
              onDone={() => setInfoDone(true)}
            />
          </Suspense>
        ) : null}
        <ul className="order-placed__lines" aria-label="Your order">
          {o.orderItems.map((l, i) => (
            <li key={i} className="order-placed__line">
              <span>
                {l.qty}× {l.name}
                {l.size ? ` (${l.size})` : ''}
                {l.orderItemOptions.length > 0 ? (
                  <span className="muted">
                    {' '}
                    — {l.orderItemOptions.map((x) => x.name).join(', ')}
                  </span>
                ) : null}
                {l.note ? <span className="muted"> “{l.note}”</span> : null}
              </span>
              <span>{l.isFreePromo ? 'Free' : formatCents(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-placed__amounts">
          {amountRows
            .filter(([label, cents]) => cents !== 0 || label === 'Subtotal' || label === 'Taxes')
            .map(([label, cents]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{formatCents(cents)}</dd>
              </div>
            ))}
          <div className="order-placed__total">
            <dt>Total</dt>
            <dd data-testid="placed-total">{formatCents(a.totalCents)}</dd>
          </div>
        </dl>
        <p className="muted">
          {o.hasVoid
            ? 'The card payment was voided.'
            : o.paid
              ? 'Paid by card.'
              : o.paymentMethod === 'cash'
                ? 'Pay when you collect it.'
                : ''}
          {o.merchant_info.phone ? (
            <>
              {' '}
              Questions? Call{' '}
              <a href={`tel:+1${keepPhoneDigits(o.merchant_info.phone)}`}>
                {formatPhone(o.merchant_info.phone)}
              </a>
              .
            </>
          ) : null}
        </p>
        <Link className="button" to={`/store/${encodeURIComponent(merchantId)}`}>
          Back to the menu
        </Link>
      </main>
      <SiteFooter />
    </div>
  );
}
