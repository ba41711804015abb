// The TSYS TransIT (Multipass) JSON wire (docs/protocols/transit.md): one endpoint, POST, a body
// with exactly one root key naming the operation, an answer whose one root key is
// `<Operation>Response` [S-TS1][S-TS2][S-TS4]. No HTTP auth: deviceID + transactionKey (+
// developerID) ride in every body. Amounts are minor-unit strings without a point ("1234" = $12.34)
// [S-TS1][S-TS4][S-TS5]. Never logs a body (it holds the card number and the transactionKey).
import { z } from 'zod';
import { type GatewayAnswer, gatewayExchange, stripBom } from '../http.js';
import {
  type GatewayError,
  GatewayDeclined,
  GatewayUnavailable,
  GatewayUnknownOutcome,
} from '../types.js';

/** Stage and production hosts [S-TS1][S-TS2][S-TS5]. */
export const TRANSIT_HOSTS = {
  stage: 'https://stagegw.transnox.com',
  production: 'https://gateway.transit-pass.com',
} as const;
/** With the trailing slash every client sends [S-TS1][S-TS2][S-TS4][S-TS5] (issue 30). */
export const TRANSIT_PATH = '/servlets/TransNox_API_Server/';
/**
 * Above any processor time-out we have seen (CardPointe's is ~32 s; TransIT's is UNVERIFIED), and
 * no more than 40 s: a diner waits and a slot is held; recovery covers a later answer
 * (docs/decisions/payment-gateways.md "Time-outs").
 */
export const TRANSIT_DEFAULT_TIMEOUT_MS = 40_000;

export type TransitOperation =
  | 'Auth'
  | 'Sale'
  | 'Capture'
  | 'Void'
  | 'Return'
  | 'TipAdjustment'
  | 'SearchTransaction'
  | 'GenerateKey';

/** Request values are strings on this wire (every client sends strings). */
export type TransitFields = Record<string, string>;

/** A decoded `<Op>Response` object. */
export interface TransitAnswer {
  status: 'PASS' | 'FAIL';
  responseCode: string;
  responseMessage: string;
  fields: Record<string, unknown>;
}

/** The endpoint for a credentials environment; `baseUrl` (tests: the local fake) wins. */
export function transitEndpoint(environment: keyof typeof TRANSIT_HOSTS, baseUrl?: string): string {
  return `${(baseUrl ?? TRANSIT_HOSTS[environment]).replace(/\/+$/, '')}${TRANSIT_PATH}`;
}

/** Whole non-negative cents → the wire's minor-unit string. */
export function toMinorUnits(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError('TransIT amounts are whole, non-negative cents');
  }
  return String(cents);
}

/** A minor-unit string (or integer) from an answer; undefined when absent or not digits. */
export function fromMinorUnits(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

/** A string field of an answer ('' and non-strings count as absent; numbers are stringified). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * `expirationDate` formats. The canonical one is UNVERIFIED: clients send MMYY ("0819") [S-TS6]
 * (the Global Payments SDK sends the card's short expiry, MMYY [S-TS5]), MMYYYY [S-TS2] and MM/YY
 * [S-TS3][S-TS4]; answers echo MMYYYY [S-TS3]. YYMM is the spec's browser-side field of the
 * original's tsys route (C7.63), kept only as a setting.
 */
export type TransitExpiryFormat = 'MMYY' | 'MMYYYY' | 'MM/YY' | 'YYMM';

/** Our MMYY → the wire format (20YY assumed for the four-digit year). */
export function formatExpiry(mmyy: string, format: TransitExpiryFormat): string {
  if (!/^\d{4}$/.test(mmyy)) throw new RangeError('Card expiry must be MMYY digits');
  const mm = mmyy.slice(0, 2);
  const yy = mmyy.slice(2);
  switch (format) {
    case 'MMYY':
      return mmyy;
    case 'MMYYYY':
      return `${mm}20${yy}`;
    case 'MM/YY':
      return `${mm}/${yy}`;
    case 'YYMM':
      return `${yy}${mm}`;
  }
}

/** An answer's `expirationDate` (MMYYYY, MMYY or MM/YY) → MMYY; '' when unreadable. */
export function expiryFromAnswer(value: unknown): string {
  const v = textOf(value) ?? '';
  let m = /^(0[1-9]|1[0-2])\d{2}(\d{2})$/.exec(v);
  if (m) return `${m[1]}${m[2]}`;
  m = /^(0[1-9]|1[0-2])\/?(\d{2})$/.exec(v);
  return m ? `${m[1]}${m[2]}` : '';
}

/**
 * The body as text, by the answer's charset: TransIT labels its JSON
 * `application/json;charset=ISO-8859-1` [S-TS3]. gatewayExchange decodes UTF-8; when it also hands
 * over the raw bytes (`bytes`), a Latin-1 body is decoded as Latin-1 here.
 */
export function decodeAnswer(answer: GatewayAnswer & { bytes?: Uint8Array }): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(answer.contentType)?.[1]?.toLowerCase();
  const latin1 =
    charset !== undefined && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/.test(charset);
  if (latin1 && answer.bytes) return new TextDecoder('latin1').decode(answer.bytes);
  return stripBom(answer.text);
}

const answerShape = z
  .object({
    status: z.enum(['PASS', 'FAIL']),
    responseCode: z.string().optional(),
    responseMessage: z.string().optional(),
  })
  .passthrough();

/**
 * Reads `<op>Response` out of a body; null when the body is not JSON, has another root or no
 * PASS/FAIL status (unreadable: the caller decides whether that is an unknown outcome).
 */
export function parseTransitAnswer(op: TransitOperation, body: string): TransitAnswer | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const root = (data as Record<string, unknown>)[`${op}Response`];
  const parsed = answerShape.safeParse(root);
  if (!parsed.success) return null;
  const { status, responseCode, responseMessage, ...rest } = parsed.data;
  return {
    status,
    responseCode: (responseCode ?? '').trim(),
    responseMessage: (responseMessage ?? '').trim(),
    fields: { ...rest },
  };
}

export interface TransitCallOptions {
  url: string;
  timeoutMs: number;
  /**
   * Whether the call can move money (every gateway operation): then a 5xx or an unreadable answer
   * is an unknown outcome; otherwise (GenerateKey, SearchTransaction) the gateway is unavailable.
   */
  moneyMoving: boolean;
}

/** One operation: sends `{ [op]: fields }` and returns the decoded `<op>Response` (PASS or FAIL). */
export async function transitCall(
  op: TransitOperation,
  fields: TransitFields,
  opts: TransitCallOptions,
): Promise<TransitAnswer> {
  const answer = await gatewayExchange({
    method: 'POST',
    url: opts.url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ [op]: fields }),
    timeoutMs: opts.timeoutMs,
  });
  const lost = (why: string): GatewayError =>
    opts.moneyMoving
      ? new GatewayUnknownOutcome(`TransIT ${op}: ${why}`)
      : new GatewayUnavailable(`TransIT ${op}: ${why}`);
  if (answer.status >= 500) throw lost(`HTTP ${answer.status}`);
  if (answer.status !== 200) {
    // A 4xx (wrong path, bad request) is refused before processing: nothing can be held.
    throw new GatewayUnavailable(`TransIT ${op}: refused with HTTP ${answer.status}`);
  }
  const parsed = parseTransitAnswer(op, decodeAnswer(answer));
  if (!parsed) throw lost('unreadable answer');
  return parsed;
}

/** Card-number-like digit runs never reach an error message. */
export function scrubMessage(message: string, secrets: readonly string[] = []): string {
  let out = message.replace(/\d{12,19}/g, '[redacted]');
  for (const secret of secrets) {
    if (secret.length >= 3) out = out.split(secret).join('[redacted]');
  }
  return out.trim();
}

/**
 * The decline reason of a FAIL answer. TransIT's decline codes are UNVERIFIED (F…/D… appear in
 * stubs only [S-TS3]), so the reason comes from the message, with the host's ISO-style code where
 * one is given (51 insufficient funds, N7 CVV mismatch — UNVERIFIED for this gateway).
 */
export function declineReasonOf(
  message: string,
  hostResponseCode?: string,
): GatewayDeclined['reason'] {
  if (/value of (the )?element/i.test(message)) return 'invalid'; // [S-TS9]
  if (/insufficient|\bnsf\b/i.test(message) || hostResponseCode === '51') {
    return 'insufficient_funds';
  }
  if (/\bcvv|\bcvc|\bcid\b|security code|card verification/i.test(message)) return 'cvv';
  if (hostResponseCode === 'N7') return 'cvv';
  if (/\bavs\b|address verification|address mismatch/i.test(message)) return 'avs';
  if (/not allowed|already/i.test(message)) return 'not_allowed'; // "Return Not Allowed." [S-TS9]
  if (/not found/i.test(message)) return 'invalid'; // "Record(s) Not Found." [S-TS9]
  return 'declined';
}

/**
 * Whether a FAIL refuses our credentials rather than the card. The gateway's code for a bad
 * deviceID/transactionKey is UNVERIFIED: recognised by message (an element named after a
 * credential, or "key"/"device" invalid) and by any code listed in `codes` (a setting).
 */
export function refusesCredentials(answer: TransitAnswer, codes: readonly string[]): boolean {
  if (answer.responseCode && codes.includes(answer.responseCode)) return true;
  return /transaction\s*key|device\s*id|developer\s*id|\bdevice\b.*\b(invalid|not valid|not found|inactive)/i.test(
    answer.responseMessage,
  );
}
