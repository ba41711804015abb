// New orders as they happen (spec §4, docs/decisions/merchant-orders.md): the server's order
// stream (Server-Sent Events) says at once which order was placed, updated or voided, and the
// spec's 10-second latestOrder poll runs beside it. The poll finds what the stream missed while it
// was down (or where EventSource is missing), and keeps the merchant's session from ending while
// the dashboard sits open (the session ends after two idle hours).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { MerchantOrderView, OrderStreamEvent } from '../../../contract/merchant-orders.js';
import {
  getLatestMerchantOrder,
  getMerchantOrderById,
  streamMerchantOrders,
} from '../../../contract/refs.js';
import { call, isApiError, urlOf } from '../../lib/api.js';
import { merchantAuthKey } from '../auth.js';
import { ordersKeys, patchOrder, refreshLists } from '../orders/queries.js';
import { wasPlacedHere } from './placed-here.js';

/** The spec's poll interval. */
export const POLL_MS = 10_000;

export function useOrderFeed(merchantId: string, onNew: (order: MerchantOrderView) => void) {
  const client = useQueryClient();
  const [streamUp, setStreamUp] = useState(false);
  const latestSeen = useRef<number | null>(null);
  const announced = useRef(new Set<string>());
  const onNewRef = useRef(onNew);
  useEffect(() => {
    onNewRef.current = onNew;
  }, [onNew]);

  // One place decides what a newly found order does: announced once, the lists read again.
  const found = useRef(async (id: string) => {
    if (announced.current.has(id)) return;
    announced.current.add(id);
    try {
      const order = await call(getMerchantOrderById, { params: { merchantId, id } });
      patchOrder(client, merchantId, order);
      latestSeen.current = Math.max(latestSeen.current ?? 0, order.orderId);
      if (!(await wasPlacedHere(id))) onNewRef.current(order);
    } catch {
      announced.current.delete(id);
    }
    await refreshLists(client, merchantId);
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(urlOf(streamMerchantOrders, { merchantId }));
    source.addEventListener('open', () => setStreamUp(true));
    source.addEventListener('error', () => setStreamUp(false));
    source.addEventListener('order', (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as OrderStreamEvent;
      if (event.kind === 'placed') {
        void found.current(event._id);
        return;
      }
      void client.invalidateQueries({ queryKey: ordersKeys.transaction(merchantId, event._id) });
      void call(getMerchantOrderById, { params: { merchantId, id: event._id } })
        .then((order) => {
          patchOrder(client, merchantId, order);
          if (event.kind === 'voided') return refreshLists(client, merchantId);
        })
        .catch(() => {});
    });
    return () => source.close();
  }, [client, merchantId]);

  const latest = useQuery({
    queryKey: ordersKeys.latest(merchantId),
    queryFn: ({ signal }) => call(getLatestMerchantOrder, { params: { merchantId } }, signal),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

  useEffect(() => {
    const data = latest.data;
    if (!data) return;
    const number = data.orderId ?? 0;
    if (latestSeen.current === null) {
      latestSeen.current = number;
      if (data._id) announced.current.add(data._id);
      return;
    }
    if (number > latestSeen.current && data._id) {
      latestSeen.current = number;
      void found.current(data._id);
    }
  }, [latest.data]);

  // A session that ended (idle, or signed out elsewhere) sends the merchant to the sign-in page.
  useEffect(() => {
    if (isApiError(latest.error, 'unauthenticated')) {
      void client.invalidateQueries({ queryKey: merchantAuthKey });
    }
  }, [latest.error, client]);

  return { streamUp };
}
