// One ticket model for every printed output (issue 29): the browser's print view, the CloudPRNT
// PNG and the ESC/POS bytes are all drawn from a `Ticket`, so a kitchen reads the same words
// whichever printer it has. The model holds finished texts (times already in the merchant's zone,
// money already formatted): renderers only place them.
import { formatUsd } from '../format/money.js';
import { stripControlCharacters } from '../validation/text-characters.js';

/** kitchen: what to cook, no prices; receipt: adds the amounts; cancel: stop cooking; test: a printer check. */
export type TicketKind = 'kitchen' | 'receipt' | 'cancel' | 'test';

export interface TicketLine {
  qty: number;
  name: string;
  /** The second-language name (the demo's Chinese names): kitchens often cook by it. */
  name2: string;
  size: string;
  options: string[];
  note: string;
  /** Receipts only: the line's total, formatted. */
  amount?: string;
}

export interface Ticket {
  kind: TicketKind;
  storeName: string;
  /** "Order #1042"; empty on a test page. */
  orderNumber: string;
  /** "Daily #7". */
  dailyNumber: string;
  /** "Nov 27, 6:03 PM" in the merchant's zone. */
  placedAt: string;
  /** "Dine-in · Table 5", "Curbside · Red Civic", "Room service · Room 1204", "Pickup". */
  method: string;
  /** "ASAP" or "Scheduled: Nov 28 6:30 PM". */
  due: string;
  customer: string;
  /** Marks printed large and boxed in: "UNPAID", "REPRINT", "*** CANCELLED ***". */
  marks: string[];
  lines: TicketLine[];
  /** Receipts only: subtotal, tax, tip, … and the total last. */
  amounts: { label: string; value: string }[];
  /** Free text under the lines (a delivery note), already one paragraph. */
  footer: string;
}

/** The order as printing needs it: a narrow shape the orders read model maps to. */
export interface TicketOrderInput {
  orderId: number | null;
  dailyOrderId: number | null;
  orderMethod: string;
  dineinTableName: string;
  carMakeModel: string;
  carColor: string;
  roomServiceRoom: string;
  scheduleDate: string;
  scheduleTimeStr: string;
  customerName: string;
  deliveryNote: string;
  unpaid: boolean;
  lines: {
    qty: number;
    name: string;
    name_2nd: string;
    size: string;
    orderItemOptions: { name: string }[];
    note: string;
    lineTotalCents: number;
  }[];
  amounts: { label: string; cents: number }[];
}

const METHODS: Record<string, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  curbside: 'Curbside',
  dinein: 'Dine-in',
  roomServiceDelivery: 'Room service',
};

const clean = (text: string) => stripControlCharacters(text).trim();

/** "Dine-in · Table 5", "Curbside · Red Civic", "Room service · Room 1204", "Delivery". */
export function ticketMethod(order: TicketOrderInput): string {
  const name = METHODS[order.orderMethod] ?? clean(order.orderMethod);
  if (order.orderMethod === 'dinein' && order.dineinTableName)
    return `${name} · Table ${clean(order.dineinTableName)}`;
  if (order.orderMethod === 'roomServiceDelivery' && order.roomServiceRoom)
    return `${name} · Room ${clean(order.roomServiceRoom)}`;
  if (order.orderMethod === 'curbside') {
    const car = [order.carColor, order.carMakeModel].map(clean).filter(Boolean).join(' ');
    return car ? `${name} · ${car}` : name;
  }
  return name;
}

/**
 * The ticket of one order for one printer: `lines` are the order lines routed to that printer
 * (all of them for a receipt). `reprint` marks a ticket the merchant asked for again, so the
 * kitchen does not cook a second dish for it.
 */
export function ticketFor(
  kind: Exclude<TicketKind, 'test'>,
  storeName: string,
  order: TicketOrderInput,
  lines: TicketOrderInput['lines'],
  opts: { placedAt: string; reprint: boolean },
): Ticket {
  const marks: string[] = [];
  if (kind === 'cancel') marks.push('*** CANCELLED ***');
  if (opts.reprint) marks.push('REPRINT');
  if (kind !== 'cancel' && order.unpaid) marks.push('UNPAID');
  const scheduled = order.scheduleTimeStr
    ? `Scheduled: ${clean(order.scheduleDate)} ${clean(order.scheduleTimeStr)}`.trim()
    : 'ASAP';
  return {
    kind,
    storeName: clean(storeName),
    orderNumber: order.orderId === null ? '' : `Order #${order.orderId}`,
    dailyNumber: order.dailyOrderId === null ? '' : `Daily #${order.dailyOrderId}`,
    placedAt: opts.placedAt,
    method: ticketMethod(order),
    due: scheduled,
    customer: clean(order.customerName),
    marks,
    lines: lines.map((l) => ({
      qty: l.qty,
      name: clean(l.name),
      name2: clean(l.name_2nd),
      size: clean(l.size),
      options: l.orderItemOptions.map((o) => clean(o.name)).filter(Boolean),
      note: stripControlCharacters(l.note, { multiLine: true }).replace(/\s+/g, ' ').trim(),
      ...(kind === 'receipt' ? { amount: formatUsd(l.lineTotalCents) } : {}),
    })),
    amounts:
      kind === 'receipt'
        ? order.amounts.map((a) => ({ label: a.label, value: formatUsd(a.cents) }))
        : [],
    footer: order.deliveryNote
      ? `Note: ${stripControlCharacters(order.deliveryNote, { multiLine: true }).replace(/\s+/g, ' ').trim()}`
      : '',
  };
}

/** The page "Print test page" sends: it proves the path, the width and the second script. */
export function testTicket(storeName: string, printerName: string, printedAt: string): Ticket {
  return {
    kind: 'test',
    storeName: clean(storeName),
    orderNumber: '',
    dailyNumber: '',
    placedAt: printedAt,
    method: `Test page · ${clean(printerName)}`,
    due: '',
    customer: '',
    marks: [],
    lines: [
      {
        qty: 1,
        name: 'Kung Pao Chicken',
        name2: '宫保鸡丁',
        size: 'Large',
        options: ['Extra spicy'],
        note: 'No peanuts',
      },
    ],
    amounts: [],
    footer: 'If you can read both names above, this printer is set up.',
  };
}
