// The selected order, on the left of the Orders pane (spec §2, §3 "Order"): its lines with
// options, size and note; the amounts; the method with table, car or room; the customer; the
// schedule and the ready time; the payment with the masked card; the unpaid and void marks; the
// delivery map.
import { useState, type ReactNode } from 'react';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatCents } from '../../lib/format.js';
import {
  dueText,
  isLate,
  stageLabel,
  cardText,
  isUnpaid,
  paymentStatusText,
  isVoided,
  methodLabel,
  orderTime,
  paymentText,
  phoneText,
} from './labels.js';
import { DeliveryMapModal } from './DeliveryMapModal.js';
import { OrderLines } from './OrderLines.js';
import { PrintJobs } from './PrintJobs.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dash-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function OrderDetail({
  order,
  timeZone,
  actions,
  now = Date.now(),
}: {
  order: MerchantOrderView;
  timeZone: string | undefined;
  actions: ReactNode;
  now?: number;
}) {
  const late = isLate(order, now);
  const due = dueText(order, timeZone, now);
  const [mapOpen, setMapOpen] = useState(false);
  const a = order.amounts;
  const voided = isVoided(order);
  const unpaid = !voided && isUnpaid(order);
  const payment = paymentStatusText(order);
  const money: [string, number, boolean][] = [
    ['Subtotal', a.subtotalCents, true],
    ['Discount', -a.discountCents, a.discountCents !== 0],
    ['Tax', a.taxCents, true],
    ['Tips', a.tipsCents, true],
    ['Gratuity', a.fixedTipsCents, a.fixedTipsCents !== 0],
    ['Processing fee', a.processingFeeCents, a.processingFeeCents !== 0],
    ['Service fee', a.serviceFeeCents, a.serviceFeeCents !== 0],
    ['Delivery fee', a.deliveryFeeCents, a.deliveryFeeCents !== 0],
    ['Room service fee', a.roomServiceDeliveryFeeCents, a.roomServiceDeliveryFeeCents !== 0],
  ];
  return (
    <article className="order-detail" aria-labelledby="order-detail-title">
      <header className="order-detail__head">
        <div>
          <h2 id="order-detail-title">Order #{order.orderId}</h2>
          <p className="muted">
            Daily #{order.dailyOrderId} · {orderTime(order.orderSaveDate, timeZone)}
            {due ? ` · ${due}` : ''} · {methodLabel(order)}
          </p>
        </div>
        <div className="order-detail__marks">
          <span className={`order-status order-status--${order.stage}`}>{stageLabel(order)}</span>
          {late ? <span className="dash-mark dash-mark--late">Late</span> : null}
          {voided ? <span className="dash-mark dash-mark--void">VOID</span> : null}
          {unpaid ? <span className="dash-mark dash-mark--unpaid">Unpaid</span> : null}
          {payment === 'Paid' ? <span className="dash-mark dash-mark--paid">Paid</span> : null}
          {payment === 'Released' || payment === 'To check' ? (
            <span className="dash-mark">{payment}</span>
          ) : null}
          {order.hasPrintedToKitchen ? <span className="dash-mark">Printed</span> : null}
          {order.hasSentOrderTimeSMS ? <span className="dash-mark">Text sent</span> : null}
        </div>
      </header>
      {actions}
      <PrintJobs order={order} timeZone={timeZone} />
      <div className="order-detail__grid">
        <section className="order-detail__section" aria-labelledby="order-items-title">
          <h3 id="order-items-title">Items</h3>
          <OrderLines order={order} label="Order items" />
          <dl className="order-amounts">
            {money
              .filter(([, , show]) => show)
              .map(([label, cents]) => (
                <Row key={label} label={label}>
                  {formatCents(cents)}
                </Row>
              ))}
            <div className="dash-row dash-row--total">
              <dt>Total</dt>
              <dd>{formatCents(a.totalCents)}</dd>
            </div>
          </dl>
        </section>
        <div className="order-detail__side">
          <section className="order-detail__section" aria-labelledby="order-method-title">
            <h3 id="order-method-title">Method</h3>
            <dl>
              <Row label="Method">{methodLabel(order)}</Row>
              {order.orderMethod === 'curbside' ? (
                <Row label="Car">
                  {[order.carMakeModel, order.carColor].filter(Boolean).join(', ')}
                </Row>
              ) : null}
              {order.customerAddrStr ? (
                <Row label="Address">
                  {order.customerAddrStr}
                  {order.deliveryDistanceMiles !== null
                    ? ` (${order.deliveryDistanceMiles.toFixed(1)} mi)`
                    : ''}
                  {order.deliveryLocation ? (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setMapOpen(true)}
                      >
                        Delivery map
                      </button>
                    </>
                  ) : null}
                </Row>
              ) : null}
              {order.deliveryNote ? <Row label="Delivery note">{order.deliveryNote}</Row> : null}
              <Row label="Schedule">
                {order.scheduleTimeStr
                  ? `${order.scheduleDate} ${order.scheduleTimeStr}`.trim()
                  : 'ASAP'}
              </Row>
              <Row label="Ready time">{order.readyTime.text}</Row>
              {order.isBranch ? <Row label="Location">Branch</Row> : null}
            </dl>
          </section>
          <section className="order-detail__section" aria-labelledby="order-customer-title">
            <h3 id="order-customer-title">Customer</h3>
            <dl>
              <Row label="Name">{order.customerName || '—'}</Row>
              {order.phone ? <Row label="Phone">{phoneText(order.phone)}</Row> : null}
              {order.customerEmail ? <Row label="Email">{order.customerEmail}</Row> : null}
            </dl>
          </section>
          <section className="order-detail__section" aria-labelledby="order-payment-title">
            <h3 id="order-payment-title">Payment</h3>
            <dl>
              <Row label="Method">{paymentText(order)}</Row>
              {cardText(order) ? <Row label="Card">{cardText(order)}</Row> : null}
              <Row label="Status">{payment}</Row>
              {order.promoCode ? <Row label="Promo code">{order.promoCode}</Row> : null}
            </dl>
          </section>
        </div>
      </div>
      {mapOpen && order.deliveryLocation ? (
        <DeliveryMapModal
          at={order.deliveryLocation}
          address={order.customerAddrStr}
          miles={order.deliveryDistanceMiles}
          onClose={() => setMapOpen(false)}
        />
      ) : null}
    </article>
  );
}
