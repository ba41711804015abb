// The live order streams (Server-Sent Events), both woken by this instance's one LISTEN (hub.ts):
// - the merchant's (GET .../orders/stream): each stream reads the merchant's order_events after
//   the last one it sent, so it misses nothing, and a reconnect with Last-Event-ID replays from
//   the table;
// - the diner's placed order (GET /api/orderPlaced/.../order/_id/{id}/stream): the order's status,
//   sent when it changes; a reconnect simply gets the current one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_STREAMS_PER_MERCHANT,
  type OrderStreamEvent,
  streamMerchantOrders,
} from '../../../contract/merchant-orders.js';
import { PLACED_ORDER_STREAMS_PER_ORDER, streamPlacedOrder } from '../../../contract/orders.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { lastOrderEventSeq, orderEventsAfter } from '../orders/index.js';
import { serveEventStream } from './event-stream.js';
import { OrderEventHub } from './hub.js';
import { placedOrderStatus } from './order-events.service.js';

const BATCH = 500;

/** Last-Event-ID (an EventSource reconnecting) or ?lastEventId, else undefined. */
function resumeFrom(header: string | string[] | undefined, query: number | undefined) {
  const text = Array.isArray(header) ? header[0] : header;
  if (text !== undefined && /^\d{1,15}$/.test(text.trim())) return Number(text.trim());
  return query;
}

export const orderStreamRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const hub = new OrderEventHub(ctx.database, ctx.log);
    await hub.start();
    const open = new Set<() => void>();
    // Before the server waits for its connections to finish: an open stream never would.
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });
    app.addHook('onClose', async () => hub.close());

    app.get(
      streamMerchantOrders.path,
      { config: { access: 'merchant', stream: true }, schema: streamMerchantOrders.schema },
      async (req, reply) => {
        const merchant = await findMerchantBySlug(ctx.db, req.params.merchantId);
        if (!merchant) throw notFound('Merchant');
        if (hub.count(merchant.id) >= ORDER_STREAMS_PER_MERCHANT) {
          throw new AppError(
            'rate_limited',
            `At most ${ORDER_STREAMS_PER_MERCHANT} live order streams per store are open at once`,
          );
        }
        let last =
          resumeFrom(req.headers['last-event-id'], req.query.lastEventId) ??
          (await lastOrderEventSeq(ctx.db, merchant.id));
        await serveEventStream({
          req,
          reply,
          hub,
          merchantUuid: merchant.id,
          open,
          log: ctx.log.child({ merchantId: merchant.merchantId }),
          read: async (sink) => {
            const events = await orderEventsAfter(ctx.db, merchant.id, last, BATCH);
            for (const e of events) {
              const data: OrderStreamEvent = {
                seq: e.seq,
                _id: e.orderId,
                kind: e.kind as OrderStreamEvent['kind'],
                at: e.at.toISOString(),
              };
              if (!sink.send({ id: e.seq, event: 'order', data })) return false;
              last = e.seq;
            }
            return events.length === BATCH;
          },
        });
      },
    );

    // Streams per placed order on this instance (a few tabs; the id is the diner's key).
    const perOrder = new Map<string, number>();
    app.get(
      streamPlacedOrder.path,
      { config: { access: 'public', stream: true }, schema: streamPlacedOrder.schema },
      async (req, reply) => {
        const { merchantId, id } = req.params;
        const first = await placedOrderStatus(ctx.db, merchantId, id);
        if (!first) throw notFound('Order');
        const count = perOrder.get(id) ?? 0;
        if (count >= PLACED_ORDER_STREAMS_PER_ORDER) {
          throw new AppError(
            'rate_limited',
            `At most ${PLACED_ORDER_STREAMS_PER_ORDER} live streams per order are open at once`,
          );
        }
        perOrder.set(id, count + 1);
        let sent = '';
        await serveEventStream({
          req,
          reply,
          hub,
          merchantUuid: first.merchantUuid,
          open,
          log: ctx.log,
          read: async (sink) => {
            const now = sent === '' ? first : await placedOrderStatus(ctx.db, merchantId, id);
            if (!now) return false;
            const text = JSON.stringify(now.event);
            if (text !== sent && sink.send({ event: 'status', data: now.event })) sent = text;
            return false;
          },
          onEnd: () => {
            const left = (perOrder.get(id) ?? 1) - 1;
            if (left <= 0) perOrder.delete(id);
            else perOrder.set(id, left);
          },
        });
      },
    );
  };
