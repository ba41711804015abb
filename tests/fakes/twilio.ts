// A local Twilio Messages API (docs/protocols/twilio.md): POST
// /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP Basic auth (20003/401 otherwise),
// 201 with a snake_case Message resource, 4xx {code, message, more_info, status} on errors, and
// the test-credential magic numbers. Counts deliveries per To+Body so tests can prove a message
// was sent exactly once.
import { randomBytes } from 'node:crypto';
import { type FakeServer, startFakeServer } from './http.js';

export const FAKE_TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token';
export const FAKE_TWILIO_FROM = '+15005550006';

/** The magic To / From numbers of Twilio's test credentials and the error each gives. */
const MAGIC_TO: Record<string, [number, string]> = {
  '+15005550001': [21211, "The 'To' number is not a valid phone number."],
  '+15005550002': [21612, "The 'To' phone number is not currently reachable via SMS."],
  '+15005550003': [21408, 'Permission to send an SMS has not been enabled for the region.'],
  '+15005550004': [21610, 'Attempt to send to unsubscribed recipient'],
  '+15005550009': [21614, "'To' number is not a valid mobile number"],
};
const MAGIC_FROM: Record<string, [number, string]> = {
  '+15005550001': [21212, "The 'From' number is not a valid phone number."],
  '+15005550007': [
    21606,
    "The 'From' phone number provided is not a valid message-capable number.",
  ],
  '+15005550008': [21611, "This 'From' number has exceeded the maximum number of queued messages."],
};

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface FakeTwilio extends FakeServer {
  messages: FakeTwilioMessage[];
  /** How many times each To+Body was accepted. */
  deliveries: Map<string, number>;
  /**
   * Answers the next n creates (only those to `to`, when given) with this HTTP status and Twilio
   * code (e.g. 500, 429/20429).
   */
  failNext(n: number, status: number, code?: number, to?: string): void;
  /** Delay every answer by this many ms (a slow provider). */
  setDelay(ms: number): void;
}

export async function startFakeTwilio(
  opts: { accountSid?: string; authToken?: string; delayMs?: number } = {},
): Promise<FakeTwilio> {
  const sid = opts.accountSid ?? FAKE_TWILIO_SID;
  const token = opts.authToken ?? FAKE_TWILIO_TOKEN;
  const messages: FakeTwilioMessage[] = [];
  const deliveries = new Map<string, number>();
  let failures: { n: number; status: number; code: number | undefined; to?: string } = {
    n: 0,
    status: 500,
    code: undefined,
  };
  const error = (status: number, code: number, message: string) => ({
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const state = { delayMs: opts.delayMs ?? 0 };
  const server = await startFakeServer(async (req) => {
    const delayMs = state.delayMs;
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url.pathname);
    if (!m || req.method !== 'POST')
      return {
        status: 404,
        json: { code: 20404, message: 'The requested resource was not found', status: 404 },
      };
    const expected = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
    if (req.headers.authorization !== expected || m[1] !== sid) {
      return { ...error(401, 20003, 'Authenticate'), delayMs };
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return { ...error(400, 20001, 'Content-Type must be form-encoded'), delayMs };
    }
    if (
      failures.n > 0 &&
      (!failures.to || new URLSearchParams(req.body).get('To') === failures.to)
    ) {
      failures.n -= 1;
      return {
        ...error(failures.status, failures.code ?? failures.status * 100, 'Injected failure'),
        delayMs,
      };
    }
    const form = new URLSearchParams(req.body);
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!to) return { ...error(400, 21604, "A 'To' phone number is required."), delayMs };
    if (!from && !service)
      return { ...error(400, 21603, "A 'From' phone number is required."), delayMs };
    if (!body) return { ...error(400, 21602, 'Message body is required.'), delayMs };
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return { ...error(400, 21211, "The 'To' number is not a valid phone number."), delayMs };
    const magicTo = MAGIC_TO[to];
    if (magicTo) return { ...error(400, ...magicTo), delayMs };
    const magicFrom = from ? MAGIC_FROM[from] : undefined;
    if (magicFrom) return { ...error(400, ...magicFrom), delayMs };
    const msg: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      messagingServiceSid: service,
      body,
    };
    messages.push(msg);
    const key = `${to}|${body}`;
    deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
    const now = new Date().toUTCString();
    return {
      status: 201,
      delayMs,
      json: {
        sid: msg.sid,
        account_sid: sid,
        messaging_service_sid: service,
        to,
        from,
        body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: '1',
        num_media: '0',
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${sid}/Messages/${msg.sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${sid}/Messages/${msg.sid}/Media.json` },
      },
    };
  });
  return Object.assign(server, {
    messages,
    deliveries,
    failNext: (n: number, status: number, code?: number, to?: string) => {
      failures = { n, status, code, ...(to ? { to } : {}) };
    },
    setDelay: (ms: number) => {
      state.delayMs = ms;
    },
  });
}
