// The order list of the Orders pane's sidebar (spec §2): newest first, a bell on unread orders,
// loaded a capped page at a time (the API's cursor) into a virtualised list, so a range of
// thousands of orders keeps a few dozen rows in the page. The next page loads when the list is
// scrolled near its end, or with the "Load more orders" button (keyboard users, no scrolling).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { MerchantOrderView } from '../../../contract/merchant-orders.js';
import { formatCents } from '../../lib/format.js';
import { BellIcon } from '../components/icons.js';
import { isUnpaid, isVoided, methodLabel, orderTime } from './labels.js';

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
  showDate,
}: {
  orders: MerchantOrderView[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  timeZone: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  showDate: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    getItemKey: (index) => orders[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= orders.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastIndex, orders.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={scrollRef} className="order-list">
      <ul
        className="order-list__rows"
        aria-label="Orders in range"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const order = orders[item.index]!;
          const selected = order._id === selectedId;
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
                className={`order-row${selected ? ' order-row--selected' : ''}${
                  order.hasBeenRead ? '' : ' order-row--unread'
                }`}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(order._id)}
              >
                <span className="order-row__top">
                  <span className="order-row__number">#{order.orderId}</span>
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
                </span>
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
