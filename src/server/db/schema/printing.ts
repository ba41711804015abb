// Kitchen printing (issue 29): each store's printing choices, and one row per ticket a printer
// must print. A job's key names the order, the printer, the kind and the copy, so an order prints
// once per printer however often placement or a retry asks, and again only for a reprint (copy + 1).
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { Ticket } from '../../../domain/printing/ticket.js';
import { createdAt, id, ownedBy, updatedAt } from './columns.js';
import { merchants, printers } from './merchants.js';
import { orders } from './orders.js';

export const printSettings = pgTable(
  'print_settings',
  {
    merchantId: ownedBy('merchant_id', () => merchants.id).primaryKey(),
    /** Print each new order by itself (off: the board's Print button sends the jobs). */
    autoPrint: boolean('auto_print').notNull().default(false),
    /**
     * When automatic printing was last switched on: only orders placed since print by themselves
     * (switching it on is not a request to print the open orders of the day again). Null: no
     * limit (a row written before the column, or by a test).
     */
    autoPrintSince: timestamp('auto_print_since', { withTimezone: true }),
    /** A scheduled order prints at placement, or at its due time minus the preparing time. */
    scheduledPrint: text('scheduled_print').notNull().default('placement'),
    /** Where lines of items without a printer go; null: the first kitchen printer by name. */
    defaultKitchenPrinterId: uuid('default_kitchen_printer_id').references(() => printers.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAt(),
  },
  (t) => [check('print_settings_scheduled_known', sql`${t.scheduledPrint} in ('placement','due')`)],
);

export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    merchantId: ownedBy('merchant_id', () => merchants.id),
    printerId: ownedBy('printer_id', () => printers.id),
    /** Null for a test page. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** order:printer:kind:copy (test pages: test:printer:time). */
    jobKey: text('job_key').notNull(),
    copy: integer('copy').notNull().default(0),
    /** The ticket as printed: rendered for the printer's roll when it is sent or fetched. */
    ticket: jsonb('ticket').$type<Ticket>().notNull(),
    /** queued → sent (bytes written / fetched by the printer) → printed; or failed. */
    status: text('status').notNull().default('queued'),
    /** Not before this time (scheduled orders printed at due time minus preparing time). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_key').on(t.jobKey),
    index('print_jobs_printer_due').on(t.printerId, t.status, t.notBefore),
    index('print_jobs_order').on(t.orderId),
    check('print_jobs_kind_known', sql`${t.kind} in ('kitchen','receipt','cancel','test')`),
    check('print_jobs_status_known', sql`${t.status} in ('queued','sent','printed','failed')`),
  ],
);
