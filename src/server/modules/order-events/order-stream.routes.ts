// The live order streams (Server-Sent Events), both woken by this instance's one LISTEN (hub.ts):
// - the merchant's (GET .../orders/stream): each stream reads the merchant's order_events after
//   the last one it sent, so it misses nothing, and a reconnect with Last-Event-ID replays from
//   the table;
// - the diner's placed order (GET /api/orderPlaced/.../order/_id/{id}/stream): the order's status,
//   sent when it changes; a reconnect simply gets the current one.
import type { FastifyReply } from 'fastify';
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
import { metricsOf } from '../metrics/index.js';
import { lastOrderEventSeq, orderEventsAfter } from '../orders/index.js';
import { serveEventStream } from './event-stream.js';
import { OrderEventHub } from './hub.js';
import { placedOrderStatus } from './order-events.service.js';
import { type Refusal, type Release, StreamBudget } from './stream-budget.js';

const BATCH = 500;
/** Retry-After of a stream refused for its cap: the web polls meanwhile. */
const STREAM_RETRY_AFTER_S = 30;

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
    const open = new Set<(why?: 'shutdown') => void>();
    const live = metricsOf(ctx).liveStreams;
    const budget = new StreamBudget({
      perMerchant: ORDER_STREAMS_PER_MERCHANT,
      perOrder: PLACED_ORDER_STREAMS_PER_ORDER,
      dinerTotal: ctx.config.liveStreams.maxDiner,
    });
    // Before the server waits for its connections to finish: an open stream never would. Each
    // is told to come back soon (a rolling restart: the proxy sends it to another instance).
    app.addHook('preClose', async () => {
      for (const end of open) end('shutdown');
    });
    app.addHook('onClose', async () => hub.close());

    /**
     * Runs a stream's set-up and the stream with its place in the budget, taken by the caller
     * before any await; the place comes back when the stream ends, or at once if the set-up
     * fails before the stream starts.
     */
    const withPlace = async (
      place: Release | Refusal,
      reply: FastifyReply,
      serve: (release: Release) => Promise<void>,
    ) => {
      if (typeof place !== 'function') {
        // The web polls instead (the dashboard's 10 s poll runs anyway; the order page starts one).
        reply.header('retry-after', STREAM_RETRY_AFTER_S);
        throw new AppError('rate_limited', place.refused);
      }
      try {
        await serve(place);
      } catch (err) {
        place();
        throw err;
      }
    };

    app.get(
      streamMerchantOrders.path,
      { config: { access: 'merchant', stream: true }, schema: streamMerchantOrders.schema },
      // The access check has made :merchantId the signed-in merchant's own id: the store's key.
      async (req, reply) =>
        withPlace(budget.takeMerchant(req.params.merchantId), reply, async (release) => {
          const merchant = await findMerchantBySlug(ctx.db, req.params.merchantId);
          if (!merchant) throw notFound('Merchant');
          let last =
            resumeFrom(req.headers['last-event-id'], req.query.lastEventId) ??
            (await lastOrderEventSeq(ctx.db, merchant.id));
          live.inc({ kind: 'merchant' });
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
            onEnd: () => {
              live.dec({ kind: 'merchant' });
              release();
            },
          });
        }),
    );

    app.get(
      streamPlacedOrder.path,
      { config: { access: 'public', stream: true }, schema: streamPlacedOrder.schema },
      async (req, reply) =>
        withPlace(budget.takeDiner(req.params.id), reply, async (release) => {
          const { merchantId, id } = req.params;
          const first = await placedOrderStatus(ctx.db, merchantId, id);
          if (!first) throw notFound('Order');
          let sent = '';
          live.inc({ kind: 'diner' });
          await serveEventStream({
            req,
            reply,
            hub,
            merchantUuid: first.merchantUuid,
            // Woken for this order's events only (the NOTIFY names it, as uuid text).
            orderId: id.toLowerCase(),
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
              live.dec({ kind: 'diner' });
              release();
            },
          });
        }),
    );
  };
