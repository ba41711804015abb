// One open Server-Sent Events answer fed from the order events (issue 12), shared by the merchant's
// order stream and the diner's placed-order stream: the headers, a single-flight read of what is
// new — when the instance's hub wakes it (a NOTIFY from any instance), on the heartbeat, and often
// while the hub's LISTEN is down — and the end when the caller hangs up or the server closes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { OrderEventHub } from './hub.js';

const HEARTBEAT_MS = 15_000;
/**
 * The reconnect delay a stream tells its browser when the instance shuts down (a rolling
 * restart): EventSource comes back this soon with Last-Event-ID, through the proxy, to an instance
 * still running, and the merchant's stream replays what it missed from the table.
 */
export const SHUTDOWN_RETRY_MS = 500;
/** How often a stream reads the table itself while the hub's LISTEN is down. */
const POLL_WITHOUT_LISTEN_MS = 2_000;

export interface EventStreamSink {
  /** Writes one event; false once the caller has gone. */
  send(event: { id?: number; event: string; data: unknown }): boolean;
  readonly ended: boolean;
}

export interface EventStreamOptions {
  req: FastifyRequest;
  reply: FastifyReply;
  hub: OrderEventHub;
  merchantUuid: string;
  /** The one order this stream follows (a diner's page): woken only for it. */
  orderId?: string;
  /**
   * The server's open streams: each registers its end here so closing the server ends it
   * (`'shutdown'`: with a short retry hint first).
   */
  open: Set<(why?: 'shutdown') => void>;
  log: Logger;
  /** Reads what is new and sends it; called one at a time. Returns true to be called again now. */
  read: (sink: EventStreamSink) => Promise<boolean>;
  /** Called once the stream has ended, whichever way. */
  onEnd?: () => void;
}

export async function serveEventStream(o: EventStreamOptions): Promise<void> {
  o.reply.hijack();
  const res = o.reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');

  let ended = false;
  const sink: EventStreamSink = {
    get ended() {
      return ended;
    },
    send({ id, event, data }) {
      if (ended) return false;
      res.write(
        `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      );
      return true;
    },
  };

  let reading = false;
  let again = false;
  const pump = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        // A wake while this read runs sets `again` too: what it announced is read next.
        if (await o.read(sink)) again = true;
      } while (again && !sink.ended);
    } catch (err) {
      o.log.warn({ err }, 'event stream: read failed');
    } finally {
      reading = false;
    }
  };

  const unsubscribe = o.hub.subscribe(o.merchantUuid, () => void pump(), o.orderId);
  let beats = 0;
  const timer = setInterval(() => {
    beats += 1;
    if (!o.hub.live) void pump();
    if ((beats * POLL_WITHOUT_LISTEN_MS) % HEARTBEAT_MS < POLL_WITHOUT_LISTEN_MS) {
      res.write(': ping\n\n');
      void pump();
    }
  }, POLL_WITHOUT_LISTEN_MS);
  const end = (why?: 'shutdown') => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    unsubscribe();
    o.open.delete(end);
    o.onEnd?.();
    if (why === 'shutdown' && !res.destroyed) res.write(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
    res.end();
  };
  o.open.add(end);
  o.req.raw.on('close', () => end());
  res.on('close', () => end());
  // The caller may have hung up while the route was still reading (its 'close' has passed): the
  // stream ends at once, so its place in the budget comes back.
  if (o.req.raw.destroyed || res.destroyed) {
    end();
    return;
  }
  await pump();
}
