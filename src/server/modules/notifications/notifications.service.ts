// Queues the app's messages in the caller's transaction (never sends: the outbox worker does).
// Each message key names the business event, so a retried placement or a second click queues
// nothing new. Order placement (a later issue) calls enqueueOrderPlacedNotifications from its
// onOrderPlaced hook; sendOrderTimeSMS calls enqueueReadyTimeSms; the contacts call
// enqueueCustomerInfoEmail; phone verification enqueueVerificationSms.
import type { Statement, Tx } from '../../db/client.js';
import { enqueueMessage, enqueueMessages, messagesStatement } from '../outbox/index.js';
import type { EmailPayload, OutboxMessage, SmsPayload } from '../outbox/index.js';
import type {
  NotifyLine,
  NotifyMerchant,
  NotifyOrder,
  NotifySubmission,
} from './notifications.builders.js';
import * as text from './notifications.builders.js';

export * from './notifications.builders.js';

export interface Queued {
  /** What was queued (its outbox key), or why not. */
  messageKey: string;
  queued: boolean;
  /** false when the same key was queued before (a retry): nothing new was queued. */
  created?: boolean;
  skipped?: string;
}

/**
 * On order placement: the merchant's SMS (when enableReceivingOrderPlacedSMS and the store phone
 * is +1), the new-order email (to emailReceivingNotification) and the diner's receipt (when they
 * gave an email). Only inserts: it cannot fail because a provider is slow or down.
 */
export async function enqueueOrderPlacedNotifications(
  tx: Tx,
  input: OrderPlacedInput,
): Promise<Queued[]> {
  const built = orderPlacedMessages(input);
  // The built ones go into the outbox together: one statement, not one (and a wake-up) each.
  const toQueue = built.filter((b) => b.payload !== null);
  const results = await enqueueMessages(tx, toQueue.map(outboxMessageOf(input)));
  return built.map((b) =>
    b.payload
      ? { messageKey: b.messageKey, queued: true, created: results[toQueue.indexOf(b)]!.created }
      : { messageKey: b.messageKey, queued: false, skipped: b.whyNot },
  );
}

/**
 * The statement that queues the same messages as enqueueOrderPlacedNotifications, for placement to
 * run inside its own write (no round trip of its own); null when no message is built.
 */
export function orderPlacedNotificationsStatement(input: OrderPlacedInput): Statement | null {
  const toQueue = orderPlacedMessages(input).filter((b) => b.payload !== null);
  return messagesStatement(toQueue.map(outboxMessageOf(input)));
}

type OrderPlacedInput = { merchant: NotifyMerchant; order: NotifyOrder; lines: NotifyLine[] };

function orderPlacedMessages({ merchant: m, order: o, lines }: OrderPlacedInput): Built[] {
  return [
    {
      kind: 'sms',
      messageKey: `order-placed-sms:${o.id}`,
      payload: text.buildOrderPlacedSms(m, o),
      whyNot: m.enableReceivingOrderPlacedSms ? 'store phone is not a +1 number' : 'setting off',
    },
    {
      kind: 'email',
      messageKey: `new-order-email:${o.id}`,
      payload: text.buildNewOrderEmail(m, o, lines),
      whyNot: 'no notification email',
    },
    {
      kind: 'email',
      messageKey: `receipt-email:${o.id}`,
      payload: text.buildReceiptEmail(m, o, lines),
      whyNot: 'diner gave no email',
    },
  ];
}

const outboxMessageOf =
  ({ merchant }: OrderPlacedInput) =>
  (b: Built): OutboxMessage =>
    ({
      kind: b.kind,
      merchantId: merchant.id,
      messageKey: b.messageKey,
      payload: b.payload,
    }) as OutboxMessage;

/** Queues a built message under its key, or records why there is none. */
async function queueIfBuilt(
  tx: Tx,
  merchantId: string | null,
  kind: 'sms' | 'email',
  messageKey: string,
  payload: SmsPayload | EmailPayload | null,
  whyNot: string,
): Promise<Queued> {
  if (!payload) return { messageKey, queued: false, skipped: whyNot };
  const r = await enqueueMessage(tx, { kind, merchantId, messageKey, payload } as OutboxMessage);
  return { messageKey, queued: true, created: r.created };
}

/** One order-placed message: its payload when it is built, or why there is none. */
interface Built {
  kind: 'sms' | 'email';
  messageKey: string;
  payload: SmsPayload | EmailPayload | null;
  whyNot: string;
}

/** The outbox keys of an order's ready-time texts all start with this. */
export const readyTimeSmsKeyPrefix = (orderId: string) => `ready-time-sms:${orderId}`;

/**
 * The ready-time text, once per order and attempt (checklist T4.64: the key is the order id, so a
 * second send of one attempt queues nothing; the caller starts attempt 2 only after the first
 * failed for good). The caller loads the order by id and uses its stored phone (C7.105).
 */
export async function enqueueReadyTimeSms(
  tx: Tx,
  input: { merchant: NotifyMerchant; order: NotifyOrder; minutes: number; attempt?: number },
): Promise<Queued> {
  const attempt = input.attempt ?? 1;
  const messageKey = readyTimeSmsKeyPrefix(input.order.id) + (attempt === 1 ? '' : `:${attempt}`);
  const sms = text.buildReadyTimeSms(input.merchant, input.order, input.minutes);
  return queueIfBuilt(
    tx,
    input.merchant.id,
    'sms',
    messageKey,
    sms,
    input.merchant.enableOrderTimeConfirmSms
      ? 'diner phone is not a +1 number or minutes out of range'
      : 'setting off',
  );
}

/**
 * The diner's "your order is ready" text when the merchant marks the order Ready (issue 27,
 * order-board.md): under the same setting as the ready-time text, to the order's stored phone,
 * once per order — its key is the order id, so a second Ready queues nothing.
 */
export async function enqueueOrderReadySms(
  tx: Tx,
  input: { merchant: NotifyMerchant; order: NotifyOrder },
): Promise<Queued> {
  const messageKey = `order-ready-sms:${input.order.id}`;
  const sms = text.buildOrderReadySms(input.merchant, input.order);
  return queueIfBuilt(
    tx,
    input.merchant.id,
    'sms',
    messageKey,
    sms,
    input.merchant.enableOrderTimeConfirmSms ? 'diner phone is not a +1 number' : 'setting off',
  );
}

/** A customer-info submission to the merchant's customerInfoCollect recipients and subject. */
export async function enqueueCustomerInfoEmail(
  tx: Tx,
  input: { merchant: NotifyMerchant; submission: NotifySubmission },
): Promise<Queued> {
  const messageKey = `customer-info-email:${input.submission.id}`;
  const email = text.buildCustomerInfoEmail(input.merchant, input.submission);
  return queueIfBuilt(
    tx,
    input.merchant.id,
    'email',
    messageKey,
    email,
    'collection off or no recipients',
  );
}

/**
 * A verification code by SMS. `sendId` must be unique per send (e.g. verification id + send
 * count), so a resend is a new message and a retry of the same send is not.
 */
export async function enqueueVerificationSms(
  tx: Tx,
  input: {
    phone: string;
    code: string;
    sendId: string;
    merchantId?: string | null;
    storeName?: string;
    expiresInMinutes?: number;
  },
): Promise<Queued> {
  const messageKey = `verification-sms:${input.sendId}`;
  const sms = text.buildVerificationSms(input.phone, input.code, {
    ...(input.storeName ? { storeName: input.storeName } : {}),
    ...(input.expiresInMinutes ? { expiresInMinutes: input.expiresInMinutes } : {}),
  });
  return queueIfBuilt(tx, input.merchantId ?? null, 'sms', messageKey, sms, 'not a +1 number');
}
