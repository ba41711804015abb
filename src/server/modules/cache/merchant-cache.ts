// An in-process cache of one kind of per-merchant read (the menu, the public business info),
// keyed by the merchant's public id (slug) and invalidated by merchant uuid through the
// InvalidationBus. There is no time-to-live: an entry lives until a notification, a lost LISTEN
// or eviction (least recently used beyond maxEntries) removes it.
import type { InvalidationBus, InvalidationSubscriber } from './invalidation.js';

export interface Loaded<V> {
  merchantUuid: string;
  value: V;
}

/** Loads a merchant's entry by slug from the database; null when there is no such merchant. */
export type Loader<V> = (slug: string) => Promise<Loaded<V> | null>;

export class MerchantCache<V> implements InvalidationSubscriber {
  private readonly entries = new Map<string, Loaded<V>>();
  private readonly loading = new Map<string, Promise<Loaded<V> | null>>();
  /** Bumped by every invalidation: a load that started before one is not kept. */
  private epoch = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly load: Loader<V>,
    private readonly maxEntries = 1000,
  ) {
    bus.subscribe(this);
  }

  /** The merchant's entry, from memory when the cache may be trusted, else from the database. */
  async get(slug: string): Promise<V | null> {
    if (!this.bus.listening) return (await this.load(slug))?.value ?? null;
    const hit = this.entries.get(slug);
    if (hit) {
      // Keep the map in least-recently-used order for eviction.
      this.entries.delete(slug);
      this.entries.set(slug, hit);
      return hit.value;
    }
    let pending = this.loading.get(slug);
    if (!pending) {
      const epoch = this.epoch;
      const p: Promise<Loaded<V> | null> = this.load(slug)
        .then((loaded) => {
          if (loaded && epoch === this.epoch && this.bus.listening) this.keep(slug, loaded);
          return loaded;
        })
        .finally(() => {
          if (this.loading.get(slug) === p) this.loading.delete(slug);
        });
      this.loading.set(slug, p);
      pending = p;
    }
    return (await pending)?.value ?? null;
  }

  invalidate(merchantUuid: string | null): void {
    this.epoch++;
    // A request after the notification must not join a read that may predate the change.
    this.loading.clear();
    if (merchantUuid === null) {
      this.entries.clear();
      return;
    }
    for (const [slug, e] of this.entries) {
      if (e.merchantUuid === merchantUuid) this.entries.delete(slug);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(slug: string, loaded: Loaded<V>): void {
    this.entries.set(slug, loaded);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
