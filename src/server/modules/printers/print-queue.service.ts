// An order's print jobs (issue 29): one per printer its lines are routed to, each with its own
// ticket. The job key is order:printer:kind:copy, so placement queuing twice (a retry, the
// reconciler) queues once, and only a Reprint — the next copy — prints again. A scheduled order
// prints at placement, or at its due time minus the pickup preparing time when the store says so.
import { readyRange, prepTimeAt } from '../../../domain/schedule/prep-time.js';
import { routeOrderLines, type RoutablePrinter } from '../../../domain/printing/routing.js';
import {
  type Ticket,
  type TicketKind,
  type TicketOrderInput,
  ticketFor,
} from '../../../domain/printing/ticket.js';
import type { AppContext } from '../../app-context.js';
import type { MerchantRow, OrderLineRow, OrderRow } from '../../db/rows.js';
import { findMerchantByUuid } from '../merchants/index.js';
import { findOrder, listOrderLines } from '../orders/index.js';
import {
  type NewPrintJob,
  cancelledOrdersToAnnounce,
  ordersAwaitingAutoPrint,
} from './print-jobs.repository.js';
import { queuePrintJobs } from './print-delivery.service.js';
import { allPrinters, findPrintSettings } from './printer-admin.repository.js';

export interface PrintSettingsView {
  autoPrint: boolean;
  scheduledPrint: 'placement' | 'due';
  defaultKitchenPrinterId: string | null;
}

export const DEFAULT_PRINT_SETTINGS: PrintSettingsView = {
  autoPrint: false,
  scheduledPrint: 'placement',
  defaultKitchenPrinterId: null,
};

/** The order as a ticket reads it. */
export function ticketOrder(order: OrderRow, lines: readonly OrderLineRow[]): TicketOrderInput {
  const amounts = [
    { label: 'Subtotal', cents: order.subtotalCents },
    ...(order.discountCents ? [{ label: 'Discount', cents: -order.discountCents }] : []),
    { label: 'Tax', cents: order.taxCents },
    ...(order.deliveryFeeCents ? [{ label: 'Delivery fee', cents: order.deliveryFeeCents }] : []),
    ...(order.serviceFeeCents ? [{ label: 'Service fee', cents: order.serviceFeeCents }] : []),
    ...(order.processingFeeCents
      ? [{ label: 'Processing fee', cents: order.processingFeeCents }]
      : []),
    ...(order.tipsCents + order.fixedTipsCents
      ? [{ label: 'Tip', cents: order.tipsCents + order.fixedTipsCents }]
      : []),
    { label: 'Total', cents: order.totalCents },
  ];
  return {
    orderId: order.orderNumber,
    dailyOrderId: order.dailyOrderNumber,
    orderMethod: order.orderMethod,
    dineinTableName: order.dineinTableName ?? '',
    carMakeModel: order.carMakeModel,
    carColor: order.carColor,
    roomServiceRoom: order.roomServiceRoom,
    scheduleDate: order.scheduleDate,
    scheduleTimeStr: order.scheduleTimeStr,
    customerName: order.customerName,
    deliveryNote: order.deliveryNote,
    unpaid: !order.paid && order.orderMethod !== 'roomServiceDelivery',
    lines: lines.map((l) => ({
      qty: l.quantity,
      name: l.name,
      name_2nd: l.name2,
      size: l.sizeName,
      orderItemOptions: l.options.map((o) => ({ name: o.name })),
      note: l.note,
      lineTotalCents: l.lineTotalCents,
    })),
    amounts,
  };
}

const placedAtText = (at: Date, zone: string) => {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(at);
  }
};

/** When a scheduled order's tickets may print: its due time minus the longest preparing time. */
function notBeforeOf(
  order: OrderRow,
  merchant: MerchantRow,
  settings: PrintSettingsView,
): Date | undefined {
  if (settings.scheduledPrint !== 'due' || !order.scheduledFor) return undefined;
  const prep = prepTimeAt(
    merchant.foodPreparingTime,
    order.scheduledFor.getTime(),
    merchant.timeZone,
  );
  const minutes = prep ? readyRange(prep, order.orderMethod).toMin : 30;
  return new Date(order.scheduledFor.getTime() - minutes * 60_000);
}

/**
 * The jobs of an order for its routed printers. `copy` 0 is the automatic print; a Reprint asks
 * for the next copy, whose tickets say REPRINT; `kind` cancel prints the lines again under a
 * CANCELLED mark on the printers that had the order.
 */
export function orderPrintJobs(input: {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  merchant: MerchantRow;
  printers: readonly RoutablePrinter[];
  settings: PrintSettingsView;
  copy: number;
  cancel?: boolean;
  /** The merchant pressed Print or Reprint: now, even for a scheduled order. */
  immediate?: boolean;
}): NewPrintJob[] {
  const { order, lines, merchant } = input;
  const source = ticketOrder(order, lines);
  const placedAt = placedAtText(order.placedAt ?? order.createdAt, merchant.timeZone);
  const notBefore =
    input.cancel || input.immediate ? undefined : notBeforeOf(order, merchant, input.settings);
  const routes = routeOrderLines(
    lines.map((l) => ({ printerIds: l.printerIds })),
    input.printers,
    input.settings.defaultKitchenPrinterId,
  );
  return routes.map((route) => {
    const kind: TicketKind = input.cancel ? 'cancel' : route.kind;
    const ticket: Ticket = ticketFor(
      kind as Exclude<TicketKind, 'test'>,
      merchant.name,
      source,
      route.lines.map((i) => source.lines[i]!),
      { placedAt, reprint: input.copy > 0 },
    );
    return {
      merchantId: merchant.id,
      printerId: route.printerId,
      orderId: order.id,
      kind: kind as NewPrintJob['kind'],
      jobKey: `${order.id}:${route.printerId}:${kind}:${input.copy}`,
      copy: input.copy,
      ticket,
      ...(notBefore ? { notBefore } : {}),
    };
  });
}

/** Orders placed longer ago than this are not printed by themselves any more (a day's service). */
export const AUTO_PRINT_WINDOW_MS = 24 * 60 * 60 * 1000;
const AUTO_PRINT_BATCH = 50;

/**
 * Queues the first copy of every new order at a store that prints by itself. It runs after the
 * placement commits (a background job, every instance): printing reacts to placed orders and
 * never adds work or a failure to placing one. Safe on several instances at once: the job keys
 * make a second queuing a no-op. A crash between placement and queuing is caught on the next
 * run, since it looks for orders without jobs rather than for events.
 */
export async function dispatchAutoPrint(ctx: AppContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - AUTO_PRINT_WINDOW_MS);
  const waiting = await ordersAwaitingAutoPrint(ctx.db, since, AUTO_PRINT_BATCH);
  let queued = 0;
  for (const { id, merchantId } of waiting) {
    const [order, merchant, printers, settings] = await Promise.all([
      findOrder(ctx.db, id),
      findMerchantByUuid(ctx.db, merchantId),
      allPrinters(ctx.db, merchantId),
      findPrintSettings(ctx.db, merchantId),
    ]);
    if (!order || !merchant || !settings) continue;
    const lines = await listOrderLines(ctx.db, id);
    const jobs = orderPrintJobs({
      order,
      lines,
      merchant,
      printers,
      settings: {
        autoPrint: settings.autoPrint,
        scheduledPrint: settings.scheduledPrint === 'due' ? 'due' : 'placement',
        defaultKitchenPrinterId: settings.defaultKitchenPrinterId,
      },
      copy: 0,
    });
    queued += await ctx.db.transaction((tx) => queuePrintJobs(tx, jobs, printers));
  }
  return queued;
}

/** The store's print settings as the queue reads them (defaults when it never saved any). */
export function settingsOf(
  row: Awaited<ReturnType<typeof findPrintSettings>> | undefined,
): PrintSettingsView {
  return row
    ? {
        autoPrint: row.autoPrint,
        scheduledPrint: row.scheduledPrint === 'due' ? 'due' : 'placement',
        defaultKitchenPrinterId: row.defaultKitchenPrinterId,
      }
    : DEFAULT_PRINT_SETTINGS;
}

/**
 * A cancelled order that had printed gets a cancel ticket on each printer that printed it, so the
 * kitchen stops making it (issue 29). Like automatic printing it runs after the cancel commits
 * (the same background job), whatever the store's automatic printing setting, and looks for
 * cancelled orders without a cancel ticket rather than for events: a crash in between is caught
 * on the next run, and the job key makes a second run (or instance) a no-op.
 */
export async function dispatchCancelTickets(ctx: AppContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - AUTO_PRINT_WINDOW_MS);
  const waiting = await cancelledOrdersToAnnounce(ctx.db, since, AUTO_PRINT_BATCH);
  let queued = 0;
  for (const { id, merchantId, printerIds } of waiting) {
    const [order, merchant, printers, settings] = await Promise.all([
      findOrder(ctx.db, id),
      findMerchantByUuid(ctx.db, merchantId),
      allPrinters(ctx.db, merchantId),
      findPrintSettings(ctx.db, merchantId),
    ]);
    if (!order || !merchant) continue;
    const lines = await listOrderLines(ctx.db, id);
    const printed = new Set(printerIds);
    const jobs = orderPrintJobs({
      order,
      lines,
      merchant,
      printers,
      settings: settingsOf(settings),
      copy: 0,
      cancel: true,
    }).filter((j) => printed.has(j.printerId));
    queued += await ctx.db.transaction((tx) => queuePrintJobs(tx, jobs, printers));
  }
  return queued;
}
