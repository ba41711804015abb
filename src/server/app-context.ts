// What every service needs from the running app: configuration, the database, the clock, the
// logger, the adapters and the hooks. Built once per app (app.ts); tests build their own with a
// set clock. Nothing here is process-wide: two apps in one process share none of it.
import type { Logger } from 'pino';
import type { Adapters } from './adapters/index.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { OrderPlacedHook } from './modules/orders/index.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

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
}
