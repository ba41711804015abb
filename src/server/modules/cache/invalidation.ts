// Cross-instance invalidation of the per-merchant read caches (menu, public business info)
// through PostgreSQL LISTEN/NOTIFY (docs/design/data.md).
//
// A writer that changes a merchant's menu or settings calls notifyMenuChanged(tx, merchantUuid)
// inside its transaction; PostgreSQL delivers the notification to every instance only when that
// transaction commits, and each instance drops what it cached for the merchant.
//
// A notification missed is a stale menu forever, so the caches trust themselves only while the
// LISTEN is in place: when its connection is lost they drop everything, serve straight from the
// database, and listen again with backoff; once listening again they drop everything once more
// (anything read before could have missed a change) and start caching.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../db/client.js';
import { MENU_CHANGED_CHANNEL } from './cache.repository.js';
import * as repository from './cache.repository.js';

/** Tells every instance, when the caller's transaction commits, that a merchant's menu changed. */
export const notifyMenuChanged: typeof repository.notifyMenuChanged = (tx, merchantUuid) =>
  repository.notifyMenuChanged(tx, merchantUuid);

export interface InvalidationSubscriber {
  /** Drop what is cached for one merchant (by uuid), or everything when null. */
  invalidate(merchantUuid: string | null): void;
}

export interface InvalidationBusOptions {
  /** First retry delay after a lost or failed LISTEN; doubles up to maxDelayMs (with jitter). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export class InvalidationBus {
  /** True while the LISTEN is in place: only then may a cache serve or keep what it read. */
  listening = false;
  /** How many times the LISTEN was lost (for logs and tests). */
  losses = 0;
  /** How many times the LISTEN was put in place, the first included. */
  connects = 0;
  private readonly subscribers = new Set<InvalidationSubscriber>();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    opts: InvalidationBusOptions = {},
  ) {
    this.baseDelayMs = opts.baseDelayMs ?? 200;
    this.maxDelayMs = opts.maxDelayMs ?? 30_000;
  }

  subscribe(s: InvalidationSubscriber): void {
    this.subscribers.add(s);
  }

  /** Starts listening; on failure keeps retrying in the background (caches stay off meanwhile). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.listening = false;
    this.resetAll();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const unlisten = await this.database.listen(
        MENU_CHANGED_CHANNEL,
        (payload) => this.onMessage(payload),
        { onLost: (err) => this.onLost(err) },
      );
      if (this.stopped) {
        await unlisten().catch(() => {});
        return;
      }
      this.unlisten = unlisten;
      this.listening = true;
      this.connects++;
      this.attempt = 0;
      // Whatever was read before this point may have missed a notification.
      this.resetAll();
      if (this.losses > 0) this.log.info('menu cache invalidation: listening again');
    } catch (err) {
      this.log.warn({ err }, 'menu cache invalidation: LISTEN failed, caching off until it works');
      this.retry();
    }
  }

  private onLost(err: Error): void {
    this.listening = false;
    this.unlisten = undefined;
    this.losses++;
    this.resetAll();
    this.log.warn({ err }, 'menu cache invalidation: LISTEN lost, caching off until it is back');
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    const delay = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => void this.connect(), delay * (0.5 + Math.random() / 2));
    this.timer.unref();
  }

  /** Drops what this instance cached for one merchant, without waiting for the notification. */
  invalidateLocally(merchantUuid: string): void {
    for (const s of this.subscribers) s.invalidate(merchantUuid);
  }

  private onMessage(payload: string): void {
    const id = payload.trim();
    const target = id === '' || id === '*' ? null : id;
    for (const s of this.subscribers) s.invalidate(target);
  }

  private resetAll(): void {
    for (const s of this.subscribers) s.invalidate(null);
  }
}

const buses = new WeakMap<AppContext, InvalidationBus>();

/**
 * The app's one invalidation listener, started on first call and stopped when the app closes.
 * Every module that caches merchant reads subscribes to it.
 */
export async function menuInvalidation(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<InvalidationBus> {
  let bus = buses.get(ctx);
  if (!bus) {
    const created = new InvalidationBus(ctx.database, ctx.log);
    bus = created;
    buses.set(ctx, created);
    app.addHook('onClose', async () => {
      await created.stop();
    });
    await created.start();
  }
  return bus;
}

/**
 * Drops this instance's caches of a merchant at once, after a write of ours committed: the
 * notification reaches every instance, this one included, a moment later, but the writer's next
 * request (the dashboard's, or a diner's on the same instance) must already see the change.
 */
export function menuChangedHere(ctx: AppContext, merchantUuid: string): void {
  buses.get(ctx)?.invalidateLocally(merchantUuid);
}

/** The app's listener if started (tests inspect it). */
export function invalidationBusOf(ctx: AppContext): InvalidationBus | undefined {
  return buses.get(ctx);
}
