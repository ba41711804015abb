// SMS: an interface, the offline default (the message stays in the outbox, readable in the dev
// outbox view) and Twilio's Messages API, switched on by TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN
// (+ TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID). Only +1 (US/NANP) numbers are ever sent.
import type { Config } from '../../config.js';
import { SendError } from '../send-error.js';

export interface SmsMessage {
  /** E.164 +1 number, e.g. +15551234567 (see toUsE164). */
  to: string;
  body: string;
  /** The outbox message key: stable across retries of the same message. */
  messageKey: string;
}

export interface SmsResult {
  providerMessageId: string;
  /** The provider's status at hand-off (Twilio: queued, accepted, sending, sent…). */
  status: string;
}

export interface SmsAdapter {
  /** offline: nothing leaves the machine. twilio: the Messages API. */
  readonly name: 'offline' | 'twilio';
  send(message: SmsMessage, signal?: AbortSignal): Promise<SmsResult>;
}

/** A failed send. permanent: retrying cannot help (bad number, unsubscribed, rejected sender). */
export class SmsError extends SendError {}

/**
 * A US phone number as E.164 (+1XXXXXXXXXX), or null when it is not a valid NANP number:
 * 10 digits (an 11th leading "1" is accepted), area code and exchange not starting with 0 or 1.
 */
export function toUsE164(input: string): string | null {
  if (/[^\d\s().+-]/.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** The offline default: accepts every +1 message; the outbox row is the record of it. */
export function createOfflineSmsAdapter(): SmsAdapter {
  return {
    name: 'offline',
    send: async (message) => {
      if (!toUsE164(message.to)) throw new SmsError('Only +1 (US) numbers are supported', true);
      return { providerMessageId: `offline-${message.messageKey}`, status: 'stored' };
    },
  };
}

/**
 * Twilio error codes that mean this message can never be delivered as it is
 * (docs/protocols/twilio.md): invalid To, landline, region not enabled, unsubscribed, cannot route,
 * invalid/unowned From, missing body.
 */
const PERMANENT_TWILIO_CODES = new Set([21211, 21614, 21408, 21610, 21612, 21606, 21212, 21602]);

interface TwilioMessageResource {
  sid?: string;
  status?: string;
  error_code?: number | null;
  error_message?: string | null;
}
interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  baseUrl: string;
  timeoutMs: number;
}

/**
 * Twilio Messages API: form-encoded POST to /2010-04-01/Accounts/{sid}/Messages.json with HTTP
 * Basic auth; 201 with the Message resource on success, 4xx JSON {code, message} on error.
 * Twilio documents no idempotency for creates, so the outbox's lease is what prevents doubles.
 */
export function createTwilioSmsAdapter(opts: TwilioOptions): SmsAdapter {
  const url = `${opts.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    send: async (message, signal) => {
      const to = toUsE164(message.to);
      if (!to) throw new SmsError('Only +1 (US) numbers are supported', true);
      const form = new URLSearchParams({ To: to, Body: message.body });
      if (opts.messagingServiceSid) form.set('MessagingServiceSid', opts.messagingServiceSid);
      else if (opts.from) form.set('From', opts.from);
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        throw new SmsError(`Twilio unreachable: ${(err as Error).name}`, false);
      }
      const json = (await res.json().catch(() => ({}))) as TwilioMessageResource & TwilioErrorBody;
      if (res.status === 201 || res.status === 200) {
        if (!json.sid) throw new SmsError('Twilio answered without a message sid', false);
        if (json.status === 'failed' || json.status === 'undelivered') {
          throw new SmsError(
            `Twilio ${json.status}${json.error_code ? ` (${json.error_code})` : ''}`,
            true,
            json.error_code ?? undefined,
          );
        }
        return { providerMessageId: json.sid, status: json.status ?? 'queued' };
      }
      const code = typeof json.code === 'number' ? json.code : undefined;
      const text = `Twilio ${res.status}${code ? ` error ${code}` : ''}: ${json.message ?? res.statusText}`;
      // 401/403 (20003 bad credentials) and 429 (20429) and 5xx may clear up: retry with backoff.
      const permanent =
        code !== undefined
          ? PERMANENT_TWILIO_CODES.has(code)
          : res.status === 400 || res.status === 404;
      throw new SmsError(text, permanent, code);
    },
  };
}

export function createSmsAdapter(config: Config): SmsAdapter {
  if (!config.twilio) return createOfflineSmsAdapter();
  return createTwilioSmsAdapter({ ...config.twilio, timeoutMs: config.outsideTimeoutMs });
}
