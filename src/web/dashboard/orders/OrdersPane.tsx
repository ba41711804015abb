// The Orders pane, the order board (spec §2, §4; issue 27, docs/decisions/order-board.md): on the
// left the date range, the totals (Total Sale, Orders) with the sale detail and daily report, the
// search, the Now view, the status filters and the list; on the right the selected order's detail
// with its actions first. Selecting an order marks it read. The selected order is in the address
// (?order=), so the bell modal's "View order" and a reload land on it. Shortcuts: J/K next and
// previous order, A accept, R ready, C complete, ? the help sheet.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { formatCents } from '../../lib/format.js';
import { useFlash } from '../components/Flash.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { BoardFilters } from './BoardFilters.js';
import { OrderActions, type ShortcutRequest } from './OrderActions.js';
import { OrderDetail } from './OrderDetail.js';
import { OrderList } from './OrderList.js';
import { PaymentChecksNotice } from './PaymentChecks.js';
import { NewPhoneOrderButton } from './PhoneOrderDialog.js';
import { PrinterOfflineAlert } from './PrintJobs.js';
import { boardFromParams, rangeFromParams, withBoard, withRange } from './board-params.js';
import {
  type BoardChoice,
  type RangeChoice,
  useMerchantSettings,
  useOrder,
  useOrderList,
  useUpdateOrder,
} from './queries.js';
import { RangeFilter } from './RangeFilter.js';
import { DailyReportModal, SaleDetailModal } from './ReportModals.js';
import './orders.css';

/** The board's shortcuts, as the help sheet lists them. */
export const SHORTCUTS: [string, string][] = [
  ['J', 'Next order'],
  ['K', 'Previous order'],
  ['A', 'Accept the selected order'],
  ['R', 'Mark it ready'],
  ['C', 'Complete it'],
  ['?', 'Show these shortcuts'],
];

/** Typing in a field, or a dialog open: the board's keys are not shortcuts then. */
function typingOrDialog(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (el?.closest?.('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** The clock the late marks are read against, ticking each 30 seconds. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The width at which the list and the detail stack (orders.css). */
const STACKED = '(max-width: 700px)';

export function OrdersPane({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('order');
  // The filters are read from the address (board-params.ts); a change replaces the entry, so Back
  // goes to the order staff were on, not through every filter they tried.
  const board = useMemo(() => boardFromParams(params), [params]);
  const range = useMemo(() => rangeFromParams(params), [params]);
  const setRange = useCallback(
    (next: RangeChoice) => setParams((p) => withRange(p, next), { replace: true }),
    [setParams],
  );
  const [report, setReport] = useState<'sale' | 'daily' | null>(null);
  const [help, setHelp] = useState(false);
  const [shortcut, setShortcut] = useState<ShortcutRequest | null>(null);
  const settings = useMerchantSettings(merchantId);
  const timeZone = settings.data?.timeZone;
  const list = useOrderList(merchantId, range, board);
  const now = useMinuteClock();
  const changeBoard = useCallback(
    (next: BoardChoice) => setParams((p) => withBoard(p, next), { replace: true }),
    [setParams],
  );
  const orders = useMemo(() => list.data?.pages.flatMap((p) => p.orders) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals;
  const counts = list.data?.pages[0]?.counts;
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

  // On a phone the detail stands below the list (orders.css, ≤ 700 px): a tapped order is
  // scrolled to, and "Back to the list" returns to its row, so a tap visibly does something.
  const detailRef = useRef<HTMLElement>(null);
  const scrollToDetail = useRef<string | null>(null);
  const selectFromList = (id: string) => {
    select(id);
    if (window.matchMedia?.(STACKED).matches) scrollToDetail.current = id;
  };
  // Once the tapped order's detail is drawn: before, the page may be too short to scroll to it.
  const shownId = order.data?._id;
  useEffect(() => {
    if (!shownId || scrollToDetail.current !== shownId) return;
    scrollToDetail.current = null;
    detailRef.current?.scrollIntoView();
  }, [shownId]);
  const backToList = () => {
    const rowOf = document.querySelector<HTMLElement>(`button[data-order="${selectedId ?? ''}"]`);
    rowOf?.scrollIntoView({ block: 'center' });
    rowOf?.focus({ preventScroll: true });
  };

  // The board's shortcuts (J/K/A/R/C/?), not while typing or with a dialog open.
  const ordersRef = useRef(orders);
  ordersRef.current = orders;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingOrDialog(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === '?') {
        e.preventDefault();
        setHelp(true);
        return;
      }
      if (key === 'j' || key === 'k') {
        const list = ordersRef.current;
        // The address, not the render's value: two presses may come before a render.
        const current = new URLSearchParams(window.location.search).get('order');
        const at = list.findIndex((o) => o._id === current);
        const next =
          list[at < 0 ? 0 : Math.max(0, Math.min(list.length - 1, at + (key === 'j' ? 1 : -1)))];
        if (next) {
          e.preventDefault();
          select(next._id);
        }
        return;
      }
      const command = ({ a: 'accept', r: 'ready', c: 'complete' } as const)[key as 'a' | 'r' | 'c'];
      const orderId = new URLSearchParams(window.location.search).get('order');
      if (command && orderId) {
        e.preventDefault();
        setShortcut((s) => ({ command, n: (s?.n ?? 0) + 1, orderId }));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const multiDay = range.range !== 'today' || board.now;
  return (
    <div className="orders-pane">
      <h1 className="dash-sr-only">Orders</h1>
      {/* The list first: the detail's actions are the next Tab stops after the selected row. */}
      <aside className="orders-pane__sidebar" aria-label="Orders">
        <NewPhoneOrderButton merchantId={merchantId} onPlaced={select} />
        <RangeFilter value={range} onChange={setRange} timeZone={timeZone} disabled={board.now} />
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
        <BoardFilters value={board} onChange={changeBoard} counts={counts} />
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
            onSelect={selectFromList}
            timeZone={timeZone}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={() => void list.fetchNextPage()}
            previousView={list.isPlaceholderData}
            showDate={multiDay}
            now={now}
          />
        )}
        <Button className="button button--ghost board-help" onPress={() => setHelp(true)}>
          Keyboard shortcuts (?)
        </Button>
      </aside>
      <section className="orders-pane__detail" aria-label="Selected order" ref={detailRef}>
        {selectedId !== null ? (
          <button
            type="button"
            className="button button--ghost orders-pane__back"
            onClick={backToList}
          >
            Back to the list
          </button>
        ) : null}
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
            now={now}
            actions={
              <OrderActions
                merchantId={merchantId}
                order={order.data}
                merchantName={settings.data?.name ?? merchantId}
                timeZone={timeZone}
                textsOn={settings.data?.enableOrderTimeConfirmSms ?? false}
                shortcut={shortcut}
                onShortcutDone={() => setShortcut(null)}
              />
            }
          />
        )}
      </section>
      {report === 'sale' ? (
        <SaleDetailModal
          merchantId={merchantId}
          range={range}
          onClose={() => setReport(null)}
          onDailyReport={() => setReport('daily')}
        />
      ) : null}
      {help ? (
        <DashboardDialog title="Keyboard shortcuts" onClose={() => setHelp(false)}>
          <dl className="shortcut-sheet">
            {SHORTCUTS.map(([key, what]) => (
              <div key={key} className="dash-row">
                <dt>
                  <kbd>{key}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <p className="muted">
            In the list, the arrow keys move between orders; Tab reaches the selected order&apos;s
            actions.
          </p>
        </DashboardDialog>
      ) : null}
      {report === 'daily' ? (
        <DailyReportModal merchantId={merchantId} range={range} onClose={() => setReport(null)} />
      ) : null}
    </div>
  );
}
