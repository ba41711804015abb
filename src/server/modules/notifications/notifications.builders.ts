// The texts of every message the app sends, as pure functions of plain order and merchant data:
// the merchant's order-placed SMS and new-order email, the diner's ready-time SMS and receipt,
// the customer-info submission email and the verification-code SMS. Each returns null (with no
// side effect) when the message does not apply: setting off, no valid recipient. Addresses are
// judged by the outbox's own rule and texts clipped to its limits, so a message built here is
// never refused when it is queued inside the placing transaction (issue 24).
import { DateTime } from 'luxon';
import type { OrderAmounts } from '../../../contract/orders.js';
import { formatUsd } from '../../../domain/format/money.js';
import { isEmailAddress } from '../../../domain/validation/email.js';
import { stripControlCharacters } from '../../../domain/validation/text-characters.js';
import type { CustomerInfoCollect } from '../../../domain/settings/schemas.js';
import { toUsE164 } from '../../adapters/sms/index.js';
import {
  EMAIL_SUBJECT_MAX,
  EMAIL_TEXT_MAX,
  type EmailPayload,
  SMS_BODY_MAX,
  type SmsPayload,
} from '../outbox/index.js';

/** What the messages need to know about the merchant (a merchants row fits). */
export interface NotifyMerchant {
  /** The row id (uuid). */
  id: string;
  name: string;
  phone: string;
  timeZone: string;
  enableReceivingOrderPlacedSms: boolean;
  enableOrderTimeConfirmSms: boolean;
  emailReceivingNotification: string[];
  customerInfoCollect: CustomerInfoCollect | null;
}

/**
 * What the messages need to know about the order (an orders row fits). Its amounts are the
 * contract's; the row stores no "fees shown" line (the texts add processing and service).
 */
export interface NotifyOrder extends Omit<OrderAmounts, 'feesShownCents'> {
  id: string;
  orderNumber: number | null;
  dailyOrderNumber: number | null;
  placedAt: Date | null;
  orderMethod: string;
  paymentMethod: string;
  dineinTableName: string | null;
  customerName: string;
  customerEmail: string;
  phone: string;
  customerAddrStr: string;
  deliveryNote: string;
  carMakeModel: string;
  carColor: string;
  roomServiceRoom: string;
  scheduleDate: string;
  scheduleTimeStr: string;
}

/** One ordered line (an order_lines row fits). */
export interface NotifyLine {
  name: string;
  name2?: string;
  sizeName?: string;
  quantity: number;
  options?: { name: string }[];
  note?: string;
  lineTotalCents: number;
  isFreePromo?: boolean;
}

/** A diner's customer-info submission (a customer_info_submissions row fits). */
export interface NotifySubmission {
  id: string;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  address: string;
}

const METHOD_LABELS: Record<string, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  curbside: 'Curbside',
  dinein: 'Dine-in',
  roomServiceDelivery: 'Room service',
};
export const methodLabel = (m: string) => METHOD_LABELS[m] ?? m;

/**
 * Stored text as it goes into a text or an e-mail: without control or direction characters, a
 * one-line field's line breaks as spaces (issue 24). The door refuses them and migration 0011
 * cleaned old rows; this holds whatever else got in. Only for what is written in the message:
 * recipients and reply-to are judged as they are.
 */
function printable<T extends object>(value: T, multiLineKeys: readonly (keyof T)[] = []): T {
  const out = { ...value } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'string')
      out[k] = stripControlCharacters(v, { multiLine: multiLineKeys.includes(k as keyof T) });
  }
  return out as T;
}
const printableOrder = (o: NotifyOrder) => printable(o, ['deliveryNote']);
const printableMerchant = (m: NotifyMerchant) => printable(m);
const printableLines = (lines: NotifyLine[]) =>
  lines.map((l) => ({
    ...printable(l, ['note']),
    ...(l.options ? { options: l.options.map((opt) => printable(opt)) } : {}),
  }));

const orderNo = (o: NotifyOrder) => `#${o.dailyOrderNumber ?? o.orderNumber ?? '?'}`;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const validEmails = (list: string[]) => [
  ...new Set(list.map((e) => e.trim()).filter(isEmailAddress)),
];
// The diner's address when the outbox accepts it: an order stored before the rule may hold one
// it refuses, which is then left out (no receipt, no reply-to) rather than failing the placement.
const usableEmail = (address: string): string | null =>
  isEmailAddress(address.trim()) ? address.trim() : null;

function placedText(o: NotifyOrder, zone: string): string {
  if (!o.placedAt) return '';
  return DateTime.fromJSDate(o.placedAt, { zone }).toFormat('LLL d, h:mm a');
}

function whenText(o: NotifyOrder): string {
  return o.scheduleDate || o.scheduleTimeStr
    ? `Scheduled: ${[o.scheduleDate, o.scheduleTimeStr].filter(Boolean).join(' ')}`
    : 'ASAP';
}

/** How the order is handed over: address, car, table or room. */
function handoverLines(o: NotifyOrder): string[] {
  const out = [`Method: ${methodLabel(o.orderMethod)} (${whenText(o)})`];
  if (o.orderMethod === 'delivery' && o.customerAddrStr) out.push(`Address: ${o.customerAddrStr}`);
  if (o.deliveryNote) out.push(`Note: ${o.deliveryNote}`);
  if (o.orderMethod === 'curbside' && (o.carMakeModel || o.carColor))
    out.push(`Car: ${[o.carColor, o.carMakeModel].filter(Boolean).join(' ')}`);
  if (o.orderMethod === 'dinein' && o.dineinTableName) out.push(`Table: ${o.dineinTableName}`);
  if (o.orderMethod === 'roomServiceDelivery' && o.roomServiceRoom)
    out.push(`Room: ${o.roomServiceRoom}`);
  return out;
}

function lineTexts(lines: NotifyLine[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const name = [l.name, l.name2].filter(Boolean).join(' / ');
    const size = l.sizeName ? ` (${l.sizeName})` : '';
    const price = l.isFreePromo ? 'free' : formatUsd(l.lineTotalCents);
    out.push(`${l.quantity} x ${name}${size}  ${price}`);
    for (const opt of l.options ?? []) out.push(`    + ${opt.name}`);
    if (l.note) out.push(`    Note: ${l.note}`);
  }
  return out;
}

function amountLines(o: NotifyOrder): string[] {
  const rows: [string, number, boolean?][] = [
    ['Subtotal', o.subtotalCents, true],
    ['Discount', -o.discountCents],
    ['Tax', o.taxCents],
    ['Tips', o.tipsCents],
    ['Gratuity', o.fixedTipsCents],
    ['Fees', o.processingFeeCents + o.serviceFeeCents],
    ['Delivery fee', o.deliveryFeeCents],
    ['Room service fee', o.roomServiceDeliveryFeeCents],
  ];
  return [
    ...rows.filter(([, c, always]) => always || c !== 0).map(([k, c]) => `${k}: ${formatUsd(c)}`),
    `Total: ${formatUsd(o.totalCents)} (${o.paymentMethod === 'cash' ? 'cash' : 'card'})`,
  ];
}

/** The merchant's text on a new order (enableReceivingOrderPlacedSMS), to the store's phone. */
export function buildOrderPlacedSms(m: NotifyMerchant, order: NotifyOrder): SmsPayload | null {
  if (!m.enableReceivingOrderPlacedSms) return null;
  const to = toUsE164(m.phone);
  if (!to) return null;
  const o = printableOrder(order);
  const who = o.customerName ? ` from ${clip(o.customerName, 30)}` : '';
  const when = o.scheduleTimeStr ? `, for ${o.scheduleDate} ${o.scheduleTimeStr}`.trimEnd() : '';
  return {
    to,
    purpose: 'order-placed',
    body: clip(
      `New ${methodLabel(o.orderMethod).toLowerCase()} order ${orderNo(o)}${who}: ${formatUsd(o.totalCents)}${when}.`,
      SMS_BODY_MAX,
    ),
  };
}

/**
 * The diner's ready-time text (spec sendOrderTimeSMS): "ready in N minutes", or "is ready" for 0
 * (checklist S2.87). Null when the merchant has the text off or the diner's phone is not +1.
 */
export function buildReadyTimeSms(
  m: NotifyMerchant,
  o: NotifyOrder,
  minutes: number,
): SmsPayload | null {
  if (!m.enableOrderTimeConfirmSms) return null;
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 999) return null;
  const to = toUsE164(o.phone);
  if (!to) return null;
  const store = clip(printableMerchant(m).name, 40);
  const body =
    minutes === 0
      ? `${store}: your order ${orderNo(o)} is ready.`
      : `${store}: your order ${orderNo(o)} will be ready in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return { to, purpose: 'ready-time', body: clip(body, SMS_BODY_MAX) };
}

/** "Store: your order #12 is ready." when the order is marked Ready (order-board.md). */
export function buildOrderReadySms(m: NotifyMerchant, o: NotifyOrder): SmsPayload | null {
  if (!m.enableOrderTimeConfirmSms) return null;
  const to = toUsE164(o.phone);
  if (!to) return null;
  const store = clip(printableMerchant(m).name, 40);
  const body = `${store}: your order ${orderNo(o)} is ready.`;
  return { to, purpose: 'order-ready', body: clip(body, SMS_BODY_MAX) };
}

/** The new-order email to the merchant's notification addresses (emailReceivingNotification). */
export function buildNewOrderEmail(
  merchant: NotifyMerchant,
  order: NotifyOrder,
  orderLines: NotifyLine[],
): EmailPayload | null {
  const to = validEmails(merchant.emailReceivingNotification);
  if (to.length === 0) return null;
  const [m, o, lines] = [
    printableMerchant(merchant),
    printableOrder(order),
    printableLines(orderLines),
  ];
  const replyTo = usableEmail(order.customerEmail);
  const text = [
    `New order ${orderNo(o)} (order ${o.orderNumber ?? '?'}) at ${m.name}`,
    `Placed: ${placedText(o, m.timeZone)}`,
    ...handoverLines(o),
    '',
    `Customer: ${o.customerName || '-'}`,
    `Phone: ${o.phone || '-'}`,
    ...(o.customerEmail ? [`Email: ${o.customerEmail}`] : []),
    '',
    ...lineTexts(lines),
    '',
    ...amountLines(o),
  ].join('\n');
  return {
    to,
    subject: `New order ${orderNo(o)} - ${methodLabel(o.orderMethod)} - ${formatUsd(o.totalCents)}`,
    text: clip(text, EMAIL_TEXT_MAX),
    ...(replyTo ? { replyTo } : {}),
    purpose: 'new-order',
  };
}

/** The diner's receipt, when they gave an email. */
export function buildReceiptEmail(
  merchant: NotifyMerchant,
  order: NotifyOrder,
  orderLines: NotifyLine[],
): EmailPayload | null {
  const to = usableEmail(order.customerEmail);
  if (!to) return null;
  const [m, o, lines] = [
    printableMerchant(merchant),
    printableOrder(order),
    printableLines(orderLines),
  ];
  const text = [
    `Thank you for your order${o.customerName ? `, ${o.customerName}` : ''}!`,
    '',
    `${m.name} - order ${orderNo(o)}`,
    `Placed: ${placedText(o, m.timeZone)}`,
    ...handoverLines(o),
    '',
    ...lineTexts(lines),
    '',
    ...amountLines(o),
    ...(m.phone ? ['', `Questions? Call ${m.name} at ${m.phone}.`] : []),
  ].join('\n');
  return {
    to: [to],
    subject: `Your order at ${clip(m.name, 80)} (${orderNo(o)})`,
    text: clip(text, EMAIL_TEXT_MAX),
    purpose: 'receipt',
  };
}

/**
 * A customer-info submission, to the recipients and with the subject of the merchant's own
 * customerInfoCollect setting (never ones sent by the browser: checklist C7.38 made safe).
 */
export function buildCustomerInfoEmail(
  merchant: NotifyMerchant,
  submission: NotifySubmission,
): EmailPayload | null {
  const setting = merchant.customerInfoCollect;
  if (!setting?.enabled) return null;
  const to = validEmails(setting.recevingEmail);
  if (to.length === 0) return null;
  const [m, s] = [printableMerchant(merchant), printable(submission)];
  const replyTo = usableEmail(submission.email);
  const text = [
    `Customer information submitted at ${m.name}:`,
    '',
    `First name: ${s.fname}`,
    `Last name: ${s.lname}`,
    `Email: ${s.email}`,
    `Phone: ${s.phone}`,
    `Address: ${s.address}`,
  ].join('\n');
  return {
    to,
    subject: clip(
      stripControlCharacters(setting.subject).trim() ||
        `Customer information - ${clip(m.name, 80)}`,
      EMAIL_SUBJECT_MAX,
    ),
    text: clip(text, EMAIL_TEXT_MAX),
    ...(replyTo ? { replyTo } : {}),
    purpose: 'customer-info',
  };
}

/** The phone-verification code text (4 digits, spec §9). Null when the number is not +1. */
export function buildVerificationSms(
  phone: string,
  code: string,
  opts: { storeName?: string; expiresInMinutes?: number } = {},
): SmsPayload | null {
  const to = toUsE164(phone);
  if (!to) return null;
  const from = opts.storeName ? `${clip(stripControlCharacters(opts.storeName), 40)}: ` : '';
  const expiry = opts.expiresInMinutes ? ` It expires in ${opts.expiresInMinutes} minutes.` : '';
  return {
    to,
    purpose: 'verification-code',
    body: clip(`${from}your verification code is ${code}.${expiry}`, SMS_BODY_MAX),
  };
}
