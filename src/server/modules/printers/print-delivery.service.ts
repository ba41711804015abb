// Sending print jobs (issue 29; docs/decisions/printing.md). A job for a Star CloudPRNT printer
// waits for the printer to pull it; a job for an ESC/POS network printer is pushed through the
// outbox, queued in the same transaction as the job, so it gets the outbox's lease, retries with
// backoff and give-up rule (OUTBOX_MAX_ATTEMPTS), and this module only says how one is sent.
//
// ESC/POS has no acknowledgement for print data, so what a retry may do depends on how far the
// last attempt got:
// - nothing written (unreachable, paper out, cover open before printing): the job stays queued,
//   the attempt and the printer's condition are recorded, and the outbox tries again later; the
//   last attempt fails the job (shown on the order);
// - bytes written: the job was marked `sent` in its own committed statement just before the first
//   byte went out. If the printer's status after them is fine, it is printed. If the link broke or
//   the printer reports an error after them, or the worker died in between (the outbox's lease
//   runs out and another worker finds the job still `sent`), nobody can tell whether paper came
//   out: the job is failed as "may have printed" and never resent on its own — the merchant looks
//   and presses Reprint.
import { allowList, printerAddressProblem } from '../../adapters/printing/printer-address.js';
import { PrinterError, printOverTcp } from '../../adapters/printing/escpos-network.js';
import { layoutTicket, PAPER_WIDTHS, type PaperWidth } from '../../../domain/printing/layout.js';
import type { AppContext, OutboxDeliverer } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findMerchantByUuid } from '../merchants/index.js';
import { markPrintedToKitchen } from '../orders/index.js';
import { enqueueMessages } from '../outbox/index.js';
import {
  type NewPrintJob,
  claimJobForSending,
  everyTicketPrinted,
  findJob,
  findPrinter,
  insertPrintJobs,
  recordPrinterSeen,
  recordUnsentAttempt,
  settleJob,
} from './print-jobs.repository.js';
import { ticketEscPos } from './render/escpos.js';

export const MAYBE_PRINTED =
  'The connection to the printer broke after the ticket was sent: it may have printed. Check the printer, and Reprint if it did not.';

/**
 * Queues jobs (each key once) in the caller's transaction; those for network printers also go
 * into the outbox, to be pushed. Answers how many jobs this call queued.
 */
export async function queuePrintJobs(
  tx: Tx,
  jobs: readonly NewPrintJob[],
  printers: readonly { id: string; connection: string }[],
): Promise<number> {
  const created = await insertPrintJobs(tx, jobs);
  const network = new Set(printers.filter((p) => p.connection === 'network').map((p) => p.id));
  const pushed = created.filter((j) => network.has(j.printerId));
  if (pushed.length > 0)
    await enqueueMessages(
      tx,
      pushed.map((j) => ({
        kind: 'print' as const,
        messageKey: `print:${j.id}`,
        merchantId: jobs[0]!.merchantId,
        notBefore: j.notBefore,
        payload: { jobId: j.id, purpose: 'ESC/POS print job' },
      })),
    );
  return created.length;
}

const paperOf = (width: string): PaperWidth =>
  (PAPER_WIDTHS as readonly string[]).includes(width) ? (width as PaperWidth) : '80mm';

const done = (jobId: string) => ({ providerMessageId: `print-job:${jobId}` });

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

/** The outbox's hook for kind 'print': sends one job to its ESC/POS printer. */
export const deliverEscPosJob: OutboxDeliverer = async (ctx, message) => {
  const { jobId, lastAttempt } = message;
  const job = await findJob(ctx.db, jobId);
  // Gone with its order, or already settled (a Reprint is a new job): nothing to send.
  if (!job || job.status === 'printed' || job.status === 'failed') return done(jobId);
  const now = ctx.clock.now();
  if (job.status === 'sent') {
    // An earlier attempt began writing and never recorded how it ended (a crash, a lease that ran
    // out): it may have printed. Never sent again blindly.
    await settleJob(ctx.db, job.id, { result: 'failed', error: MAYBE_PRINTED }, now);
    return done(jobId);
  }
  const printer = await findPrinter(ctx.db, job.printerId);
  if (!printer || printer.connection !== 'network' || !printer.networkHost) {
    const error = 'The printer is no longer an ESC/POS network printer';
    await recordUnsentAttempt(ctx.db, job.id, error, true);
    throw permanent(error);
  }
  // The operator's ranges may have narrowed since the printer was saved: checked on every send.
  const problem =
    ctx.config.printerNetworkAllow.length === 0
      ? 'Network printing is off on this server (PRINTER_NETWORK_ALLOW)'
      : printerAddressProblem(
          printer.networkHost,
          printer.networkPort ?? 9100,
          allowList({ allow: ctx.config.printerNetworkAllow }),
        );
  if (problem) {
    await recordUnsentAttempt(ctx.db, job.id, problem, true);
    throw permanent(problem);
  }
  const paper = paperOf(printer.paperWidth);
  const bytes = await ticketEscPos(layoutTicket(job.ticket, paper), paper);
  let claimed = false;
  let condition: string;
  try {
    ({ condition } = await printOverTcp({
      host: printer.networkHost,
      port: printer.networkPort ?? 9100,
      bytes,
      timeoutMs: Math.max(1000, Math.min(5000, Math.floor(ctx.config.outsideTimeoutMs / 4))),
      beforeWrite: async () => {
        claimed = await claimJobForSending(ctx.db, job.id, ctx.clock.now());
        if (!claimed) throw new Error('the job is no longer queued');
      },
    }));
  } catch (err) {
    // printOverTcp throws only PrinterError; anything else is treated as the link's failure.
    const e =
      err instanceof PrinterError
        ? err
        : new PrinterError((err as Error).message, 'unreachable', claimed);
    const at = ctx.clock.now();
    await recordPrinterSeen(ctx.db, printer.id, e.condition, at);
    if (e.maybePrinted || claimed) {
      await settleJob(ctx.db, job.id, { result: 'failed', error: MAYBE_PRINTED }, at);
      return done(jobId);
    }
    const error = messageOf(e);
    await recordUnsentAttempt(ctx.db, job.id, error, lastAttempt);
    throw new Error(error, { cause: err });
  }
  await settleJob(ctx.db, job.id, { result: 'printed' }, ctx.clock.now());
  await recordPrinterSeen(ctx.db, printer.id, condition, ctx.clock.now());
  await noteOrderPrinted(ctx, job);
  return done(jobId);
};

/**
 * After a job printed: once every ticket job of its order has, the order's `hasPrintedToKitchen`
 * turns true through the orders module's command. Printing is never failed by it: an order in a
 * state the command refuses keeps its flag, and the error is logged.
 */
export async function noteOrderPrinted(
  ctx: AppContext,
  job: { orderId: string | null; merchantId: string },
): Promise<void> {
  const orderId = job.orderId;
  if (!orderId) return;
  try {
    const merchant = await findMerchantByUuid(ctx.db, job.merchantId);
    if (!merchant) return;
    await ctx.db.transaction((tx) =>
      markPrintedToKitchen(
        ctx,
        tx,
        { merchantUuid: merchant.id, timeZone: merchant.timeZone, orderId },
        () => everyTicketPrinted(tx, orderId),
      ),
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ orderId, err: err.message }, 'printed, but the order kept its printed flag');
  }
}

/** The printer's trouble in the merchant's words (stored on the job, shown on the order). */
function messageOf(err: PrinterError): string {
  if (err.condition === 'paper_out') return 'The printer is out of paper';
  if (err.condition === 'cover_open') return 'The printer’s cover is open';
  if (err.condition === 'unreachable') return `The printer cannot be reached (${err.message})`;
  return `The printer reports an error (${err.message})`;
}
