// The Orders pane (spec §2, §4): the selected order's detail on the left; on the right the date
// range, the totals (Total Sale, Orders) with the sale detail and daily report, and the list.
// Selecting an order marks it read. The selected order is in the address (?order=), so the bell
// modal's "View order" and a reload land on it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { formatCents } from '../../lib/format.js';
import { useFlash } from '../components/Flash.js';
import { OrderActions } from './OrderActions.js';
import { OrderDetail } from './OrderDetail.js';
import { OrderList } from './OrderList.js';
import { PaymentChecksNotice } from './PaymentChecks.js';
import { NewPhoneOrderButton } from './PhoneOrderDialog.js';
import { PrinterOfflineAlert } from './PrintJobs.js';
import {
  type RangeChoice,
  useMerchantSettings,
  useOrder,
  useOrderList,
  useUpdateOrder,
} from './queries.js';
import { RangeFilter } from './RangeFilter.js';
import { DailyReportModal, SaleDetailModal } from './ReportModals.js';
import './orders.css';

export function OrdersPane({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('order');
  const [range, setRange] = useState<RangeChoice>({ range: 'today' });
  const [report, setReport] = useState<'sale' | 'daily' | null>(null);
  const settings = useMerchantSettings(merchantId);
  const timeZone = settings.data?.timeZone;
  const list = useOrderList(merchantId, range);
  const orders = useMemo(() => list.data?.pages.flatMap((p) => p.orders) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals;
  const order = useOrder(
    merchantId,
    selectedId,
    orders.find((o) => o._id === selectedId),
  );
  const update = useUpdateOrder(merchantId);
  const flash = useFlash();

  // Spec §4: hasBeenRead goes from false to true when the merchant selects the order.
  const readAsked = useRef(new Set<string>());
  const shown = order.data;
  useEffect(() => {
    if (!shown || shown.hasBeenRead || readAsked.current.has(shown._id)) return;
    readAsked.current.add(shown._id);
    update.mutate(
      { id: shown._id, body: { hasBeenRead: true } },
      {
        onError: () => {
          readAsked.current.delete(shown._id);
          flash('error', MESSAGES.UPDATE_ORDER_FAILED);
        },
      },
    );
  }, [shown, update, flash]);

  const select = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('order', id);
      return next;
    });

  const multiDay = range.range !== 'today';
  return (
    <div className="orders-pane">
      <h1 className="dash-sr-only">Orders</h1>
      <section className="orders-pane__detail" aria-label="Selected order">
        {selectedId === null ? (
          <StatusPanel title="Select an order">
            <p>Choose an order from the list to see its detail.</p>
          </StatusPanel>
        ) : order.isPending ? (
          <StatusPanel title="Loading the order…" />
        ) : order.isError ? (
          <StatusPanel title="Cannot load this order." role="alert">
            <button type="button" className="button" onClick={() => void order.refetch()}>
              Try again
            </button>
          </StatusPanel>
        ) : (
          <OrderDetail
            order={order.data}
            timeZone={timeZone}
            actions={
              <OrderActions
                merchantId={merchantId}
                order={order.data}
                merchantName={settings.data?.name ?? merchantId}
                timeZone={timeZone}
                textsOn={settings.data?.enableOrderTimeConfirmSms ?? false}
              />
            }
          />
        )}
      </section>
      <aside className="orders-pane__sidebar" aria-label="Orders">
        <NewPhoneOrderButton merchantId={merchantId} onPlaced={select} />
        <RangeFilter value={range} onChange={setRange} timeZone={timeZone} />
        <div className="orders-totals">
          <dl>
            <div>
              <dt>Total Sale</dt>
              <dd data-testid="total-sale">{totals ? formatCents(totals.totalSaleCents) : '—'}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd data-testid="total-orders">{totals ? totals.orders : '—'}</dd>
            </div>
          </dl>
          <button type="button" className="button" onClick={() => setReport('sale')}>
            Sale detail
          </button>
        </div>
        <PaymentChecksNotice merchantId={merchantId} timeZone={timeZone} />
        <PrinterOfflineAlert merchantId={merchantId} />
        {list.isPending && list.fetchStatus !== 'idle' ? (
          <StatusPanel title="Loading orders…" />
        ) : list.isError ? (
          <StatusPanel title="Cannot load the orders." role="alert">
            <button type="button" className="button" onClick={() => void list.refetch()}>
              Try again
            </button>
          </StatusPanel>
        ) : orders.length === 0 ? (
          <p className="orders-empty">{list.isPending ? '' : MESSAGES.NO_DATA_FOUND}</p>
        ) : (
          <OrderList
            orders={orders}
            selectedId={selectedId}
            onSelect={select}
            timeZone={timeZone}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={() => void list.fetchNextPage()}
            showDate={multiDay}
          />
        )}
      </aside>
      {report === 'sale' ? (
        <SaleDetailModal
          merchantId={merchantId}
          range={range}
          onClose={() => setReport(null)}
          onDailyReport={() => setReport('daily')}
        />
      ) : null}
      {report === 'daily' ? (
        <DailyReportModal merchantId={merchantId} range={range} onClose={() => setReport(null)} />
      ) : null}
    </div>
  );
}
