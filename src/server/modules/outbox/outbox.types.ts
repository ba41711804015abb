// What an outbox row carries, per kind. The payload is checked when it is queued and again when
// it is sent (a row written by an older version, or by hand, is never sent half-formed).
import { z } from 'zod';

export const OUTBOX_CHANNEL = 'forkful_outbox';

/** What the message is for: shown in the dev outbox view and the logs (never the body). */
export const messagePurpose = z.string().min(1).max(60);

export const smsPayloadSchema = z.object({
  /** E.164 +1 number. */
  to: z.string().regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, 'must be a +1 (US) number'),
  body: z.string().min(1).max(1600),
  purpose: messagePurpose,
});
export type SmsPayload = z.infer<typeof smsPayloadSchema>;

export const emailPayloadSchema = z.object({
  to: z.array(z.email()).min(1).max(50),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(200_000),
  html: z.string().max(500_000).optional(),
  replyTo: z.email().optional(),
  purpose: messagePurpose,
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

interface Common {
  /** Unique per business event: queuing the same key twice queues one message. */
  messageKey: string;
  merchantId?: string | null;
  /** Not before this time (default: now). */
  notBefore?: Date;
}

export type OutboxMessage =
  | (Common & { kind: 'sms'; payload: SmsPayload })
  | (Common & { kind: 'email'; payload: EmailPayload });

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';
