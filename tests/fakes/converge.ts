// A local Elavon Converge (docs/protocols/converge.md): the hosted-payments token endpoint, a stub
// PayWithConverge.js Lightbox usable from a real browser, and the XML API (processxml.do, demo and
// production paths) with txnquery, cccomplete, ccdelete, ccvoid, ccreturn and ccupdatetip.
//
// What is the fake's own reading (the vendor's behaviour is UNVERIFIED, see
// docs/decisions/gateway-converge.md):
// - bad credentials at the token endpoint: HTTP 403, text body; on the XML API: errorCode 4025;
// - txnquery by ssl_txn_id answers `<txnlist><ssl_txn_count>n</ssl_txn_count><txn>…</txn></txnlist>`
//   whose records carry ssl_trans_status and ssl_result_message but no ssl_result (the shape of the
//   third-party samples); statuses: OPN open or completed, STL settled (fake.settle), DEL deleted,
//   VOI voided — the last two are the fake's own codes;
// - cccomplete keeps the auth's ssl_txn_id; ccdelete, ccvoid and ccreturn make a new one;
// - error codes: 4025 credentials, 5040 wrong transaction for this type, 5091 amount too large,
//   6042 unreadable request (the fake's choice).
// Test cards (any other number approves): see CONVERGE_FAKE_CARDS.
//
// Run as a process for an end-to-end test: `npx tsx tests/fakes/converge.ts --port 4455`; it prints
// one JSON line {"baseUrl": …} when ready and stops on SIGTERM/SIGINT. Over HTTP, GET
// /_fake/transactions lists the transactions and POST /_fake/knobs {"lightboxMode", "fault"}
// sets the knobs.
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type FakeAnswer, type FakeServer, startFakeServer } from './http.js';

/** Credentials the fake accepts (environment demo; the PIN is a fake 64-character one). */
export const FAKE_CONVERGE_CREDENTIALS = {
  merchantId: '0012345',
  userId: 'forkfulapi',
  pin: `FAKECONVERGEPIN${'0'.repeat(49)}`,
  environment: 'demo',
} as const;

/** The Lightbox test cards. Any other number approves with AVS Y and CVV M. */
export const CONVERGE_FAKE_CARDS = {
  approve: '4111111111111111',
  /** ssl_result 1, "DECLINED". */
  decline: '4000000000000002',
  /** ssl_result 1, "INSUFFICIENT FUNDS". */
  insufficientFunds: '4000000000009995',
  /** Approved with ssl_avs_response N. */
  avsMismatch: '4000000000000101',
  /** Approved with ssl_cvv2_response N. */
  cvvMismatch: '4000000000000127',
} as const;

export type ConvergeRight = 'batchesView' | 'voidDelete' | 'batchEdit';
/** Which right each follow-up needs (issue 30; docs/decisions/gateway-converge.md "User rights"). */
const RIGHT_OF: Record<string, ConvergeRight> = {
  txnquery: 'batchesView',
  ccdelete: 'voidDelete',
  cccomplete: 'batchEdit',
};

export type FakeConvergeState =
  'open' | 'completed' | 'settled' | 'deleted' | 'voided' | 'declined';

export interface FakeConvergeTxn {
  txnId: string;
  /** AUTHONLY or SALE from the Lightbox; DELETE, VOID, RETURN records of the follow-ups. */
  type: 'AUTHONLY' | 'SALE' | 'DELETE' | 'VOID' | 'RETURN';
  state: FakeConvergeState;
  resultMessage: string;
  amountCents: number;
  tipCents: number;
  completedCents: number;
  refundedCents: number;
  invoice: string;
  merchantTxnId: string;
  cardNumber: string;
  brand: string;
  expiry: string;
  avs: string;
  cvv: string;
  approvalCode: string;
  time: string;
  /** The transaction a DELETE / VOID / RETURN applies to. */
  originalTxnId?: string;
}

export interface FakeConvergeToken {
  type: string;
  amountCents: number;
  invoice: string;
  merchantTxnId: string;
  used: boolean;
}

export type FakeConvergeFault =
  /** Processes the call, then answers after `ms` (the client times out first). */
  | { kind: 'hang'; ms: number }
  /** Answers this status without processing anything. */
  | { kind: 'status'; status: number }
  /** Processes the call, then sends half the answer and drops the connection. */
  | { kind: 'truncate' }
  /** Processes the call, then answers an HTML error page. */
  | { kind: 'garbage' };

/** How the stub Lightbox behaves when opened: a form (default) or at once, without a form. */
export type LightboxMode = 'form' | 'approve' | 'decline' | 'cancel' | 'error';

export type LightboxCallback = 'onApproval' | 'onDeclined' | 'onError';

export interface FakeConverge extends FakeServer {
  tokens: Map<string, FakeConvergeToken>;
  transactions: Map<string, FakeConvergeTxn>;
  /** The ssl_* fields of every XML API request, parsed. */
  xmlRequests: Record<string, string>[];
  /**
   * Pays a token as the Lightbox would, without a browser; returns the flat ssl_* object.
   * `approveCents`: the issuer approves only this much (a partial approval; fake's shape).
   */
  pay(
    token: string,
    card?: { number?: string; expiry?: string; approveCents?: number },
  ): Record<string, string>;
  /**
   * The API user lacks these user rights (issue 30): txnquery needs "Batches - View", ccdelete
   * "Batches-Void Delete", cccomplete a batch-edit right. Without one the call answers an error;
   * its code and text (4016 "Permission Denied") are the fake's choice — UNVERIFIED.
   */
  setMissingRights(rights: readonly ConvergeRight[]): void;
  /** The next `times` calls to `on` (default: the XML API) fail this way. */
  /** `after`: this many matching calls are answered normally first (default 0). */
  fault(
    fault: FakeConvergeFault,
    opts?: { times?: number; on?: 'xml' | 'token' | 'any'; after?: number },
  ): void;
  setLightboxMode(mode: LightboxMode): void;
  /** Marks a transaction settled (end of the batch). */
  settle(txnId: string): void;
}

const FORM_HEADERS = { 'access-control-allow-origin': '*' };

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function elements(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
}

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
const xmlAnswer = (body: string): FakeAnswer => ({
  status: 200,
  raw: `${PROLOG}${body}`,
  contentType: 'text/xml',
});
const txnAnswer = (fields: Record<string, string>) => xmlAnswer(`<txn>${elements(fields)}</txn>`);
const errorAnswer = (code: string, name: string, message: string) =>
  txnAnswer({ errorCode: code, errorName: name, errorMessage: message });
const badCredentials = () =>
  errorAnswer(
    '4025',
    'Invalid Credentials',
    'The credentials supplied in the authorization request are invalid.',
  );
const wrongTxn = () =>
  errorAnswer(
    '5040',
    'Invalid Transaction ID',
    'The transaction ID is invalid for this transaction type',
  );
const badRequest = () =>
  errorAnswer('6042', 'Invalid Request Format', 'XML String is not formatted properly');

function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function centsOf(text: string | undefined): number | null {
  const m = /^(\d*)(?:\.(\d{1,2}))?$/.exec((text ?? '').trim());
  if (!m || (m[1] === '' && m[2] === undefined)) return null;
  return Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MC';
  if (/^6/.test(number)) return 'DISC';
  return 'CARD';
}

function txnTime(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getHours() % 12 || 12;
  return `${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()} ${p(h)}:${p(d.getMinutes())}:${p(d.getSeconds())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

function newTxnId(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}${p(d.getMonth() + 1)}${String(d.getFullYear()).slice(2)}FK1-${randomUUID().toUpperCase()}`;
}

const STATUS: Record<FakeConvergeState, string> = {
  open: 'OPN',
  completed: 'OPN',
  settled: 'STL',
  deleted: 'DEL',
  voided: 'VOI',
  declined: 'OPN',
};

/** A transaction as the Lightbox's flat object / an XML answer reports it. */
function sslOf(t: FakeConvergeTxn): Record<string, string> {
  return {
    ssl_result: t.state === 'declined' ? '1' : '0',
    ssl_result_message: t.resultMessage,
    ssl_txn_id: t.txnId,
    ssl_approval_code: t.approvalCode,
    ssl_amount: dollars(t.amountCents),
    ssl_card_number: t.cardNumber,
    ssl_card_short_description: t.brand,
    ssl_card_type: 'CREDITCARD',
    ssl_exp_date: t.expiry,
    ssl_avs_response: t.avs,
    ssl_cvv2_response: t.cvv,
    ssl_invoice_number: t.invoice,
    ssl_merchant_txn_id: t.merchantTxnId,
    ssl_transaction_type: t.type,
    ssl_txn_time: t.time,
  };
}

/** A transaction as a txnquery record reports it (no ssl_result: see the head of this file). */
function queryRecordOf(t: FakeConvergeTxn): Record<string, string> {
  const { ssl_result: _result, ...rest } = sslOf(t);
  const type =
    t.type === 'AUTHONLY' && t.state !== 'open' && t.state !== 'declined' && t.state !== 'deleted'
      ? 'SALE'
      : t.type;
  return { ...rest, ssl_trans_status: STATUS[t.state], ssl_transaction_type: type };
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
});

/** The request's ssl_* fields, or null when it is not one flat `<txn>` with each field once. */
function parseRequestXml(xml: string): Record<string, string> | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const doc = xmlParser.parse(xml) as Record<string, unknown>;
  if (Object.keys(doc).length !== 1 || !('txn' in doc)) return null;
  const txn = doc.txn;
  if (txn === '') return {};
  if (typeof txn !== 'object' || txn === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(txn)) {
    if (typeof v !== 'string' || k === '#text') return null;
    out[k] = v;
  }
  return out;
}

export async function startConvergeFake(
  opts: { credentials?: { merchantId: string; userId: string; pin: string } } = {},
): Promise<FakeConverge> {
  const creds = opts.credentials ?? FAKE_CONVERGE_CREDENTIALS;
  const tokens = new Map<string, FakeConvergeToken>();
  const transactions = new Map<string, FakeConvergeTxn>();
  const xmlRequests: Record<string, string>[] = [];
  let lightboxMode: LightboxMode = 'form';
  let missingRights = new Set<ConvergeRight>();
  let pending: {
    fault: FakeConvergeFault;
    times: number;
    on: 'xml' | 'token' | 'any';
    after?: number;
  } | null = null;

  const credentialsOk = (f: Record<string, string | null | undefined>) =>
    (f.ssl_merchant_id ?? f.ssl_account_id) === creds.merchantId &&
    f.ssl_user_id === creds.userId &&
    f.ssl_pin === creds.pin;

  function record(t: FakeConvergeTxn): FakeConvergeTxn {
    transactions.set(t.txnId, t);
    return t;
  }

  function pay(
    token: string,
    card: { number?: string; expiry?: string; approveCents?: number } = {},
  ) {
    const session = tokens.get(token);
    if (!session || session.used) throw new Error('Unknown or used transaction token');
    if (session.type !== 'ccauthonly' && session.type !== 'ccsale') {
      throw new Error(`The fake Lightbox does not take ${session.type}`);
    }
    session.used = true;
    const number = (card.number ?? CONVERGE_FAKE_CARDS.approve).replace(/\D/g, '');
    const declined =
      number === CONVERGE_FAKE_CARDS.decline
        ? 'DECLINED'
        : number === CONVERGE_FAKE_CARDS.insufficientFunds
          ? 'INSUFFICIENT FUNDS'
          : number.length < 12
            ? 'INVALID CARD'
            : null;
    const t = record({
      txnId: newTxnId(),
      type: session.type === 'ccsale' ? 'SALE' : 'AUTHONLY',
      state: declined ? 'declined' : session.type === 'ccsale' ? 'completed' : 'open',
      resultMessage: declined ?? 'APPROVAL',
      amountCents: Math.min(session.amountCents, card.approveCents ?? session.amountCents),
      tipCents: 0,
      completedCents: session.type === 'ccsale' && !declined ? session.amountCents : 0,
      refundedCents: 0,
      invoice: session.invoice,
      merchantTxnId: session.merchantTxnId,
      cardNumber: `${number.slice(0, 2)}${'*'.repeat(Math.max(0, number.length - 6))}${number.slice(-4)}`,
      brand: brandOf(number),
      expiry: card.expiry ?? '1230',
      avs: number === CONVERGE_FAKE_CARDS.avsMismatch ? 'N' : 'Y',
      cvv: number === CONVERGE_FAKE_CARDS.cvvMismatch ? 'N' : 'M',
      approvalCode: declined ? '' : String(randomInt(100_000, 1_000_000)),
      time: txnTime(),
    });
    return sslOf(t);
  }

  function tokenRequest(body: string): FakeAnswer {
    const form = new URLSearchParams(body);
    if (!credentialsOk(Object.fromEntries(form))) {
      return { status: 403, text: 'Forbidden: invalid credentials' };
    }
    const type = form.get('ssl_transaction_type') ?? '';
    const amountCents = centsOf(form.get('ssl_amount') ?? '');
    if (
      !['ccsale', 'ccauthonly', 'ccverify', 'ccgettoken'].includes(type) ||
      amountCents === null
    ) {
      return { status: 400, text: 'Bad request' };
    }
    const token = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '').slice(0, 16);
    tokens.set(token, {
      type,
      amountCents,
      invoice: form.get('ssl_invoice_number') ?? '',
      merchantTxnId: form.get('ssl_merchant_txn_id') ?? '',
      used: false,
    });
    return { status: 200, text: token, contentType: 'text/plain' };
  }

  function followUp(f: Record<string, string>): FakeAnswer {
    const original = transactions.get(f.ssl_txn_id ?? '');
    const now = new Date();
    const derived = (type: 'DELETE' | 'VOID' | 'RETURN', t: FakeConvergeTxn, amountCents: number) =>
      record({
        ...t,
        txnId: newTxnId(now),
        type,
        state: 'completed',
        resultMessage: 'APPROVAL',
        amountCents,
        tipCents: 0,
        completedCents: 0,
        refundedCents: 0,
        approvalCode: type === 'RETURN' ? String(randomInt(100_000, 1_000_000)) : '',
        time: txnTime(now),
        originalTxnId: t.txnId,
      });
    switch (f.ssl_transaction_type?.toLowerCase()) {
      case 'txnquery': {
        const found = f.ssl_txn_id ? transactions.get(f.ssl_txn_id) : undefined;
        const records = found ? [queryRecordOf(found)] : [];
        return xmlAnswer(
          `<txnlist><ssl_txn_count>${records.length}</ssl_txn_count>${records
            .map((r) => `<txn>${elements(r)}</txn>`)
            .join('')}</txnlist>`,
        );
      }
      case 'cccomplete': {
        if (!original || original.type !== 'AUTHONLY' || original.state !== 'open')
          return wrongTxn();
        const amount = f.ssl_amount !== undefined ? centsOf(f.ssl_amount) : original.amountCents;
        if (amount === null || amount <= 0 || amount > original.amountCents) {
          return errorAnswer(
            '5091',
            'Invalid amount',
            'The amount exceeded the original transaction amount.',
          );
        }
        Object.assign(original, {
          state: 'completed',
          completedCents: amount,
          amountCents: amount,
        });
        return txnAnswer({ ...sslOf(original), ssl_transaction_type: 'FORCE' });
      }
      case 'ccdelete': {
        if (!original || (original.state !== 'open' && original.state !== 'completed'))
          return wrongTxn();
        if (original.type !== 'AUTHONLY' && original.type !== 'SALE') return wrongTxn();
        original.state = 'deleted';
        return txnAnswer(sslOf(derived('DELETE', original, original.amountCents)));
      }
      case 'ccvoid': {
        // Sale / Force / Return in the open batch only: an open auth is deleted, not voided.
        if (!original || original.state !== 'completed') return wrongTxn();
        original.state = 'voided';
        return txnAnswer(sslOf(derived('VOID', original, original.amountCents)));
      }
      case 'ccreturn': {
        if (!original || (original.state !== 'completed' && original.state !== 'settled'))
          return wrongTxn();
        if (original.type !== 'AUTHONLY' && original.type !== 'SALE') return wrongTxn();
        const amount = f.ssl_amount !== undefined ? centsOf(f.ssl_amount) : original.completedCents;
        if (
          amount === null ||
          amount <= 0 ||
          original.refundedCents + amount > original.completedCents
        ) {
          return errorAnswer(
            '5091',
            'Invalid amount',
            'The amount exceeded the original transaction amount. Amount must be equal or lower than the original transaction amount.',
          );
        }
        original.refundedCents += amount;
        return txnAnswer(sslOf(derived('RETURN', original, amount)));
      }
      case 'ccupdatetip': {
        if (!original || (original.state !== 'open' && original.state !== 'completed'))
          return wrongTxn();
        const tip = centsOf(f.ssl_tip_amount);
        if (tip === null)
          return errorAnswer('5091', 'Invalid amount', 'The tip amount is invalid.');
        original.tipCents = tip;
        return txnAnswer({ ...sslOf(original), ssl_tip_amount: dollars(tip) });
      }
      default:
        return errorAnswer(
          '6001',
          'Invalid Transaction Type',
          'The transaction type is not supported.',
        );
    }
  }

  function xmlRequest(body: string): FakeAnswer {
    const xml = new URLSearchParams(body).get('xmldata');
    const f = xml ? parseRequestXml(xml) : null;
    if (!f) return badRequest();
    xmlRequests.push(f);
    if (!credentialsOk(f)) return badCredentials();
    const right = RIGHT_OF[f.ssl_transaction_type?.toLowerCase() ?? ''];
    if (right && missingRights.has(right)) {
      return errorAnswer(
        '4016',
        'Permission Denied',
        'The user does not have permission to process this transaction type (fake).',
      );
    }
    return followUp(f);
  }

  function applyFault(on: 'xml' | 'token', handle: () => FakeAnswer): FakeAnswer {
    const f = pending && (pending.on === 'any' || pending.on === on) ? pending : null;
    if (!f) return handle();
    if (f.after) {
      f.after -= 1;
      return handle();
    }
    f.times -= 1;
    if (f.times <= 0) pending = null;
    if (f.fault.kind === 'status') return { status: f.fault.status, text: 'Internal Server Error' };
    const answer = handle();
    if (f.fault.kind === 'hang') return { ...answer, delayMs: f.fault.ms };
    if (f.fault.kind === 'truncate') return { ...answer, cutOff: true };
    return { status: 200, raw: '<html><body>502 Bad Gateway', contentType: 'text/html' };
  }

  function lightboxPay(body: string): FakeAnswer {
    const form = new URLSearchParams(body);
    try {
      const resp = pay(form.get('ssl_txn_auth_token') ?? '', {
        number: form.get('ssl_card_number') ?? '',
        expiry: form.get('ssl_exp_date') ?? undefined,
      });
      const callback: LightboxCallback = resp.ssl_result === '0' ? 'onApproval' : 'onDeclined';
      return { status: 200, json: { callback, resp }, headers: FORM_HEADERS };
    } catch (err) {
      return {
        status: 200,
        json: { callback: 'onError', error: err instanceof Error ? err.message : String(err) },
        headers: FORM_HEADERS,
      };
    }
  }

  const server = await startFakeServer(async (req) => {
    const path = req.url.pathname;
    if (req.method === 'OPTIONS') {
      return {
        status: 204,
        headers: {
          ...FORM_HEADERS,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
        },
      };
    }
    if (path === '/hosted-payments/transaction_token' && req.method === 'POST') {
      return applyFault('token', () => tokenRequest(req.body));
    }
    if (path === '/hosted-payments/PayWithConverge.js' && req.method === 'GET') {
      return {
        status: 200,
        raw: lightboxScript(lightboxMode),
        contentType: 'text/javascript; charset=utf-8',
        headers: { ...FORM_HEADERS, 'cache-control': 'no-store' },
      };
    }
    if (path === '/hosted-payments/pay' && req.method === 'POST') return lightboxPay(req.body);
    if (
      (path === '/VirtualMerchantDemo/processxml.do' ||
        path === '/VirtualMerchant/processxml.do') &&
      req.method === 'POST'
    ) {
      return applyFault('xml', () => xmlRequest(req.body));
    }
    if (path === '/_fake/transactions' && req.method === 'GET') {
      return { status: 200, json: [...transactions.values()] };
    }
    if (path === '/_fake/knobs' && req.method === 'POST') {
      const knobs = JSON.parse(req.body || '{}') as {
        lightboxMode?: LightboxMode;
        fault?: FakeConvergeFault;
      };
      if (knobs.lightboxMode) lightboxMode = knobs.lightboxMode;
      if (knobs.fault) pending = { fault: knobs.fault, times: 1, on: 'xml' };
      return { status: 204 };
    }
    return { status: 404, text: 'Not found' };
  });

  return Object.assign(server, {
    tokens,
    transactions,
    xmlRequests,
    pay,
    fault(
      fault: FakeConvergeFault,
      o: { times?: number; on?: 'xml' | 'token' | 'any'; after?: number } = {},
    ) {
      pending = { fault, times: o.times ?? 1, on: o.on ?? 'xml', after: o.after ?? 0 };
    },
    setLightboxMode(mode: LightboxMode) {
      lightboxMode = mode;
    },
    setMissingRights(rights: readonly ConvergeRight[]) {
      missingRights = new Set(rights);
    },
    settle(txnId: string) {
      const t = transactions.get(txnId);
      if (t && t.state === 'completed') t.state = 'settled';
    },
  });
}

/**
 * The stub PayWithConverge.js: `PayWithConverge.open({ssl_txn_auth_token}, {onApproval,
 * onDeclined, onCancelled, onError})` shows a small accessible dialog (card number, Pay, Cancel;
 * Escape cancels) and posts the card to the fake's /hosted-payments/pay, found from the script's
 * own address; in the other modes it answers at once without a form.
 */
export function lightboxScript(mode: LightboxMode): string {
  return `(function () {
  'use strict';
  var MODE = ${JSON.stringify(mode)};
  var CARDS = ${JSON.stringify({ approve: CONVERGE_FAKE_CARDS.approve, decline: CONVERGE_FAKE_CARDS.decline })};
  var src = document.currentScript && document.currentScript.src;
  var payUrl = new URL('pay', src || window.location.href).href;
  function call(callbacks, name, arg) {
    var f = callbacks && callbacks[name];
    if (typeof f === 'function') f(arg);
  }
  function post(fields, callbacks, card, done) {
    var body = new URLSearchParams({ ssl_txn_auth_token: String(fields.ssl_txn_auth_token || ''), ssl_card_number: card });
    fetch(payUrl, { method: 'POST', body: body })
      .then(function (r) { return r.json(); })
      .then(function (a) { done(); call(callbacks, a.callback, a.callback === 'onError' ? a.error : a.resp); })
      .catch(function (e) { done(); call(callbacks, 'onError', String(e)); });
  }
  function el(tag, props) {
    var e = document.createElement(tag);
    for (var k in props) if (Object.prototype.hasOwnProperty.call(props, k)) e[k] = props[k];
    return e;
  }
  function open(fields, callbacks) {
    fields = fields || {};
    if (MODE === 'cancel') { setTimeout(function () { call(callbacks, 'onCancelled'); }, 0); return; }
    if (MODE === 'error') { setTimeout(function () { call(callbacks, 'onError', 'Lightbox error (fake knob)'); }, 0); return; }
    if (MODE === 'approve' || MODE === 'decline') { post(fields, callbacks, CARDS[MODE], function () {}); return; }
    var previous = document.activeElement;
    var overlay = el('div', {});
    overlay.setAttribute('data-converge-fake', 'lightbox');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,0.6);display:flex;align-items:center;justify-content:center;z-index:2147483647';
    var dialog = el('div', {});
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'converge-fake-title');
    dialog.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;min-width:300px;font:16px/1.4 sans-serif';
    var title = el('h2', { id: 'converge-fake-title', textContent: 'Pay with Converge (test)' });
    var form = el('form', {});
    var label = el('label', { htmlFor: 'converge-fake-card', textContent: 'Card number' });
    label.style.display = 'block';
    var input = el('input', { id: 'converge-fake-card', name: 'ssl_card_number', type: 'text', required: true, autocomplete: 'cc-number' });
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('aria-describedby', 'converge-fake-hint');
    var hint = el('p', { id: 'converge-fake-hint', textContent: 'Test cards: ' + CARDS.approve + ' approves, ' + CARDS.decline + ' declines.' });
    var status = el('p', {});
    status.setAttribute('role', 'status');
    var pay = el('button', { type: 'submit', textContent: 'Pay' });
    var cancel = el('button', { type: 'button', textContent: 'Cancel' });
    cancel.style.marginLeft = '8px';
    function onKey(e) {
      if (e.key === 'Escape') { e.preventDefault(); close(); call(callbacks, 'onCancelled'); }
    }
    function close() {
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      document.removeEventListener('keydown', onKey, true);
      if (previous && typeof previous.focus === 'function') previous.focus();
    }
    cancel.addEventListener('click', function () { close(); call(callbacks, 'onCancelled'); });
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      pay.disabled = true;
      cancel.disabled = true;
      status.textContent = 'Processing…';
      post(fields, callbacks, input.value.replace(/\\D/g, ''), close);
    });
    document.addEventListener('keydown', onKey, true);
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(hint);
    form.appendChild(status);
    form.appendChild(pay);
    form.appendChild(cancel);
    dialog.appendChild(title);
    dialog.appendChild(form);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    input.focus();
  }
  window.PayWithConverge = { open: open };
})();
`;
}

/** The process entry: the fake on a random port, reached through `--port N` when given. */
async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 0;
  const fake = await startConvergeFake();
  let baseUrl = fake.baseUrl;
  let front: ReturnType<typeof createServer> | null = null;
  if (port > 0) {
    // tests/fakes/http.ts picks a free port itself; a fixed one is a thin pass-through in front.
    const upstream = new URL(fake.baseUrl);
    front = createServer((req, res) => {
      const up = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
          upRes.on('error', () => res.destroy());
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    await new Promise<void>((ok) => front!.listen(port, '127.0.0.1', ok));
    baseUrl = `http://127.0.0.1:${port}`;
  }
  const stop = () => {
    front?.closeAllConnections();
    front?.close();
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(JSON.stringify({ baseUrl }));
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  void main(process.argv.slice(2));
}
