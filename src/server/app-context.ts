// What every service needs from the running app: configuration, the database, the clock, the
// logger, the adapters and the hooks. Built once per app (app.ts); tests build their own with a
// set clock. Nothing here is process-wide: two apps in one process share none of it.
// It imports nothing from modules/ (every module imports it, type cycles included: see
// docs/decisions/module-boundaries.md); the placement hook's type is declared here for that.
import type { Logger } from 'pino';
import type { Adapters } from './adapters/index.js';
import type { Config } from './config.js';
import type { Database, Db, Statement, Tx } from './db/client.js';
import type { MerchantRow, OrderLineRow, OrderRow } from './db/rows.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock the browser journeys can move (TEST_CONTROLS): it runs on from the time it was set. */
export interface SettableClock extends Clock {
  /** The time it is now; null goes back to the system's time. */
  set(at: Date | null): void;
}

export function settableClock(): SettableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (at) => {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}

export const isSettableClock = (clock: Clock): clock is SettableClock =>
  typeof (clock as Partial<SettableClock>).set === 'function';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: Logger;
  adapters: Adapters;
  hooks: AppHooks;
}

/** Work other modules add to a flow of another module, registered where the app is built. */
export interface AppHooks {
  /** Run inside the placing transaction once an order has its numbers (outbox, loyalty…). */
  orderPlaced: OrderPlacedHook[];
  /** Outbox kinds another module delivers (print jobs: the printers module). */
  outboxDeliverers?: { print?: OutboxDeliverer };
}

/**
 * Delivers one outbox message of a kind the outbox does not know how to send. It throws to be
 * retried (an error with `permanent: true` is given up at once), and is told when this is the
 * outbox's last attempt so it can record the give-up on its own rows.
 */
export type OutboxDeliverer = (
  ctx: AppContext,
  message: { jobId: string; attempt: number; lastAttempt: boolean },
) => Promise<{ providerMessageId: string }>;

/**
 * What the placing request already holds, so hooks need not read it again (the reconciler, placing
 * later, passes nothing and hooks read what they need).
 */
export interface PlacementKnown {
  merchant?: MerchantRow;
  lines?: OrderLineRow[];
}

/**
 * Runs inside the placing transaction once the numbers are taken, with the order as it is being
 * placed (outbox, loyalty…). It answers the data-modifying statements it needs, which run as CTEs
 * of the placement's own write: no round trip of their own. It may read with `tx` (the reconciler
 * passes nothing known). orders.service runs them; placement-hooks.ts declares them.
 */
export type OrderPlacedHook = (
  tx: Tx,
  order: OrderRow,
  ctx: AppContext,
  known: PlacementKnown,
) => Promise<readonly Statement[] | void>;
