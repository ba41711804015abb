// One LISTEN per instance for every open order stream (issue 12): the hub listens on the order
// events channel and wakes the streams of the merchant named in each notification — a diner's
// order stream only for its own order —; the streams read what is new from order_events themselves. Not one database connection per open dashboard.
// When the LISTEN is lost the hub says so (`live` false: the streams poll meanwhile), listens
// again with backoff, and wakes every stream once it is back, so nothing committed meanwhile is
// missed.
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { ORDER_EVENTS_CHANNEL, parseOrderEventPayload } from '../orders/index.js';

type Wake = () => void;
/** A stream's wake, and the one order it follows (a diner's page), if any. */
interface Subscriber {
  wake: Wake;
  orderId: string | undefined;
}

export class OrderEventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private unlisten: (() => Promise<void>) | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = 500;
  private closed = false;
  /** True while the LISTEN is in place. */
  live = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    try {
      this.unlisten = await this.database.listen(
        ORDER_EVENTS_CHANNEL,
        (payload) => this.wake(parseOrderEventPayload(payload)),
        {
          onLost: (err) => {
            this.live = false;
            this.unlisten = undefined;
            this.log.warn({ err }, 'order streams: LISTEN lost, polling until it is back');
            this.retry();
          },
        },
      );
      this.live = true;
      this.retryMs = 500;
      this.wakeAll();
    } catch (err) {
      this.log.warn({ err }, 'order streams: LISTEN failed, polling until it works');
      this.retry();
    }
  }

  private retry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  /** Wakes `wake` on the merchant's events; with `orderId`, only on that order's (or unnamed ones). */
  subscribe(merchantUuid: string, wake: Wake, orderId?: string): () => void {
    const set = this.subscribers.get(merchantUuid) ?? new Set<Subscriber>();
    const subscriber = { wake, orderId };
    set.add(subscriber);
    this.subscribers.set(merchantUuid, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(merchantUuid);
    };
  }

  private wake(event: { merchantUuid: string; orderId?: string }): void {
    for (const s of this.subscribers.get(event.merchantUuid) ?? []) {
      if (s.orderId === undefined || event.orderId === undefined || s.orderId === event.orderId)
        s.wake();
    }
  }

  private wakeAll(): void {
    for (const set of this.subscribers.values()) for (const s of set) s.wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.live = false;
    await this.unlisten?.().catch(() => {});
  }
}
