// The outbox: messages (SMS, email) and print jobs written in the same transaction as the change
// that causes them, then delivered by a worker at least once.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    /** Deduplication key: the same business event never queues the same message twice. */
    messageKey: text('message_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_message_key').on(t.messageKey),
    index('outbox_due').on(t.status, t.nextAttemptAt),
    check('outbox_kind_known', sql`${t.kind} in ('sms','email','print')`),
    check('outbox_status_known', sql`${t.status} in ('pending','sending','sent','failed','dead')`),
  ],
);
