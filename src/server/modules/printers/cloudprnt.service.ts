// Star CloudPRNT, the server side (issue 29; docs/protocols/star-cloudprnt.md): a printer polls with its
// status, fetches its current job as a PNG the roll wide, and confirms it. The ticket counts as
// printed only on the printer's confirmation. Retry and give-up rule: a printer error it may
// recover from (4xx: paper out, cover open, jam) puts the job back to print again, up to
// MAX_PRINT_ATTEMPTS; a job the printer cannot print (5xx: media, decode, too large) fails at
// once and is shown on the order.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { CloudPrntPoll } from '../../../contract/cloudprnt.js';
import { CLOUDPRNT_MEDIA_TYPES } from '../../../contract/cloudprnt.js';
import { layoutTicket, PAPER_WIDTHS, type PaperWidth } from '../../../domain/printing/layout.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound, unauthenticated } from '../../lib/app-error.js';
import {
  type JobOutcome,
  type PrinterRow,
  currentJob,
  findPrinter,
  markJobSent,
  recordPrinterSeen,
  settleJob,
} from './print-jobs.repository.js';
import { noteOrderPrinted } from './print-delivery.service.js';
import { rowsPng } from './render/raster.js';

export const MAX_PRINT_ATTEMPTS = 5;
/** The poll interval Star printers default to; a printer silent for 2 × it + 5 s is offline. */
export const CLOUDPRNT_POLL_SECONDS = 5;
export const CLOUDPRNT_OFFLINE_AFTER_MS = (2 * CLOUDPRNT_POLL_SECONDS + 5) * 1000;

export const hashPrinterToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const WRONG = 'Printer token not accepted';

/** The printer of the path, when the request's HTTP Basic password is its token. */
export async function authenticatePrinter(
  ctx: AppContext,
  printerId: string,
  authorization: string | undefined,
): Promise<PrinterRow> {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
  if (!match) throw unauthenticated(WRONG);
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const token = decoded.slice(decoded.indexOf(':') + 1);
  const printer = await findPrinter(ctx.db, printerId);
  // The same answer for an unknown printer, a printer without a token and a wrong token.
  const expected = printer?.connection === 'cloud' ? printer.cloudTokenHash : null;
  const given = Buffer.from(hashPrinterToken(token), 'hex');
  if (!printer || !expected || !timingSafeEqual(given, Buffer.from(expected, 'hex')))
    throw unauthenticated(WRONG);
  return printer;
}

/** "200 OK", "200%20OK", "410 Out of paper" → the three-digit code, or null. */
export function statusCodeOf(text: string): number | null {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // A stray % is the printer's text as it is.
  }
  const m = /^\s*(\d{3})\b/.exec(decoded);
  return m ? Number(m[1]) : /^\s*OK\b/i.test(decoded) ? 200 : null;
}

/** What a CloudPRNT status code says of the printer, in the dashboard's words. */
export function printerStatusOf(code: number | null): string {
  if (code === null) return 'unknown';
  if (code === 210) return 'paper_low';
  if (code >= 200 && code < 300) return 'online';
  if (code === 410) return 'paper_out';
  if (code === 420) return 'cover_open';
  if (code >= 400 && code < 500) return 'error';
  // 5xx are about a job's data, not the printer: it is on line.
  return 'online';
}

export async function cloudPoll(ctx: AppContext, printer: PrinterRow, body: CloudPrntPoll) {
  const now = ctx.clock.now();
  await recordPrinterSeen(ctx.db, printer.id, printerStatusOf(statusCodeOf(body.statusCode)), now);
  const job = await currentJob(ctx.db, printer.id, now);
  return job ? { jobReady: true, mediaTypes: [...CLOUDPRNT_MEDIA_TYPES] } : { jobReady: false };
}

const paperOf = (printer: PrinterRow): PaperWidth =>
  (PAPER_WIDTHS as readonly string[]).includes(printer.paperWidth)
    ? (printer.paperWidth as PaperWidth)
    : '80mm';

/**
 * The current job as `type`. The printer may fetch it again (after a lost answer, say): the same
 * job comes back until it is confirmed, and fetching it only records that it went out.
 */
export async function cloudFetch(ctx: AppContext, printer: PrinterRow, type: string) {
  const job = await currentJob(ctx.db, printer.id, ctx.clock.now());
  if (!job) throw notFound('Print job');
  if (!(CLOUDPRNT_MEDIA_TYPES as readonly string[]).includes(type))
    throw new AppError('unsupported_media_type', `Media type ${type} is not offered`);
  const png = await rowsPng(layoutTicket(job.ticket, paperOf(printer)), paperOf(printer));
  await markJobSent(ctx.db, job.id, ctx.clock.now());
  return { contentType: type, body: png, jobId: job.id };
}

/** The outcome a CloudPRNT confirmation code reports for the job. */
export function outcomeOf(code: string, attemptsBefore: number): JobOutcome {
  const n = statusCodeOf(code);
  if (n !== null && n >= 200 && n < 300) return { result: 'printed' };
  const error = `printer answered ${code.slice(0, 60)}`;
  if (n !== null && n >= 400 && n < 500 && attemptsBefore + 1 < MAX_PRINT_ATTEMPTS)
    return { result: 'retry', error };
  return { result: 'failed', error };
}

/** The printer's confirmation of the job it fetched. */
export async function cloudConfirm(ctx: AppContext, printer: PrinterRow, code: string) {
  const now = ctx.clock.now();
  const job = await currentJob(ctx.db, printer.id, now);
  if (!job || job.status !== 'sent') return { ok: true, settled: null };
  const outcome = outcomeOf(code, job.attempts);
  const settled = await settleJob(ctx.db, job.id, outcome, now);
  if (outcome.result !== 'printed')
    await recordPrinterSeen(ctx.db, printer.id, printerStatusOf(statusCodeOf(code)), now);
  else if (settled) await noteOrderPrinted(ctx, settled);
  return { ok: true, settled: settled ?? null };
}
