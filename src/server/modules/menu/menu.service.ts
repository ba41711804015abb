// The diner's menu reads, served from a per-merchant snapshot kept in memory until a
// `menu_changed` notification (modules/cache/invalidation.ts) drops it. Each response body is
// serialized once per snapshot and availability variant (see MenuSnapshot.at) and then sent as
// bytes, so a cache hit does no database work and no JSON work.
import { MESSAGES, isLineAvailable, inZone } from '../../../domain/index.js';
import type { WeeklyHours } from '../../../domain/settings/schemas.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { CachedBody, type InvalidationBus, type Loaded, MerchantCache } from '../cache/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { type ItemFilter, listCategories, listItems } from './menu.repository.js';
import {
  type CategoryView,
  type ItemView,
  MAX_ITEMS,
  type PublicItemView,
} from '../../../contract/menu.js';

/** Lists are capped: a merchant's menu shows at most this many items and categories. */
export const MAX_CATEGORIES = 500;
/** Distinct `limit/:n` bodies kept per variant (the storefront only asks for 10). */
const MAX_LIMIT_BODIES = 16;

/** The menu as served at one moment: the items with their availability, and its bodies. */
export class MenuVariant {
  readonly all: CachedBody;
  private readonly limits = new Map<number, CachedBody>();
  private readonly itemBodies = new Map<string, CachedBody>();
  private readonly categoryBodies = new Map<string, CachedBody>();
  private byId: Map<string, PublicItemView> | undefined;

  constructor(readonly items: PublicItemView[]) {
    this.all = CachedBody.of(items);
  }

  /** The first n items in menu order (the storefront's quick first page). */
  limit(n: number): CachedBody {
    if (n >= this.items.length) return this.all;
    let body = this.limits.get(n);
    if (!body) {
      if (this.limits.size >= MAX_LIMIT_BODIES) this.limits.clear();
      body = CachedBody.of(this.items.slice(0, n));
      this.limits.set(n, body);
    }
    return body;
  }

  item(id: string): CachedBody | null {
    let body = this.itemBodies.get(id);
    if (!body) {
      this.byId ??= new Map(this.items.map((i) => [i._id, i]));
      const item = this.byId.get(id);
      if (!item) return null;
      body = CachedBody.of(item);
      this.itemBodies.set(id, body);
    }
    return body;
  }

  /** Only called with a category of the snapshot, so the map stays bounded. */
  inCategory(categoryId: string): CachedBody {
    let body = this.categoryBodies.get(categoryId);
    if (!body) {
      body = CachedBody.of(this.items.filter((i) => i._idCategory === categoryId));
      this.categoryBodies.set(categoryId, body);
    }
    return body;
  }
}

/**
 * One merchant's menu as read from the database. Availability depends on the time, so the
 * served variant is recomputed when the minute changes (hours are whole wall-clock minutes in
 * the merchant's zone); it is rebuilt only when some item's availability actually changed, so
 * across a day a menu is serialized once per availability window.
 */
export class MenuSnapshot {
  readonly categoriesBody: CachedBody;
  private readonly categoryBodies: Map<string, CachedBody>;
  private readonly categoryHours: Map<string, WeeklyHours | null>;
  /** Whether anything depends on the time of day at all. */
  private readonly timed: boolean;
  private current: { minute: number; signature: string; variant: MenuVariant } | undefined;

  constructor(
    readonly timeZone: string,
    readonly categories: CategoryView[],
    readonly items: ItemView[],
  ) {
    this.categoriesBody = CachedBody.of(categories);
    this.categoryBodies = new Map(categories.map((c) => [c._id, CachedBody.of(c)]));
    this.categoryHours = new Map(categories.map((c) => [c._id, c.availableHour]));
    const restricts = (h: WeeklyHours | null) => h !== null && Object.keys(h).length > 0;
    this.timed =
      categories.some((c) => restricts(c.availableHour)) ||
      items.some((i) => restricts(i.availableHour));
  }

  category(id: string): CachedBody | null {
    return this.categoryBodies.get(id) ?? null;
  }

  /** The menu as it stands at `now`. */
  at(now: Date): MenuVariant {
    const minute = Math.floor(now.getTime() / 60_000);
    const cur = this.current;
    if (cur && (cur.minute === minute || !this.timed)) return cur.variant;
    const local = inZone(now.getTime(), this.timeZone);
    const flags = this.items.map((i) =>
      isLineAvailable(
        {
          categoryHours: this.categoryHours.get(i._idCategory),
          itemHours: i.availableHour,
          soldOut: i.soldout,
        },
        local,
        this.timeZone,
      ),
    );
    const signature = flags.map((f) => (f ? '1' : '0')).join('');
    if (cur && cur.signature === signature) {
      cur.minute = minute;
      return cur.variant;
    }
    const variant = new MenuVariant(
      this.items.map((item, k) => {
        const available = flags[k] === true;
        return {
          ...item,
          available,
          unavailableNote: available ? null : MESSAGES.ITEM_UNAVAILABLE,
        };
      }),
    );
    this.current = { minute, signature, variant };
    return variant;
  }
}

export async function loadMenuSnapshot(
  ctx: AppContext,
  slug: string,
): Promise<Loaded<MenuSnapshot> | null> {
  const merchant = await findMerchantBySlug(ctx.db, slug);
  if (!merchant) return null;
  const [categories, items] = await Promise.all([
    listCategories(ctx.db, merchant.id),
    listItems(ctx.db, merchant.id, { limit: MAX_ITEMS }),
  ]);
  return {
    merchantUuid: merchant.id,
    value: new MenuSnapshot(merchant.timeZone, categories.slice(0, MAX_CATEGORIES), items),
  };
}

/** The menu reads of one app: a snapshot cache over the database. */
export class MenuReader {
  private readonly cache: MerchantCache<MenuSnapshot>;

  constructor(
    private readonly ctx: AppContext,
    bus: InvalidationBus,
  ) {
    this.cache = new MerchantCache(bus, (slug) => loadMenuSnapshot(ctx, slug));
  }

  /** The merchant's menu snapshot, or null for an unknown merchant. */
  snapshot(slug: string): Promise<MenuSnapshot | null> {
    return this.cache.get(slug);
  }

  /** The merchant's menu as it stands now (the app's clock), or null for an unknown merchant. */
  async now(slug: string): Promise<MenuVariant | null> {
    const snap = await this.cache.get(slug);
    return snap ? snap.at(this.ctx.clock.now()) : null;
  }
}

// Straight database reads (no cache), for callers that must see the committed menu itself, such
// as the cart repricing every read (the server is the authority, docs/design/money.md).

async function merchantUuid(ctx: AppContext, merchantId: string): Promise<string> {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return m.id;
}

export async function getCategories(ctx: AppContext, merchantId: string) {
  return categoriesOfMerchant(ctx, await merchantUuid(ctx, merchantId));
}

/** The same reads for a caller that already holds the merchant row (one look-up per request). */
export async function categoriesOfMerchant(ctx: AppContext, merchantUuid: string) {
  return (await listCategories(ctx.db, merchantUuid)).slice(0, MAX_CATEGORIES);
}

export async function itemsOfMerchant(
  ctx: AppContext,
  merchantUuid: string,
  filter: ItemFilter = {},
) {
  return listItems(ctx.db, merchantUuid, {
    ...filter,
    limit: Math.min(filter.limit ?? MAX_ITEMS, MAX_ITEMS),
  });
}

export async function getCategory(ctx: AppContext, merchantId: string, categoryId: string) {
  const all = await getCategories(ctx, merchantId);
  const found = all.find((c) => c._id === categoryId);
  if (!found) throw notFound('Category');
  return found;
}

export async function getItems(ctx: AppContext, merchantId: string, filter: ItemFilter = {}) {
  return itemsOfMerchant(ctx, await merchantUuid(ctx, merchantId), filter);
}

export async function getItem(ctx: AppContext, merchantId: string, itemId: string) {
  const [item] = await getItems(ctx, merchantId, { itemId });
  if (!item) throw notFound('Item');
  return item;
}
