// Keeps the order-placed page's order live (issue 12): the order's stream (Server-Sent Events)
// pushes its status as the merchant reads it, sets a ready time or voids it, and this writes it
// into the page's cached order. When the state itself changes (a payment confirmed), the whole
// order is read again. Where the stream cannot be had (no EventSource, or the server refused it
// for good) the page reads the order every POLL_MS instead.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { OrderPlacedView, PlacedOrderStreamEvent } from '../../../contract/orders.js';
import { streamPlacedOrder } from '../../../contract/refs.js';
import { urlOf } from '../../lib/api.js';

/** How often the page reads the order when it has no stream (the spec's dashboard poll). */
export const POLL_MS = 10_000;

export function placedOrderKey(merchantId: string, orderId: string) {
  return ['placedOrder', merchantId, orderId] as const;
}

function apply(client: QueryClient, key: readonly unknown[], event: PlacedOrderStreamEvent) {
  const cached = client.getQueryData<OrderPlacedView>(key);
  if (!cached) return;
  if (cached.state !== event.state) {
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  client.setQueryData<OrderPlacedView>(key, { ...cached, live: event.live });
}

/** Opens the stream while `enabled`; returns the poll interval the page should fall back to. */
export function useOrderStatusStream(
  merchantId: string,
  orderId: string,
  enabled: boolean,
): number | false {
  const client = useQueryClient();
  const [poll, setPoll] = useState<number | false>(false);
  useEffect(() => {
    if (!enabled) return;
    if (typeof EventSource === 'undefined') {
      setPoll(POLL_MS);
      return;
    }
    const key = placedOrderKey(merchantId, orderId);
    const source = new EventSource(urlOf(streamPlacedOrder, { merchantId, id: orderId }));
    source.addEventListener('status', (e) => {
      setPoll(false);
      apply(client, key, JSON.parse((e as MessageEvent<string>).data) as PlacedOrderStreamEvent);
    });
    // The browser reconnects by itself after a dropped connection; CLOSED means it gave up (an
    // error answer such as 429): read the order on a timer instead.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) setPoll(POLL_MS);
    });
    return () => source.close();
  }, [client, merchantId, orderId, enabled]);
  return poll;
}
