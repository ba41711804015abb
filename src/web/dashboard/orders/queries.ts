// The Orders pane's calls (spec §7 "Orders", "Transactions"; docs/decisions/merchant-orders.md),
// all through the contract's refs: the range's list a capped page at a time (the API's cursor),
// one order, the order's card transaction, the merchant's settings, the daily report, and the
// updates. Types come from the contract's schemas, never restated here.
import { isPlaced } from '../../../domain/orders/order-life.js';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  BoardStatus,
  MerchantOrderView,
  OrderListAnswer,
} from '../../../contract/merchant-orders.js';
import {
  acceptMerchantOrder,
  cancelMerchantOrder,
  completeMerchantOrder,
  markMerchantOrderReady,
  getDailyReport,
  getMerchantBusinessInfo,
  getMerchantOrderById,
  getOrderTransaction,
  listMerchantOrders,
  listPaymentChecks,
  resolvePaymentCheck,
  updateMerchantOrder,
} from '../../../contract/refs.js';
import type { RouteAnswer, RouteBody, RouteQuery } from '../../../contract/route.js';
import { call, isApiError } from '../../lib/api.js';

/** One page of the list: the API allows up to 100; 50 fills a tall screen twice. */
export const PAGE_SIZE = 50;

export type RangeKind = NonNullable<RouteQuery<typeof listMerchantOrders>['range']>;
/** The spec's dateRangeObj as the pane holds it. */
export interface RangeChoice {
  range: RangeKind;
  from?: string;
  to?: string;
}

/** A custom range is asked for only once both days are chosen, in order. */
export function isRangeReady(r: RangeChoice): boolean {
  return r.range !== 'custom' || (!!r.from && !!r.to && r.from <= r.to);
}

export function rangeQuery(r: RangeChoice): RangeChoice {
  return r.range === 'custom' ? { range: 'custom', from: r.from!, to: r.to! } : { range: r.range };
}

/** The board's status filter, Now view and search (order-board.md); the range is read apart. */
export interface BoardChoice {
  status: BoardStatus;
  now: boolean;
  q: string;
}
export const ALL_BOARD: BoardChoice = { status: 'all', now: false, q: '' };

function boardQuery(b: BoardChoice) {
  return {
    ...(b.status === 'all' ? {} : { status: b.status }),
    ...(b.now ? { view: 'now' as const } : {}),
    ...(b.q.trim() === '' ? {} : { q: b.q.trim() }),
  };
}

export const ordersKeys = {
  all: (merchantId: string) => ['merchantOrders', merchantId] as const,
  lists: (merchantId: string) => ['merchantOrders', merchantId, 'list'] as const,
  list: (merchantId: string, r: RangeChoice, b: BoardChoice = ALL_BOARD) =>
    ['merchantOrders', merchantId, 'list', rangeQuery(r), boardQuery(b)] as const,
  order: (merchantId: string, id: string) => ['merchantOrders', merchantId, 'order', id] as const,
  transaction: (merchantId: string, id: string) =>
    ['merchantOrders', merchantId, 'transaction', id] as const,
  reports: (merchantId: string) => ['merchantOrders', merchantId, 'daily'] as const,
  daily: (merchantId: string, r: RangeChoice) =>
    ['merchantOrders', merchantId, 'daily', rangeQuery(r)] as const,
  settings: (merchantId: string) => ['merchantSettings', merchantId] as const,
  latest: (merchantId: string) => ['merchantOrders', merchantId, 'latest'] as const,
  paymentChecks: (merchantId: string) => ['merchantOrders', merchantId, 'paymentChecks'] as const,
};

type ListData = InfiniteData<OrderListAnswer, number | undefined>;

export function useOrderList(merchantId: string, r: RangeChoice, b: BoardChoice = ALL_BOARD) {
  return useInfiniteQuery({
    queryKey: ordersKeys.list(merchantId, r, b),
    queryFn: ({ pageParam, signal }) =>
      call(
        listMerchantOrders,
        {
          params: { merchantId },
          query: {
            ...rangeQuery(r),
            ...boardQuery(b),
            limit: PAGE_SIZE,
            ...(pageParam === undefined ? {} : { before: pageParam }),
          },
        },
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: b.now || isRangeReady(r),
    staleTime: 10_000,
    // A new filter or search keeps the rows shown until its answer comes (no flash of empty).
    placeholderData: (previous) => previous,
  });
}

export function useOrder(merchantId: string, id: string | null, fromList?: MerchantOrderView) {
  return useQuery({
    queryKey: ordersKeys.order(merchantId, id ?? ''),
    queryFn: ({ signal }) =>
      call(getMerchantOrderById, { params: { merchantId, id: id! } }, signal),
    enabled: id !== null,
    initialData: fromList,
    staleTime: 10_000,
  });
}

/** The order's card transaction (void and tip adjustment); null for an order without one. */
export function useOrderTransaction(merchantId: string, order: MerchantOrderView | undefined) {
  // Void and tip adjustment stay offered after accept, ready and complete (T4.58–T4.62, the day
  // of sale); a cancelled order's card money is payments' (order-life.md), so none is read then.
  const hasCard = order?.paymentMethod === 'creditcard' && isPlaced(order.state);
  const query = useQuery({
    queryKey: ordersKeys.transaction(merchantId, order?._id ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await call(
          getOrderTransaction,
          { params: { merchantId, orderId: order!._id } },
          signal,
        );
      } catch (error) {
        if (isApiError(error, 'not_found')) return null;
        throw error;
      }
    },
    enabled: !!order && hasCard,
    staleTime: 10_000,
  });
  // The last answer is kept under the order's key: once the order leaves the placed states (a
  // cancel from this tablet or another), its Void and Adjust tips must not stay on screen.
  return hasCard ? query : { ...query, data: null };
}

export function useMerchantSettings(merchantId: string) {
  return useQuery({
    queryKey: ordersKeys.settings(merchantId),
    queryFn: ({ signal }) => call(getMerchantBusinessInfo, { params: { merchantId } }, signal),
    staleTime: 60_000,
  });
}

export function useDailyReport(merchantId: string, r: RangeChoice, enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.daily(merchantId, r),
    queryFn: ({ signal }) =>
      call(getDailyReport, { params: { merchantId }, query: rangeQuery(r) }, signal),
    enabled: enabled && isRangeReady(r),
    staleTime: 10_000,
  });
}

/** Writes a fresh copy of an order into its own cache entry and into every loaded list page. */
export function patchOrder(client: QueryClient, merchantId: string, order: MerchantOrderView) {
  client.setQueryData(ordersKeys.order(merchantId, order._id), order);
  client.setQueriesData<ListData>({ queryKey: ordersKeys.lists(merchantId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            orders: p.orders.map((o) => (o._id === order._id ? order : o)),
          })),
        }
      : data,
  );
}

/**
 * Reads the lists again after orders were added or voided. Each list is cut back to its first
 * page first: a refetch of later pages with their old cursors would skip the order that the new
 * one pushed off the first page. The merchant scrolls on for the rest.
 */
export async function refreshLists(client: QueryClient, merchantId: string) {
  client.setQueriesData<ListData>({ queryKey: ordersKeys.lists(merchantId) }, (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
  await Promise.all([
    client.invalidateQueries({ queryKey: ordersKeys.lists(merchantId) }),
    client.invalidateQueries({ queryKey: ordersKeys.reports(merchantId) }),
  ]);
}

export type OrderUpdate = RouteBody<typeof updateMerchantOrder>;

export function useUpdateOrder(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderUpdate }) =>
      call(updateMerchantOrder, { params: { merchantId, id }, body }),
    onSuccess: (order) => patchOrder(client, merchantId, order),
  });
}

/** The order's life commands (issue 26): accept with the minutes, ready, complete, cancel. */
export type LifeCommand = 'accept' | 'ready' | 'complete' | 'cancel';
const LIFE_REFS = {
  ready: markMerchantOrderReady,
  complete: completeMerchantOrder,
  cancel: cancelMerchantOrder,
} as const;

/**
 * Runs a command; the answer (the order as it now is) goes into the caches and the lists are read
 * again (the order may have left the filter shown). A refusal (409: another tablet moved the order
 * first) reads the order again, so the detail shows the state it is in.
 */
export function useOrderCommand(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      command,
      minutes,
    }: {
      id: string;
      command: LifeCommand;
      minutes?: number;
    }) =>
      command === 'accept'
        ? call(acceptMerchantOrder, {
            params: { merchantId, id },
            body: { willBeReadyInMinutes: minutes ?? 0 },
          })
        : call(LIFE_REFS[command], { params: { merchantId, id } }),
    onSuccess: (order) => {
      patchOrder(client, merchantId, order);
      void client.invalidateQueries({ queryKey: ordersKeys.transaction(merchantId, order._id) });
      void refreshLists(client, merchantId);
    },
    onError: (_e, { id }) => {
      void client.invalidateQueries({ queryKey: ordersKeys.order(merchantId, id) });
      void refreshLists(client, merchantId);
    },
  });
}

/**
 * Card payments to check (orders failed with their card outcome unknown; PaymentChecks.tsx). The
 * order stream does not report a failed order, so the list is read every minute (and when the
 * window regains focus); it never holds up the order list.
 */
export const PAYMENT_CHECKS_POLL_MS = 60_000;

export function usePaymentChecks(merchantId: string) {
  return useQuery({
    queryKey: ordersKeys.paymentChecks(merchantId),
    queryFn: ({ signal }) => call(listPaymentChecks, { params: { merchantId } }, signal),
    refetchInterval: PAYMENT_CHECKS_POLL_MS,
    staleTime: 30_000,
  });
}

export type PaymentCheckOutcome = RouteBody<typeof resolvePaymentCheck>['outcome'];

/**
 * Records what the gateway's portal showed. A success takes the row out of the list at once; a
 * refusal (already checked elsewhere, gone) reads the list again.
 */
export function useResolvePaymentCheck(merchantId: string) {
  const client = useQueryClient();
  const key = ordersKeys.paymentChecks(merchantId);
  return useMutation({
    mutationFn: ({ orderId, outcome }: { orderId: string; outcome: PaymentCheckOutcome }) =>
      call(resolvePaymentCheck, { params: { merchantId, orderId }, body: { outcome } }),
    onSuccess: (_answer, { orderId }) =>
      client.setQueryData<RouteAnswer<typeof listPaymentChecks>>(key, (data) =>
        data ? { checks: data.checks.filter((c) => c._id !== orderId) } : data,
      ),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}
