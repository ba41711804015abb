// Print jobs and what printers last said (issue 29). A printer's current job is its oldest job
// due and not yet printed or failed: a CloudPRNT printer fetches it (as often as it likes) and
// confirms it, and only then does the next one become current.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Ticket } from '../../../domain/printing/ticket.js';
import type { Tx } from '../../db/client.js';
import { printJobs, printers } from '../../db/schema/index.js';

export type PrintJobRow = typeof printJobs.$inferSelect;
export type PrinterRow = typeof printers.$inferSelect;

export async function findPrinter(tx: Tx, printerId: string): Promise<PrinterRow | undefined> {
  const [row] = await tx.select().from(printers).where(eq(printers.id, printerId));
  return row;
}

export async function recordPrinterSeen(
  tx: Tx,
  printerId: string,
  status: string,
  at: Date,
): Promise<void> {
  await tx
    .update(printers)
    .set({ lastStatus: status, lastSeenAt: at })
    .where(eq(printers.id, printerId));
}

export async function setCloudTokenHash(
  tx: Tx,
  merchantUuid: string,
  printerId: string,
  hash: string,
): Promise<boolean> {
  const rows = await tx
    .update(printers)
    .set({ cloudTokenHash: hash, updatedAt: sql`now()` })
    .where(and(eq(printers.id, printerId), eq(printers.merchantId, merchantUuid)))
    .returning({ id: printers.id });
  return rows.length === 1;
}

export interface NewPrintJob {
  merchantId: string;
  printerId: string;
  orderId: string | null;
  kind: 'kitchen' | 'receipt' | 'cancel' | 'test';
  jobKey: string;
  copy: number;
  ticket: Ticket;
  notBefore?: Date;
}

/**
 * Queues jobs; a key queued before keeps its first job (an order prints once per printer).
 * Answers the jobs this call queued.
 */
export async function insertPrintJobs(
  tx: Tx,
  jobs: readonly NewPrintJob[],
): Promise<{ id: string; printerId: string; notBefore: Date }[]> {
  if (jobs.length === 0) return [];
  return tx
    .insert(printJobs)
    .values(jobs.map((j) => ({ ...j })))
    .onConflictDoNothing({ target: printJobs.jobKey })
    .returning({
      id: printJobs.id,
      printerId: printJobs.printerId,
      notBefore: printJobs.notBefore,
    });
}

export async function findJob(tx: Tx, jobId: string): Promise<PrintJobRow | undefined> {
  const [row] = await tx.select().from(printJobs).where(eq(printJobs.id, jobId));
  return row;
}

/**
 * A queued job about to be written to a network printer: queued → sent, in its own statement
 * committed before the first byte goes out. False when it is not queued any more.
 */
export async function claimJobForSending(tx: Tx, jobId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(printJobs)
    .set({ status: 'sent', sentAt: at })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.status, 'queued')))
    .returning({ id: printJobs.id });
  return rows.length === 1;
}

/**
 * A queued job that could not be sent (nothing reached the printer): counts the attempt and
 * keeps the error; `give up` fails it (shown on the order).
 */
export async function recordUnsentAttempt(
  tx: Tx,
  jobId: string,
  error: string,
  giveUp: boolean,
): Promise<void> {
  await tx
    .update(printJobs)
    .set({
      attempts: sql`${printJobs.attempts} + 1`,
      lastError: error,
      ...(giveUp ? { status: 'failed' } : {}),
    })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.status, 'queued')));
}

/** The printer's current job: the oldest due one not yet printed or failed. */
export async function currentJob(
  tx: Tx,
  printerId: string,
  now: Date,
): Promise<PrintJobRow | undefined> {
  const [row] = await tx
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.printerId, printerId),
        inArray(printJobs.status, ['queued', 'sent']),
        lte(printJobs.notBefore, now),
      ),
    )
    .orderBy(asc(printJobs.createdAt), asc(printJobs.id))
    .limit(1);
  return row;
}

/** The job went to the printer (fetched, or its bytes written). */
export async function markJobSent(tx: Tx, jobId: string, at: Date): Promise<void> {
  await tx
    .update(printJobs)
    .set({ status: 'sent', sentAt: sql`coalesce(${printJobs.sentAt}, ${at})` })
    .where(and(eq(printJobs.id, jobId), inArray(printJobs.status, ['queued', 'sent'])));
}

export type JobOutcome =
  { result: 'printed' } | { result: 'retry'; error: string } | { result: 'failed'; error: string };

/**
 * What the printer said of a job it had: printed, an error it may recover from (the job waits to
 * print again), or one it cannot print. Only a job in `sent` changes: a confirmation for a job
 * nobody fetched, or one repeated after the first, changes nothing.
 */
export async function settleJob(
  tx: Tx,
  jobId: string,
  outcome: JobOutcome,
  at: Date,
): Promise<PrintJobRow | undefined> {
  const set =
    outcome.result === 'printed'
      ? { status: 'printed', printedAt: at, lastError: null }
      : outcome.result === 'retry'
        ? { status: 'queued', attempts: sql`${printJobs.attempts} + 1`, lastError: outcome.error }
        : { status: 'failed', attempts: sql`${printJobs.attempts} + 1`, lastError: outcome.error };
  const [row] = await tx
    .update(printJobs)
    .set(set)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.status, 'sent')))
    .returning();
  return row;
}

/**
 * Whether every ticket (kitchen, receipt) of the order has printed on each of its printers, by
 * any copy: a ticket that failed and then printed on Reprint counts, one still waiting or only
 * failed does not. False when it has none.
 */
export async function everyTicketPrinted(tx: Tx, orderId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    select coalesce(bool_and(printed), false) as "all"
    from (select bool_or(status = 'printed') as printed
          from print_jobs where order_id = ${orderId} and kind in ('kitchen', 'receipt')
          group by printer_id, kind) tickets`)) as unknown as { rows: { all: boolean }[] };
  return result.rows[0]?.all === true;
}

export async function jobsOfOrder(tx: Tx, orderId: string): Promise<PrintJobRow[]> {
  return tx
    .select()
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId))
    .orderBy(asc(printJobs.createdAt));
}

/**
 * Orders of stores that print by themselves which have no first copy queued yet, oldest first:
 * placed since `since` and since the store switched automatic printing on, still open, at a store
 * with a printer that can be reached. Reads the orders table (a view of another module's rows,
 * module-boundaries.md), never writes it.
 */
export async function ordersAwaitingAutoPrint(tx: Tx, since: Date, limit: number) {
  const result = (await tx.execute(sql`
    select o.id, o.merchant_id as "merchantId"
    from orders o
    join print_settings s on s.merchant_id = o.merchant_id and s.auto_print
    where o.state in ('placed', 'accepted', 'ready')
      and o.placed_at >= ${since}
      and o.placed_at >= coalesce(s.auto_print_since, ${since})
      and exists (select 1 from printers p
                  where p.merchant_id = o.merchant_id and p.connection <> 'none')
      and not exists (select 1 from print_jobs j where j.order_id = o.id and j.copy = 0)
    order by o.placed_at, o.id
    limit ${limit}`)) as unknown as { rows: { id: string; merchantId: string }[] };
  return result.rows;
}

/**
 * Cancelled orders (changed since `since`) that had a ticket printed and have no cancel ticket
 * queued yet, with the printers that printed them. Reads the orders table, never writes it.
 */
export async function cancelledOrdersToAnnounce(tx: Tx, since: Date, limit: number) {
  const result = (await tx.execute(sql`
    select o.id, o.merchant_id as "merchantId",
      array_agg(distinct j.printer_id) as "printerIds"
    from orders o
    join print_jobs j on j.order_id = o.id and j.kind in ('kitchen', 'receipt')
      and j.status = 'printed'
    where o.state = 'cancelled' and o.updated_at >= ${since}
      and not exists (select 1 from print_jobs c where c.order_id = o.id and c.kind = 'cancel')
    group by o.id, o.merchant_id, o.updated_at
    order by o.updated_at, o.id
    limit ${limit}`)) as unknown as {
    rows: { id: string; merchantId: string; printerIds: string[] }[];
  };
  return result.rows;
}

/** An order's jobs with their printers' names, oldest first (the order detail's list). */
export async function jobsOfOrderWithPrinters(tx: Tx, orderId: string) {
  return tx
    .select({
      id: printJobs.id,
      printerName: printers.name,
      connection: printers.connection,
      kind: printJobs.kind,
      copy: printJobs.copy,
      status: printJobs.status,
      lastError: printJobs.lastError,
      createdAt: printJobs.createdAt,
      printedAt: printJobs.printedAt,
    })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(eq(printJobs.orderId, orderId))
    .orderBy(asc(printJobs.createdAt), asc(printers.name));
}

/** The highest copy queued for the order (-1 when none). */
export async function lastCopyOfOrder(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ copy: sql<number | null>`max(${printJobs.copy})` })
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId));
  return row?.copy ?? -1;
}
