// An order's printing as the order detail shows it (issue 29): its print jobs with their status
// and error, Print (the first copy, for a store that does not print by itself, or an order it
// missed) and Reprint (the next copy, marked REPRINT). Only the merchant's own orders; an order
// that was never placed (no number) has nothing to print.
import type { OrderPrintJobs } from '../../../contract/printer-settings.js';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { findOrder, listOrderLines } from '../orders/index.js';
import { queuePrintJobs } from './print-delivery.service.js';
import { jobsOfOrderWithPrinters, lastCopyOfOrder } from './print-jobs.repository.js';
import { orderPrintJobs, settingsOf } from './print-queue.service.js';
import { allPrinters, findPrintSettings } from './printer-admin.repository.js';

async function merchantOrder(ctx: AppContext, merchantSlug: string, orderId: string) {
  const merchant = await findMerchantBySlug(ctx.db, merchantSlug);
  if (!merchant) throw notFound('Merchant');
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.merchantId !== merchant.id) throw notFound('Order');
  return { merchant, order };
}

export async function readOrderPrintJobs(
  ctx: AppContext,
  merchantSlug: string,
  orderId: string,
): Promise<OrderPrintJobs> {
  const { merchant, order } = await merchantOrder(ctx, merchantSlug, orderId);
  const [settings, printers, jobs] = await Promise.all([
    findPrintSettings(ctx.db, merchant.id),
    allPrinters(ctx.db, merchant.id),
    jobsOfOrderWithPrinters(ctx.db, order.id),
  ]);
  return {
    autoPrint: settingsOf(settings).autoPrint,
    placedBeforeAutoPrint:
      !!settings?.autoPrint &&
      !!settings.autoPrintSince &&
      !!order.placedAt &&
      order.placedAt < settings.autoPrintSince,
    hasNetworkPrinter: printers.some((p) => p.connection !== 'none'),
    jobs: jobs.map((j) => ({
      _id: j.id,
      printer_name: j.printerName,
      connection: j.connection,
      kind: j.kind,
      copy: j.copy,
      status: j.status,
      error: j.lastError,
      queued_at: j.createdAt.toISOString(),
      printed_at: j.printedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Queues the order's tickets: the first copy (Print; pressing it again queues nothing, the job
 * keys hold) or the next one (Reprint). Two Reprints pressed at once compute the same copy and
 * queue it once. Sent now, even for a scheduled order: the merchant asked.
 */
export async function printOrderTickets(
  ctx: AppContext,
  merchantSlug: string,
  orderId: string,
  reprint: boolean,
): Promise<OrderPrintJobs> {
  const { merchant, order } = await merchantOrder(ctx, merchantSlug, orderId);
  if (order.orderNumber === null)
    throw new AppError('conflict', 'This order was never placed: there is nothing to print');
  const [settings, printers, lines] = await Promise.all([
    findPrintSettings(ctx.db, merchant.id),
    allPrinters(ctx.db, merchant.id),
    listOrderLines(ctx.db, order.id),
  ]);
  const copy = reprint ? (await lastCopyOfOrder(ctx.db, order.id)) + 1 : 0;
  const jobs = orderPrintJobs({
    order,
    lines,
    merchant,
    printers,
    settings: settingsOf(settings),
    copy,
    immediate: true,
  });
  if (jobs.length === 0)
    throw new AppError(
      'conflict',
      'No printer of this store can be reached by the server: print from the browser',
    );
  await ctx.db.transaction((tx) => queuePrintJobs(tx, jobs, printers));
  return readOrderPrintJobs(ctx, merchantSlug, orderId);
}
