// What every service needs from the running app: configuration, the database, the clock and
// the logger. Built once per app; tests build their own with a set clock.
import type { Logger } from 'pino';
import type { Adapters } from './adapters/index.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

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
}
