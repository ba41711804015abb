// Email: an interface, the offline default (the message stays in the outbox, readable in the dev
// outbox view) and SMTP through nodemailer, switched on by SMTP_URL (sender: EMAIL_FROM).
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { SendError } from '../send-error.js';

export interface EmailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The outbox message key: gives the same Message-ID on every retry, so receivers can dedupe. */
  messageKey: string;
}

export interface EmailResult {
  providerMessageId: string;
}

export interface EmailAdapter {
  /** offline: nothing leaves the machine. smtp: nodemailer to SMTP_URL. */
  readonly name: 'offline' | 'smtp';
  send(message: EmailMessage): Promise<EmailResult>;
  close?(): void;
}

/** A failed send. permanent: the server refused the message for good (5xx reply). */
export class EmailError extends SendError {}

/** A stable RFC 5322 Message-ID for an outbox message key. */
export function messageIdFor(messageKey: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'forkful.localhost';
  const hash = createHash('sha256').update(messageKey).digest('hex').slice(0, 32);
  return `<${hash}@${domain}>`;
}

export function createOfflineEmailAdapter(): EmailAdapter {
  return {
    name: 'offline',
    send: async (message) => {
      if (message.to.length === 0) throw new EmailError('No recipients', true);
      return { providerMessageId: `offline-${message.messageKey}` };
    },
  };
}

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs: number;
}

export function createSmtpEmailAdapter(opts: SmtpOptions): EmailAdapter {
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
    dnsTimeout: opts.timeoutMs,
  });
  return {
    name: 'smtp',
    send: async (message) => {
      if (message.to.length === 0) throw new EmailError('No recipients', true);
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          messageId: messageIdFor(message.messageKey, opts.from),
        });
        if (info.rejected.length > 0 && info.accepted.length === 0) {
          throw new EmailError('Every recipient was rejected', true);
        }
        return { providerMessageId: info.messageId };
      } catch (err) {
        if (err instanceof EmailError) throw err;
        const e = err as { responseCode?: number; code?: string; message?: string };
        // 5xx replies are final (unknown mailbox, policy); 4xx and connection trouble may pass.
        const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
        const code = e.responseCode ?? e.code;
        throw new EmailError(
          `SMTP ${code ?? 'error'}: ${(e.message ?? 'send failed').slice(0, 200)}`,
          permanent,
          code,
        );
      }
    },
    close: () => transport.close(),
  };
}

export function createEmailAdapter(config: Config): EmailAdapter {
  if (!config.smtp) return createOfflineEmailAdapter();
  return createSmtpEmailAdapter({
    url: config.smtp.url,
    from: config.emailFrom,
    timeoutMs: config.outsideTimeoutMs,
  });
}
