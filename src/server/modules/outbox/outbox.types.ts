// What an outbox row carries, per kind. The payload is checked when it is queued and again when
// it is sent (a row written by an older version, or by hand, is never sent half-formed).
import { z } from 'zod';
import { isEmailAddress } from '../../../domain/validation/email.js';

export const OUTBOX_CHANNEL = 'forkful_outbox';

/** What the message is for: shown in the dev outbox view and the logs (never the body). */
export const messagePurpose = z.string().min(1).max(60);

/** The longest SMS body and e-mail text the outbox takes: the builders clip to these. */
export const SMS_BODY_MAX = 1600;
export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_TEXT_MAX = 200_000;

export const smsPayloadSchema = z.object({
  /** E.164 +1 number. */
  to: z.string().regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, 'must be a +1 (US) number'),
  body: z.string().min(1).max(SMS_BODY_MAX),
  purpose: messagePurpose,
});

/**
 * The app's one e-mail rule (src/domain/validation/email.ts), the one checkout and every form
 * check: a message the builders make from an accepted address is never refused here.
 */
const emailAddress = z.string().refine(isEmailAddress, 'Invalid email address');
export type SmsPayload = z.infer<typeof smsPayloadSchema>;

export const emailPayloadSchema = z.object({
  to: z.array(emailAddress).min(1).max(50),
  subject: z.string().min(1).max(EMAIL_SUBJECT_MAX),
  text: z.string().min(1).max(EMAIL_TEXT_MAX),
  html: z.string().max(500_000).optional(),
  replyTo: emailAddress.optional(),
  purpose: messagePurpose,
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/**
 * A print job for an ESC/POS network printer (issue 29): the job itself is in print_jobs; the
 * outbox only carries its id, so its retries and lease are the outbox's, and the printing module
 * delivers it (AppHooks.outboxDeliverers.print).
 */
export const printPayloadSchema = z.object({
  jobId: z.string().uuid(),
  purpose: messagePurpose,
});
export type PrintPayload = z.infer<typeof printPayloadSchema>;

interface Common {
  /** Unique per business event: queuing the same key twice queues one message. */
  messageKey: string;
  merchantId?: string | null;
  /** Not before this time (default: now). */
  notBefore?: Date;
}

export type OutboxMessage =
  | (Common & { kind: 'sms'; payload: SmsPayload })
  | (Common & { kind: 'email'; payload: EmailPayload })
  | (Common & { kind: 'print'; payload: PrintPayload });

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';
