// What the diner's placed-order stream sends: the order's state and live status. A failed order
// has none (the order-placed page does not show it either).
import { type PlacedOrderStreamEvent, wireStateOf } from '../../../contract/orders.js';
import { orderLiveStatus } from '../../../domain/index.js';
import type { Db } from '../../db/client.js';
import { findPlacedOrderStatusRow } from './order-events.repository.js';

export async function placedOrderStatus(
  db: Db,
  merchantId: string,
  orderId: string,
): Promise<{ merchantUuid: string; event: PlacedOrderStreamEvent } | undefined> {
  const row = await findPlacedOrderStatusRow(db, merchantId, orderId);
  if (!row || row.state === 'failed') return undefined;
  return {
    merchantUuid: row.merchantUuid,
    event: {
      state: wireStateOf(row.state),
      live: orderLiveStatus(row, row.timeZone),
    },
  };
}
