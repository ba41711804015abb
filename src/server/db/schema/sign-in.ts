// Failed sign-in tries, counted per account and per (account, address) (issue 24,
// docs/decisions/sign-in-guesses.md). The account is a keyed hash of what was typed (merchant id
// or e-mail), so an account that does not exist is counted the same way and nothing typed is kept
// in clear. `address` is '' on the account's own row (the one that decides the wait) and the
// client's address on the others (used to forgive an address's failures when it signs in).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    /** Failures since the count last started (checked tries; a refused try is not one). */
    failures: integer('failures').notNull(),
    /** When the count last started from 1. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Before this an unknown browser's try is refused (account row only). */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
    /** Whether the latest try was refused: what the counting upsert answers. */
    lastTryRefused: boolean('last_try_refused').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountKey, t.address] }),
    index('sign_in_failures_next_try').on(t.nextTryAt),
    check('sign_in_failures_positive', sql`${t.failures} >= 0`),
  ],
);
