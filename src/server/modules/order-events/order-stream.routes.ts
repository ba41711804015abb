// The merchant's live order stream (GET .../orders/stream, Server-Sent Events). Each stream reads
// the merchant's order_events after the last one it sent — when the instance's hub wakes it (a
// NOTIFY from any instance), on its heartbeat, and often while the hub's LISTEN is down — so a
// stream misses nothing, and a reconnect with Last-Event-ID replays from the table.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_STREAMS_PER_MERCHANT,
  type OrderStreamEvent,
  streamMerchantOrders,
} from '../../../contract/merchant-orders.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { lastOrderEventSeq, orderEventsAfter } from '../orders/index.js';
import { OrderEventHub } from './hub.js';

const HEARTBEAT_MS = 15_000;
/** How often a stream reads the table itself while the hub's LISTEN is down. */
const POLL_WITHOUT_LISTEN_MS = 2_000;
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

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\n\n');

        let reading = false;
        let again = false;
        let ended = false;
        const pump = async (): Promise<void> => {
          if (reading) {
            again = true;
            return;
          }
          reading = true;
          try {
            do {
              again = false;
              const events = await orderEventsAfter(ctx.db, merchant.id, last, BATCH);
              for (const e of events) {
                if (ended) return;
                const data: OrderStreamEvent = {
                  seq: e.seq,
                  _id: e.orderId,
                  kind: e.kind as OrderStreamEvent['kind'],
                  at: e.at.toISOString(),
                };
                res.write(`id: ${e.seq}\nevent: order\ndata: ${JSON.stringify(data)}\n\n`);
                last = e.seq;
              }
              if (events.length === BATCH) again = true;
            } while (again && !ended);
          } catch (err) {
            ctx.log.warn({ err, merchantId: merchant.merchantId }, 'order stream: read failed');
          } finally {
            reading = false;
          }
        };

        const unsubscribe = hub.subscribe(merchant.id, () => void pump());
        let beats = 0;
        const timer = setInterval(() => {
          beats += 1;
          if (!hub.live) void pump();
          if ((beats * POLL_WITHOUT_LISTEN_MS) % HEARTBEAT_MS < POLL_WITHOUT_LISTEN_MS) {
            res.write(': ping\n\n');
            void pump();
          }
        }, POLL_WITHOUT_LISTEN_MS);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(timer);
          unsubscribe();
          open.delete(end);
          res.end();
        };
        open.add(end);
        req.raw.on('close', end);
        await pump();
      },
    );
  };
