// The order list of the Orders pane's sidebar (spec §2): newest first, a bell on unread orders,
// loaded a capped page at a time (the API's cursor) into a virtualised list, so a range of
// thousands of orders keeps a few dozen rows in the page. The next page loads when the list is
// scrolled near its end, or with the "Load more orders" button (keyboard users, no scrolling).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatCents } from '../../lib/format.js';
import { BellIcon } from '../components/icons.js';
import {
  dueText,
  isLate,
  isUnpaid,
  isVoided,
  methodLabel,
  orderTime,
  stageLabel,
} from './labels.js';

/** A row's height before it is measured. */
const ROW_ESTIMATE = 78;
/** Load the next page when this few rows are left below the last one shown. */
const PREFETCH_ROWS = 10;

export function OrderList({
  orders,
  selectedId,
  onSelect,
  timeZone,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  previousView = false,
  showDate,
  now,
}: {
  orders: MerchantOrderView[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  timeZone: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /**
   * The rows are the previous filter's or search's, shown until the new answer comes (no flash
   * of empty). They are dimmed and cannot be picked meanwhile: in a rush, a tap on "Ready" then
   * on the top row must not select (and complete) an order from the list being left.
   */
  previousView?: boolean;
  showDate: boolean;
  /** The clock the late marks are read against (the pane ticks it each minute). */
  now: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const selectedIndex = orders.findIndex((o) => o._id === selectedId);
  // One Tab stop for the list (the selected row, else the first): from it, the selected order's
  // actions are the next stops (order-board.md "three Tab presses"). Arrow keys move the selection.
  const tabIndexOf = (index: number) =>
    index === (selectedIndex >= 0 ? selectedIndex : 0) ? 0 : -1;
  const moveFocus = useRef(false);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    getItemKey: (index) => orders[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  // The selection moved by the keyboard: bring its row into view and focus it.
  useEffect(() => {
    if (!moveFocus.current || selectedIndex < 0) return;
    moveFocus.current = false;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLButtonElement>(`button[data-order="${selectedId}"]`)
        ?.focus(),
    );
  }, [selectedId, selectedIndex, virtualizer]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? orders.length - 1 : selectedIndex + step;
    if (step === 0 && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = orders[Math.max(0, Math.min(orders.length - 1, to))];
    if (!next) return;
    moveFocus.current = true;
    onSelect(next._id);
  };

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= orders.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastIndex, orders.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div
      ref={scrollRef}
      className="order-list"
      aria-busy={previousView || undefined}
      inert={previousView || undefined}
    >
      <ul
        ref={listRef}
        onKeyDown={onKeyDown}
        className="order-list__rows"
        aria-label="Orders in range"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const order = orders[item.index]!;
          const selected = order._id === selectedId;
          const late = isLate(order, now);
          const due = dueText(order, timeZone, now);
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="order-list__item"
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={hasNextPage ? -1 : orders.length}
              aria-posinset={item.index + 1}
            >
              <button
                type="button"
                className={`order-row order-row--${order.stage}${
                  selected ? ' order-row--selected' : ''
                }${order.hasBeenRead ? '' : ' order-row--unread'}`}
                aria-current={selected ? 'true' : undefined}
                tabIndex={tabIndexOf(item.index)}
                data-order={order._id}
                onClick={() => onSelect(order._id)}
              >
                <span className="order-row__top">
                  <span className="order-row__number">#{order.orderId}</span>
                  <span className={`order-status order-status--${order.stage}`}>
                    {stageLabel(order)}
                  </span>
                  {order.hasBeenRead ? null : (
                    <span className="order-row__bell" data-testid="unread-bell">
                      <BellIcon />
                      <span className="dash-sr-only">Unread</span>
                    </span>
                  )}
                  <span className="order-row__time">
                    {orderTime(order.orderSaveDate, timeZone, showDate)}
                  </span>
                </span>
                <span className="order-row__who">
                  {order.customerName || 'Guest'} · {methodLabel(order)}
                  {order.orderMethod === 'curbside' && order.carMakeModel
                    ? ` · ${[order.carMakeModel, order.carColor].filter(Boolean).join(', ')}`
                    : ''}
                </span>
                {due && (order.stage === 'placed' || order.stage === 'accepted') ? (
                  <span className={`order-row__due${late ? ' order-row__due--late' : ''}`}>
                    {due}
                    {late ? <span className="dash-mark dash-mark--late">Late</span> : null}
                  </span>
                ) : null}
                <span className="order-row__bottom">
                  <span className={isVoided(order) ? 'order-row__total--void' : undefined}>
                    {formatCents(order.amounts.totalCents)}
                  </span>
                  {isVoided(order) ? <span className="dash-mark dash-mark--void">VOID</span> : null}
                  {!isVoided(order) && isUnpaid(order) ? (
                    <span className="dash-mark dash-mark--unpaid">Unpaid</span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <button
          type="button"
          className="button button--ghost order-list__more"
          onClick={fetchNextPage}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Loading more orders…' : 'Load more orders'}
        </button>
      ) : null}
    </div>
  );
}
