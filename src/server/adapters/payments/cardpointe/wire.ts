// The CardPointe Gateway's wire format (docs/protocols/cardpointe.md,
// docs/decisions/gateway-cardpointe.md): request bodies, amounts, the order id guard, and how an
// answer (HTTP status + JSON) becomes a PaymentResult, an InquiryResult or one of the typed gateway
// errors. Pure: no I/O here.
//
// Facts marked [S-CP…] are the vendor's (docs/protocols/cardpointe.md sources); UNVERIFIED ones are
// noted where they are used and kept tolerant (accept both shapes) rather than guessed.
import {
  type CardPointeCredentials,
  cardPointeCredentials,
} from '../../../../contract/payment-credentials.js';
import { passesLuhn } from '../../../../domain/validation/fields.js';
import { type GatewayAnswer, stripBom } from '../http.js';
import {
  type AuthorizeRequest,
  type CardInput,
  GatewayDeclined,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type InquiryResult,
  type PaymentResult,
  cardBrandOf,
  maskCardNumber,
} from '../types.js';
import { CARDPOINTE_LIMITS, clipText, postalOf } from './limits.js';

/** A JSON answer object; UAT shuffles keys and adds junk ones, so fields are read by name only. */
export type Answer = Record<string, unknown>;
export type WireBody = Record<string, string>;

/** The merchant's credentials, or GatewayUnavailable (values never go into the message). */
export function credentialsOf(raw: Record<string, string> | null): CardPointeCredentials {
  const parsed = cardPointeCredentials.safeParse(raw ?? undefined);
  if (!parsed.success) throw new GatewayUnavailable('CardPointe credentials are not set');
  return parsed.data;
}

/** https://<site>-uat.cardconnect.com (UAT) or https://<site>.cardconnect.com, port 443 [S-CP2][S-CP3]. */
export function defaultBaseUrl(c: Pick<CardPointeCredentials, 'site' | 'environment'>): string {
  return c.environment === 'uat'
    ? `https://${c.site}-uat.cardconnect.com`
    : `https://${c.site}.cardconnect.com`;
}

/** HTTP Basic with the API user and password [S-CP2]. */
export function basicAuth(c: Pick<CardPointeCredentials, 'username' | 'password'>): string {
  return `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;
}

/**
 * Our amounts go out as decimal dollar strings ("12.34"). CardPointe reads a value with a decimal
 * point as dollars and one without as minor units [S-CP1][S-CP4]; we always send the decimal form
 * so no amount can be read a hundred times too large or too small, and answers come back in it.
 */
export function toWireAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('amount must be whole cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "5.00" → 500 (dollars); "111695" → 111695 (minor units) [S-CP1][S-CP4]; otherwise null. */
export function parseWireAmount(value: unknown): number | null {
  const s =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const decimal = /^(-?)(\d+)\.(\d{1,2})$/.exec(s);
  if (decimal) {
    const cents = Number(decimal[2]) * 100 + Number((decimal[3] ?? '').padEnd(2, '0'));
    return decimal[1] ? -cents : cents;
  }
  const minor = /^(-?)(\d+)$/.exec(s);
  if (minor) return (minor[1] ? -1 : 1) * Number(minor[2]);
  return null;
}

/**
 * The orderid we send for our order. A Luhn-passing orderid is masked like a card number and then
 * breaks inquire/void/refund [S-CP1]. Our order ids are uuids: their dashes and hex letters keep
 * them from ever being all digits, so they go out as they are. Should a digits-only value that
 * passes Luhn ever come, it gets a fixed "FK-" prefix (the same for the auth and every later
 * look-up, so the look-ups still find it). Max 50 characters [S-CP1]; it also goes in a URL path.
 */
export function wireOrderId(orderRef: string): string {
  const ref = orderRef.trim();
  if (!/^[A-Za-z0-9_.-]{1,47}$/.test(ref)) {
    throw new GatewayUnavailable('Order reference cannot be sent to CardPointe');
  }
  return /^\d+$/.test(ref) && passesLuhn(ref) ? `FK-${ref}` : ref;
}

/**
 * POST /auth [S-CP1]: card, expiry MMYY, cvv2, amount, billing address, our order id, e-commerce
 * indicator "E", capture "N" (authorise only) or "Y" (sale). Amount 0 is an account verification.
 */
export function authBody(merchid: string, req: AuthorizeRequest, capture: boolean): WireBody {
  const { card } = req;
  const body: WireBody = {
    merchid,
    account: card.number,
    expiry: card.expiry,
    cvv2: card.cvv.trim(),
    amount: toWireAmount(req.amountCents),
    orderid: wireOrderId(req.orderRef),
    ecomind: 'E',
    capture: capture ? 'Y' : 'N',
  };
  // Left out when empty: the gateway would otherwise default postal to "55555" [S-CP1]. Each
  // field within CardPointe's limits (limits.ts): ZIP as 5 or 9 digits, name/address clipped.
  const postal = postalOf(card.billingZip);
  if (postal) body.postal = postal;
  const address = clipText(card.billingStreet, CARDPOINTE_LIMITS.address.max);
  if (address) body.address = address;
  const name = clipText(card.name, CARDPOINTE_LIMITS.name.max);
  if (name) body.name = name;
  return body;
}

// ---- reading answers -------------------------------------------------------------------------

/** A field as a trimmed string ("" and non-scalars → undefined). */
export function field(a: Answer, key: string): string | undefined {
  const v = a[key];
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
  return s ? s : undefined;
}

/** Vendor text with anything shaped like a card number removed (messages never carry one). */
export function scrub(text: string): string {
  return text.replace(/\d{12,19}/g, '[number removed]').slice(0, 120);
}

const unreadable = () => new GatewayUnknownOutcome('Unreadable answer from CardPointe');

/** The answer's JSON (BOM stripped), or GatewayUnknownOutcome; "" → undefined. */
export function parseJson(text: string): unknown {
  const t = stripBom(text).trim();
  if (!t) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    throw unreadable();
  }
}

/**
 * HTTP status rules [S-CP5][S-CP6]: 401 bad credentials (nothing processed) → unavailable;
 * 400 bad syntax / 404 wrong path (nothing processed) → declined 'invalid'; 408, 5xx (the host may
 * have processed it) → unknown outcome for a call that changes something, unavailable for a
 * look-up; 429 (UAT rate limit) and other 4xx → unavailable.
 */
export function checkStatus(answer: GatewayAnswer, changes: boolean): void {
  const s = answer.status;
  if (s >= 200 && s < 300) return;
  if (s === 401) throw new GatewayUnavailable('CardPointe refused the API credentials (HTTP 401)');
  if (s === 400 || s === 404) {
    let code = String(s);
    try {
      const body = parseJson(answer.text);
      if (isObject(body) && body.errorcode !== undefined) code = String(body.errorcode);
    } catch {
      // The status says enough.
    }
    throw new GatewayDeclined(`CardPointe refused the request (HTTP ${s})`, code, 'invalid');
  }
  const message = `CardPointe answered HTTP ${s}`;
  // 408/5xx, and anything unexpected outside 4xx: the request arrived and may have been processed.
  if (s === 408 || s >= 500 || s < 400) {
    throw changes ? new GatewayUnknownOutcome(message) : new GatewayUnavailable(message);
  }
  throw new GatewayUnavailable(message);
}

export const isObject = (v: unknown): v is Answer =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 2xx JSON object answer, or the typed error. */
export function answerObject(answer: GatewayAnswer, changes: boolean): Answer {
  checkStatus(answer, changes);
  const body = parseJson(answer.text);
  if (!isObject(body)) throw unreadable();
  return body;
}

export const respstatOf = (a: Answer) => field(a, 'respstat')?.toUpperCase();

// Decline reasons by processor and code, from the vendor's response code tables [S-CP5].
const NSF: Record<string, string[]> = {
  FNOR: ['NU'],
  NASH: ['NU'],
  RPCT: ['116'],
  AMEX: ['116'],
  PMT: ['302', '521'],
  VPS: ['51'],
  MNS: ['51'],
  DPS: ['51'],
  VANT: ['51'],
};
const CVV: Record<string, string[]> = {
  PPS: ['14', '37', '38'],
  FNOR: ['C2'],
  NASH: ['C2'],
  RPCT: ['517'],
  AMEX: ['103', '122'],
  FOMA: ['14'],
  PMT: ['531', '811'],
  VPS: ['82', 'N7'],
  MNS: ['82'],
  VANT: ['82'],
};
const AVS: Record<string, string[]> = {
  PPS: ['101'],
  PMT: ['260'],
  PSTR: ['06'],
  CRDX: ['03'],
};
/** PPS refusals of the operation in the transaction's state: batched, not settled, too old… */
const PPS_NOT_ALLOWED = new Set(['24', '25', '27', '28', '39', '45', '46']);
/** PPS validation failures: nothing about the card holder's bank, the request itself is wrong. */
const PPS_INVALID = new Set(['11', '12', '13', '15', '17', '21', '29', '34', '43', '98']);

export function declineReason(a: Answer): GatewayDeclined['reason'] {
  // The gateway's validation answers carry respproc "PPS"; the vendor's own amount-driven
  // example names the processor in "cardproc" instead [S-CP4][S-CP5].
  const proc = (field(a, 'respproc') ?? field(a, 'cardproc') ?? '').toUpperCase();
  const code = (field(a, 'respcode') ?? '').toUpperCase();
  const text = field(a, 'resptext') ?? '';
  if (proc === 'PPS' && PPS_NOT_ALLOWED.has(code)) return 'not_allowed';
  if (NSF[proc]?.includes(code) || /\b(insufficient|not sufficient) funds\b|\bnsf\b/i.test(text))
    return 'insufficient_funds';
  if (CVV[proc]?.includes(code) || /\b(cvv2?|cvc|cid)\b/i.test(text)) return 'cvv';
  if (AVS[proc]?.includes(code) || /\bavs\b/i.test(text)) return 'avs';
  if (proc === 'PPS' && PPS_INVALID.has(code)) return 'invalid';
  return 'declined';
}

export function declineOf(a: Answer): GatewayDeclined {
  return new GatewayDeclined(
    scrub(field(a, 'resptext') ?? 'Declined'),
    field(a, 'respcode') ?? '',
    declineReason(a),
  );
}

/** The last four digits the answer shows (lastfour, or the masked account / token's tail). */
function lastFourOf(a: Answer): string | undefined {
  const direct = field(a, 'lastfour');
  if (direct && /^\d{4}$/.test(direct)) return direct;
  for (const key of ['account', 'token']) {
    const tail = /(\d{4})$/.exec(field(a, key) ?? '');
    if (tail?.[1]) return tail[1];
  }
  return undefined;
}

/** binInfo.product [S-CP1]: A Amex, D Discover, M Mastercard, V Visa. */
function brandOf(a: Answer): string | undefined {
  const bin = a.binInfo;
  const product = isObject(bin) ? field(bin, 'product')?.toUpperCase() : undefined;
  return product
    ? ({ A: 'AMEX', D: 'DISCOVER', M: 'MC', V: 'VISA' } as Record<string, string>)[product]
    : undefined;
}

/** MMYY from MMYY, YYYYMM or YYYYMMDD [S-CP1]; undefined otherwise. */
export function expiryMmYy(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}$/.test(value)) return value;
  const long = /^\d{2}(\d{2})(\d{2})(\d{2})?$/.exec(value);
  return long ? `${long[2]}${long[1]}` : undefined;
}

/** What the caller knows besides the answer: the card (auth/sale) and the amounts it asked. */
export interface Known {
  card?: CardInput;
  amountCents: number;
  tipCents: number;
}

/** An approval answer (auth, capture, void, refund, inquire) as the spec's payment result. */
export function resultOf(a: Answer, known: Known): PaymentResult {
  const last4 = lastFourOf(a) ?? known.card?.number.slice(-4) ?? '';
  const brand = brandOf(a) ?? (known.card ? cardBrandOf(known.card.number) : 'CARD');
  const length = known.card?.number.length ?? (brand === 'AMEX' ? 15 : 16);
  const amount = parseWireAmount(a.amount);
  return {
    approved: true,
    amountCents: amount === null ? known.amountCents : Math.abs(amount),
    tipCents: known.tipCents,
    cardNumber: last4 ? maskCardNumber(last4, length) : '',
    cardLast4: last4,
    cardExpiry: known.card?.expiry ?? expiryMmYy(field(a, 'expiry')) ?? '',
    cardType: brand,
    authCode: field(a, 'authcode') ?? '',
    retref: field(a, 'retref') ?? '',
    avsResult: field(a, 'avsresp') ?? null,
    cvvResult: field(a, 'cvvresp') ?? null,
    responseCode: field(a, 'respcode') ?? '',
    message: scrub(field(a, 'resptext') ?? ''),
  };
}

/**
 * setlstat values that mean "captured" [S-CP1 lists Queued for Capture; "Accepted" is the settled
 * state]. "Pending"/"Settled" are UNVERIFIED names, accepted in case the gateway uses them.
 */
const CAPTURED_STATES = new Set(['queued for capture', 'accepted', 'pending', 'settled']);

/** A transaction's state as the payments core names it; undefined when not recognised. */
export function statusOf(a: Answer): Extract<InquiryResult, { found: true }>['status'] | undefined {
  const respstat = respstatOf(a);
  const s = (field(a, 'setlstat') ?? '').toLowerCase().replace(/\s+/g, ' ');
  if (respstat === 'C' || s === 'declined' || s === 'rejected') return 'declined';
  if (s.includes('refund')) return 'refunded'; // UNVERIFIED name ("Refunded"); see the decision doc
  if (s === 'voided') return 'voided';
  if (s === 'authorized' || s === 'zero amount') return 'authorized';
  if (CAPTURED_STATES.has(s)) return 'captured';
  // The "Timed out" answer is respstat B with setlstat Declined [S-CP4]; without a setlstat a
  // B is still not an approval.
  if (!s && respstat === 'B') return 'declined';
  return undefined;
}

/** "29 Txn not found" [S-CP4][S-CP5][S-CP6]. */
export const isNotFound = (a: Answer) =>
  field(a, 'respcode') === '29' ||
  field(a, 'errorcode') === '29' ||
  /txn not found|data not found/i.test(field(a, 'resptext') ?? field(a, 'message') ?? '');

/**
 * The answer of GET inquireByOrderid as an InquiryResult. Whether several matches come as an
 * array or an object is UNVERIFIED [PROTOCOLS §1.5]: both are accepted. Several matches: the
 * approved one (one still held or captured first), else the latest (authdate, then position).
 */
export function inquiryOf(answer: GatewayAnswer): InquiryResult {
  if (answer.status === 404 || answer.status === 400) {
    let body: unknown;
    try {
      body = parseJson(answer.text);
    } catch {
      body = undefined;
    }
    // A wrong path answers {timestamp, status, error, path} [S-CP6]: misconfiguration, not "not
    // found" (which would fail an order whose money may be held).
    if (isObject(body) && 'path' in body) {
      throw new GatewayUnavailable(`CardPointe path not found (HTTP ${answer.status})`);
    }
    if (body === undefined || (isObject(body) && isNotFound(body))) return { found: false };
    throw new GatewayUnavailable(`CardPointe refused the look-up (HTTP ${answer.status})`);
  }
  checkStatus(answer, false);
  const body = parseJson(answer.text);
  if (body !== undefined && !Array.isArray(body) && !isObject(body)) throw unreadable();
  const list = (Array.isArray(body) ? body : body === undefined ? [] : [body]).filter(isObject);
  const entries = list.filter((e) => !(isNotFound(e) && !field(e, 'setlstat')));
  if (entries.length === 0) return { found: false };
  const rank = (e: Answer) => {
    const st = statusOf(e);
    if (respstatOf(e) !== 'A') return 0;
    return st === 'authorized' || st === 'captured' ? 3 : 2;
  };
  const chosen = entries
    .map((e, index) => ({ e, index, rank: rank(e), date: field(e, 'authdate') ?? '' }))
    .sort((x, y) => y.rank - x.rank || y.date.localeCompare(x.date) || y.index - x.index)[0]!.e;
  const status = statusOf(chosen);
  if (!status) {
    throw new GatewayUnknownOutcome('CardPointe settlement status not recognised');
  }
  // The inquiry shows no tip split; 0 here (the core keeps the order's own tip).
  return { found: true, status, result: resultOf(chosen, { amountCents: 0, tipCents: 0 }) };
}
