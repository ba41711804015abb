// What merchants did, kept to answer a dispute later (issue 12): voids, tip adjustments, ready
// times and settings changes, each with the session that did it and when.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { merchants } from './merchants.js';
import { orders } from './orders.js';

export const merchantAudit = pgTable(
  'merchant_audit',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The order acted on, when the action is about one. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * Which sign-in did it: the first 16 hex digits of the session token's hash (the token itself
     * is never stored). The same reference for every action of one session.
     */
    sessionRef: text('session_ref').notNull(),
    /** e.g. 'void', 'tip_adjust', 'ready_time', 'order_update', 'settings'. */
    action: text('action').notNull(),
    /** What changed (before and after) and the outcome; never card data. */
    detail: jsonb('detail').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('merchant_audit_merchant_at').on(t.merchantId, t.at)],
);
