// Printers in the dashboard (issue 29; docs/decisions/printing.md): add, edit (only the fields a
// write names), remove, the CloudPRNT credentials, each printer's status and last job, a test
// page, and the store's print settings. Network printers are held to the operator's address rule
// (src/server/adapters/printing/printer-address.ts), so the dashboard cannot probe the server's
// network.
import { randomBytes } from 'node:crypto';
import type {
  CloudPrntCredentials,
  PrinterAdd,
  PrinterDetail,
  PrinterEdit,
  PrinterState,
  PrintSettings,
} from '../../../contract/printer-settings.js';
import { PRINTER_STATES } from '../../../contract/printer-settings.js';
import { cloudPrntPoll } from '../../../contract/cloudprnt.js';
import { testTicket } from '../../../domain/printing/ticket.js';
import { allowList, printerAddressProblem } from '../../adapters/printing/printer-address.js';
import type { AppContext } from '../../app-context.js';
import { AppError, invalidInput, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { CLOUDPRNT_OFFLINE_AFTER_MS, hashPrinterToken } from './cloudprnt.service.js';
import {
  type PrinterValues,
  allPrinters,
  deletePrinter,
  findPrintSettings,
  insertPrinter,
  lastJobs,
  merchantPrinter,
  updatePrinter,
  upsertPrintSettings,
} from './printer-admin.repository.js';
import { type NewPrintJob, type PrinterRow, type PrintJobRow } from './print-jobs.repository.js';
import { queuePrintJobs } from './print-delivery.service.js';

async function merchantOf(ctx: AppContext, merchantId: string) {
  const m = await findMerchantBySlug(ctx.db, merchantId);
  if (!m) throw notFound('Merchant');
  return m;
}

/** What the dashboard shows: a cloud printer silent too long is offline whatever it last said. */
export function printerState(printer: PrinterRow, now: Date): PrinterState {
  if (printer.connection === 'cloud') {
    const seen = printer.lastSeenAt?.getTime();
    if (seen === undefined || now.getTime() - seen > CLOUDPRNT_OFFLINE_AFTER_MS) return 'offline';
  }
  const said = printer.lastStatus ?? 'unknown';
  return (PRINTER_STATES as readonly string[]).includes(said) ? (said as PrinterState) : 'unknown';
}

function detail(printer: PrinterRow, job: PrintJobRow | undefined, now: Date): PrinterDetail {
  return {
    _id: printer.id,
    name: printer.name,
    description: printer.description,
    print_format: printer.printFormat,
    connection: printer.connection,
    paper_width: printer.paperWidth,
    network_host: printer.networkHost,
    network_port: printer.networkPort,
    has_cloud_token: printer.cloudTokenHash !== null,
    status: printerState(printer, now),
    last_seen_at: printer.lastSeenAt?.toISOString() ?? null,
    last_job: job
      ? {
          kind: job.kind,
          status: job.status,
          at: (job.printedAt ?? job.createdAt).toISOString(),
          error: job.lastError,
        }
      : null,
  };
}

export async function printerBoard(ctx: AppContext, merchantId: string): Promise<PrinterDetail[]> {
  const m = await merchantOf(ctx, merchantId);
  const rows = await allPrinters(ctx.db, m.id);
  const jobs = await lastJobs(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return rows.map((r) => detail(r, jobs.get(r.id), now));
}

/**
 * The columns a write sets, checked against the printer it makes (`before` on an edit). Host and
 * port are kept only for a network printer, and held to the address rule whenever the write
 * names the connection, host or port (a name change alone is not refused because the operator
 * has since narrowed the ranges). Leaving CloudPRNT drops the token: a printer that is no longer
 * a cloud one must not keep a way in.
 */
function valuesOf(
  ctx: AppContext,
  write: PrinterEdit,
  before: PrinterRow | undefined,
): PrinterValues {
  const values: PrinterValues = {};
  if (write.name !== undefined) values.name = write.name;
  if (write.description !== undefined) values.description = write.description;
  if (write.print_format !== undefined) values.printFormat = write.print_format;
  if (write.paper_width !== undefined) values.paperWidth = write.paper_width;
  if (write.connection !== undefined) values.connection = write.connection;
  const connection = write.connection ?? before?.connection ?? 'none';
  const touchesAddress =
    write.connection !== undefined ||
    write.network_host !== undefined ||
    write.network_port !== undefined;
  if (connection === 'network') {
    const host = write.network_host ?? before?.networkHost ?? '';
    const port = write.network_port ?? before?.networkPort ?? null;
    if (touchesAddress) {
      if (host === '')
        throw invalidInput('Enter the printer’s IP address', [
          { path: ['body', 'network_host'], message: 'Enter the printer’s IP address' },
        ]);
      if (port === null)
        throw invalidInput('Enter the printer’s port', [
          { path: ['body', 'network_port'], message: 'Enter the printer’s port (9100 to 9109)' },
        ]);
      if (ctx.config.printerNetworkAllow.length === 0)
        throw invalidInput(NETWORK_OFF, [{ path: ['body', 'connection'], message: NETWORK_OFF }]);
      const problem = printerAddressProblem(
        host,
        port,
        allowList({ allow: ctx.config.printerNetworkAllow }),
      );
      if (problem) {
        const field = problem.startsWith('The printer port') ? 'network_port' : 'network_host';
        throw invalidInput(problem, [{ path: ['body', field], message: problem }]);
      }
    }
    values.networkHost = host;
    values.networkPort = port;
  } else {
    // An address given for a printer the server does not dial would be dropped unread: refused,
    // naming the key (issue 28: keys nobody reads are refused). An empty host is no address.
    const given = write.network_host
      ? 'network_host'
      : write.network_port !== undefined
        ? 'network_port'
        : null;
    if (given) {
      const message = `${given} is only for a network (ESC/POS) printer`;
      throw invalidInput(message, [{ path: ['body', given], message }]);
    }
    if (touchesAddress) {
      values.networkHost = null;
      values.networkPort = null;
    }
  }
  if (connection !== 'cloud' && before?.cloudTokenHash) values.cloudTokenHash = null;
  return values;
}

export const NETWORK_OFF =
  'Network printing is off on this server (its operator sets PRINTER_NETWORK_ALLOW); use CloudPRNT or the browser';

export async function addPrinter(ctx: AppContext, merchantId: string, body: PrinterAdd) {
  const m = await merchantOf(ctx, merchantId);
  const row = await insertPrinter(ctx.db, m.id, {
    ...valuesOf(ctx, body, undefined),
    name: body.name,
  });
  return detail(row, undefined, ctx.clock.now());
}

export async function editPrinter(
  ctx: AppContext,
  merchantId: string,
  printerId: string,
  body: PrinterEdit,
) {
  const m = await merchantOf(ctx, merchantId);
  const before = await merchantPrinter(ctx.db, m.id, printerId);
  if (!before) throw notFound('Printer');
  const row = await updatePrinter(ctx.db, m.id, printerId, valuesOf(ctx, body, before));
  if (!row) throw notFound('Printer');
  const jobs = await lastJobs(ctx.db, [row.id]);
  return detail(row, jobs.get(row.id), ctx.clock.now());
}

export async function removePrinter(ctx: AppContext, merchantId: string, printerId: string) {
  const m = await merchantOf(ctx, merchantId);
  if (!(await deletePrinter(ctx.db, m.id, printerId))) throw notFound('Printer');
  return { success: true as const };
}

/**
 * A new token for a CloudPRNT printer, returned once: only its hash is kept, and the old token
 * stops working at once.
 */
export async function newCloudToken(
  ctx: AppContext,
  merchantId: string,
  printerId: string,
): Promise<CloudPrntCredentials> {
  const m = await merchantOf(ctx, merchantId);
  const printer = await merchantPrinter(ctx.db, m.id, printerId);
  if (!printer) throw notFound('Printer');
  if (printer.connection !== 'cloud')
    throw new AppError('conflict', 'Only a Star CloudPRNT printer has a token');
  const token = randomBytes(24).toString('base64url');
  const row = await updatePrinter(ctx.db, m.id, printerId, {
    cloudTokenHash: hashPrinterToken(token),
  });
  if (!row) throw notFound('Printer');
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const path = cloudPrntPoll.path.replace(':printerId', printer.id);
  // The printer sends any user name; "printer" is what the dashboard suggests typing.
  return { url: `${base}${path}`, user: 'printer', password: token };
}

/** Queues a test page (rate-limited per printer by its route). */
export async function printTestPage(ctx: AppContext, merchantId: string, printerId: string) {
  const m = await merchantOf(ctx, merchantId);
  const printer = await merchantPrinter(ctx.db, m.id, printerId);
  if (!printer) throw notFound('Printer');
  if (printer.connection === 'none')
    throw new AppError('conflict', 'A browser printer prints from the browser’s print dialog');
  const now = ctx.clock.now();
  const printedAt = new Intl.DateTimeFormat('en-US', {
    timeZone: m.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(now);
  const job: NewPrintJob[] = [
    {
      merchantId: m.id,
      printerId: printer.id,
      orderId: null,
      kind: 'test',
      jobKey: `test:${printer.id}:${now.getTime()}:${randomBytes(4).toString('hex')}`,
      copy: 0,
      ticket: testTicket(m.name, printer.name, printedAt),
    },
  ];
  await ctx.db.transaction((tx) => queuePrintJobs(tx, job, [printer]));
  return { success: true as const };
}

const settingsView = (row: Awaited<ReturnType<typeof findPrintSettings>>): PrintSettings => ({
  autoPrint: row?.autoPrint ?? false,
  scheduledPrint: row?.scheduledPrint === 'due' ? 'due' : 'placement',
  defaultKitchenPrinterId: row?.defaultKitchenPrinterId ?? null,
});

export async function readPrintSettings(ctx: AppContext, merchantId: string) {
  const m = await merchantOf(ctx, merchantId);
  return settingsView(await findPrintSettings(ctx.db, m.id));
}

export async function savePrintSettings(
  ctx: AppContext,
  merchantId: string,
  body: Partial<PrintSettings>,
) {
  const m = await merchantOf(ctx, merchantId);
  if (body.defaultKitchenPrinterId) {
    const printer = await merchantPrinter(ctx.db, m.id, body.defaultKitchenPrinterId);
    if (printer?.printFormat !== 'kitchen') {
      const message = 'Choose one of the store’s kitchen printers';
      throw invalidInput(message, [{ path: ['body', 'defaultKitchenPrinterId'], message }]);
    }
  }
  return settingsView(await upsertPrintSettings(ctx.db, m.id, body, ctx.clock.now()));
}
