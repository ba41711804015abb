// Elavon Converge (provider 'elavon'): the diner types the card into Converge's own Lightbox
// (PayWithConverge.js) in the browser; our server never sees the number.
// docs/protocols/converge.md, docs/decisions/gateway-converge.md.
//
// 1. hosted.createSession: POST /hosted-payments/transaction_token (form) for a ccauthonly of
//    exactly the order's amount, tagged with our order id (ssl_invoice_number and
//    ssl_merchant_txn_id) [S-EV1][S-EV2][S-EV7]; the answer body is the token [S-EV1].
// 2. The browser opens the Lightbox with that token and gets back a flat ssl_* object [S-EV4]
//    [S-EV5][S-EV8] (its shape: lightbox-response.ts) — only its ssl_txn_id is used.
// 3. hosted.confirm: the server looks that transaction up itself (XML API `txnquery`) and takes
//    it only when it is approved, carries our order id and exactly this amount.
// 4. Later: capture = cccomplete [S-EV13], void = ccdelete [S-EV12], refund = ccreturn [S-EV14].
//
// UNVERIFIED, and what this adapter does about it:
// - txnquery (name, ssl_txn_id as the key, the `<txnlist>` answer, fields ssl_trans_status /
//   ssl_transaction_type / ssl_result_message with or without ssl_result): third-party code only.
//   It is behind `opts.confirmation` (default on): the deployment's experimental setting for
//   Converge turns it off, and then createSession and confirm both refuse (GatewayUnavailable),
//   so no diner can pay money we could not confirm. The storefront offers Converge only behind
//   that experimental setting until a demo account has verified the look-up.
// - Token lifetime and content type; the token endpoint's refusal of bad credentials (we treat
//   401/403, an errorCode 4025 body, or any non-token body as GatewayUnavailable).
// - Field lengths: order ids are sent in a 25-character encoding (wire.ts).
// - Duplicate control: none is documented; the hosted flow cannot double-charge from our side
//   (the token is for one payment) and there is no look-up by our reference, so recovery is 'flag'.
// - Whether cccomplete keeps the auth's ssl_txn_id (ActiveMerchant's fixtures suggest it does);
//   we keep the auth's id as the charge's reference either way.
// Left out: tip adjustment (ccupdatetip exists only for Service-segment terminals [S-EV15], and the
// spec offers no tips for elavon), ccvoid (removes a Sale/Force from the open batch [S-EV11]: it
// would apply only to a completed auth voided before settlement, which our flow never does — the
// merchant void is same-day, before the end-of-day capture, so ccdelete of the auth is the void).
import {
  type ConvergeCredentials,
  convergeCredentials,
} from '../../../../contract/payment-credentials.js';
import { type GatewayAnswer, gatewayExchange, stripBom } from '../http.js';
import {
  GatewayDeclined,
  type GatewayEnv,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentGateway,
  type PaymentResult,
  maskCardNumber,
} from '../types.js';
import { CONVERGE_RIGHTS, PROBE_TXN_ID, missingRightMessage, probeShowsRight } from './rights.js';
import { centsOf, convergeRefOf, dollarsOf } from './wire.js';
import {
  type ConvergeAnswer,
  type SslFields,
  buildTxnXml,
  parseConvergeXml,
  xmlApiBody,
} from './xml.js';

export interface ConvergeOptions {
  /** One host for all three paths (tests: the local fake); else the environment's host. */
  baseUrl?: string;
  /** Per HTTP call (default 40 s). */
  timeoutMs?: number;
  /**
   * The server-side confirmation by txnquery (UNVERIFIED). Default true; the deployment's
   * experimental setting for Converge passes false until the look-up is verified, which turns the
   * hosted flow off (createSession and confirm refuse).
   */
  confirmation?: boolean;
}

export const CONVERGE_HOSTS = {
  demo: 'https://api.demo.convergepay.com',
  production: 'https://api.convergepay.com',
} as const;

export const CONVERGE_PATHS = {
  token: '/hosted-payments/transaction_token',
  script: '/hosted-payments/PayWithConverge.js',
  xml: { demo: '/VirtualMerchantDemo/processxml.do', production: '/VirtualMerchant/processxml.do' },
} as const;

type Credentials = ConvergeCredentials;
type Environment = Credentials['environment'];

const FORM = 'application/x-www-form-urlencoded';
const DISABLED =
  'Converge payments are turned off here: the payment confirmation is not verified yet';
const REFUSED = 'Converge credentials were refused';
/** A token is one opaque word: no spaces, markup, quotes or braces (HTML, JSON, "Error…"). */
const TOKEN = /^[^\s<>"'{}]{8,2000}$/;
/** What the browser may name as its transaction: printable, no spaces (escaped regardless). */
const TXN_ID = /^[\x21-\x7e]{1,100}$/;
/** Query statuses of a live transaction: open, pended, settled [third-party; UNVERIFIED]. */
const LIVE_STATUSES = new Set(['OPN', 'PEN', 'STL']);

function credentialsOf(env: GatewayEnv): Credentials {
  if (!env.credentials) throw new GatewayUnavailable('Converge credentials are not set');
  const parsed = convergeCredentials.safeParse(env.credentials);
  if (!parsed.success) throw new GatewayUnavailable('Converge credentials are not set');
  return parsed.data;
}

function refOf(orderRef: string): string {
  const ref = convergeRefOf(orderRef);
  if (!ref)
    throw new GatewayDeclined('Order reference cannot be sent to Converge', 'ref', 'invalid');
  return ref;
}

function brandOf(f: SslFields): string {
  const raw = (f.ssl_card_short_description || f.ssl_card_type || '').toUpperCase().trim();
  if (raw === 'MASTERCARD' || raw === 'MC') return 'MC';
  if (raw === 'DISC' || raw === 'DISCOVER') return 'DISCOVER';
  if (raw === 'AMEX' || raw === 'AMERICAN EXPRESS') return 'AMEX';
  if (raw === 'VISA') return 'VISA';
  if (!raw || raw === 'CREDITCARD') return 'CARD';
  return raw;
}

/** A PaymentResult from an approved record's ssl_* fields. */
export function resultOf(
  f: SslFields,
  fallback: { amountCents: number; tipCents?: number; retref?: string },
): PaymentResult {
  const amountCents = f.ssl_amount ? centsOf(f.ssl_amount) : fallback.amountCents;
  if (amountCents === null) throw new GatewayUnknownOutcome('Unreadable answer from Converge');
  const masked = (f.ssl_card_number ?? '').trim();
  const last4 = /(\d{4})$/.exec(masked)?.[1] ?? '';
  const tip = f.ssl_tip_amount ? centsOf(f.ssl_tip_amount) : null;
  return {
    approved: true,
    amountCents,
    tipCents: tip ?? fallback.tipCents ?? 0,
    cardNumber: last4 ? maskCardNumber(last4, Math.max(masked.length, 4)) : '',
    cardLast4: last4,
    cardExpiry: f.ssl_exp_date ?? '',
    cardType: brandOf(f),
    authCode: f.ssl_approval_code ?? '',
    retref: f.ssl_txn_id || fallback.retref || '',
    avsResult: f.ssl_avs_response || null,
    cvvResult: f.ssl_cvv2_response || null,
    responseCode: f.ssl_result ?? '0',
    message: f.ssl_result_message ?? '',
  };
}

function declinedOf(f: SslFields): GatewayDeclined {
  const message = f.ssl_result_message || 'Declined';
  const reason = /INSUFFICIENT|\bNSF\b/i.test(message) ? 'insufficient_funds' : 'declined';
  return new GatewayDeclined(message, f.ssl_result || 'declined', reason);
}

/** The answer of a money-moving call: approved when ssl_result is "0" [S-EV11][S-EV8]. */
function approvedFields(answer: ConvergeAnswer): SslFields {
  if (answer.kind !== 'txn' || answer.fields.ssl_result === undefined) {
    throw new GatewayUnknownOutcome('Unreadable answer from Converge');
  }
  if (answer.fields.ssl_result !== '0') throw declinedOf(answer.fields);
  return answer.fields;
}

/** The query's record of exactly this transaction, or null when Converge has none. */
function recordOf(answer: ConvergeAnswer, txnId: string): SslFields | null {
  const records =
    answer.kind === 'txnlist' ? answer.txns : answer.kind === 'txn' ? [answer.fields] : [];
  const matching = records.filter((r) => r.ssl_txn_id === txnId);
  if (matching.length > 1) throw new GatewayUnknownOutcome('Ambiguous answer from Converge');
  return matching[0] ?? null;
}

export function createConvergeGateway(opts: ConvergeOptions = {}): PaymentGateway {
  const timeoutMs = opts.timeoutMs ?? 40_000;
  const confirmation = opts.confirmation ?? true;
  const hostOf = (environment: Environment) =>
    (opts.baseUrl ?? CONVERGE_HOSTS[environment]).replace(/\/+$/, '');

  /**
   * One XML API call, its answer parsed: HTTP failures and unreadable answers sorted into the
   * gateway errors, refused credentials (4025 [S-EV10]) as GatewayUnavailable; any other error
   * answer is returned for the caller to judge.
   */
  async function xmlAnswer(
    creds: Credentials,
    fields: readonly (readonly [string, string])[],
  ): Promise<ConvergeAnswer> {
    const xml = buildTxnXml([
      ['ssl_merchant_id', creds.merchantId],
      ['ssl_user_id', creds.userId],
      ['ssl_pin', creds.pin],
      ...fields,
    ]);
    const answer = await gatewayExchange({
      method: 'POST',
      url: `${hostOf(creds.environment)}${CONVERGE_PATHS.xml[creds.environment]}`,
      headers: { 'content-type': FORM, accept: 'application/xml, text/xml' },
      body: xmlApiBody(xml),
      timeoutMs,
    });
    if (answer.status >= 500) {
      throw new GatewayUnknownOutcome(`Converge answered HTTP ${answer.status}`);
    }
    if (answer.status === 401 || answer.status === 403) throw new GatewayUnavailable(REFUSED);
    if (answer.status < 200 || answer.status >= 300) {
      throw new GatewayUnavailable(`Converge refused the request (HTTP ${answer.status})`);
    }
    const parsed = parseConvergeXml(answer.text);
    if (!parsed) throw new GatewayUnknownOutcome('Unreadable answer from Converge');
    // 4025 Invalid Credentials [S-EV10]: nothing was processed, and nothing will be until the
    // merchant fixes them.
    if (parsed.kind === 'error' && parsed.errorCode === '4025') {
      throw new GatewayUnavailable(REFUSED);
    }
    return parsed;
  }

  /** xmlAnswer, with an error answer as a decline (the request was refused, nothing moved). */
  async function xmlCall(
    creds: Credentials,
    fields: readonly (readonly [string, string])[],
  ): Promise<ConvergeAnswer> {
    const parsed = await xmlAnswer(creds, fields);
    if (parsed.kind === 'error') {
      throw new GatewayDeclined(
        parsed.errorMessage || parsed.errorName || 'Converge refused the request',
        parsed.errorCode,
        'invalid',
      );
    }
    return parsed;
  }

  /**
   * ccdelete of an authorisation that is ours but does not pay the order (a partial approval,
   * another amount, not an open auth): the diner's money is released before the order fails
   * [S-EV12]. When the release itself fails the outcome is unknown — never a plain decline that
   * would leave the hold unnoticed.
   */
  async function release(creds: Credentials, txnId: string, why: GatewayDeclined): Promise<never> {
    try {
      approvedFields(
        await xmlCall(creds, [
          ['ssl_transaction_type', 'ccdelete'],
          ['ssl_txn_id', txnId],
        ]),
      );
    } catch {
      throw new GatewayUnknownOutcome(
        `Converge authorisation ${txnId} does not pay the order (${why.message}) and could not be released`,
      );
    }
    throw why;
  }

  /** The authorised amount of a transaction by txnquery; null when it cannot be read. */
  async function authorisedCents(creds: Credentials, txnId: string): Promise<number | null> {
    try {
      const answer = await xmlAnswer(creds, [
        ['ssl_transaction_type', 'txnquery'],
        ['ssl_txn_id', txnId],
      ]);
      const record = answer.kind === 'error' ? null : recordOf(answer, txnId);
      return record?.ssl_amount === undefined ? null : centsOf(record.ssl_amount);
    } catch (err) {
      if (err instanceof GatewayUnavailable && err.message === REFUSED) throw err;
      return null;
    }
  }

  function tokenOf(answer: GatewayAnswer): string {
    const body = stripBom(answer.text).trim();
    if (answer.status === 401 || answer.status === 403) throw new GatewayUnavailable(REFUSED);
    const asXml = body.startsWith('<') ? parseConvergeXml(body) : null;
    if (asXml?.kind === 'error' && asXml.errorCode === '4025') {
      throw new GatewayUnavailable(REFUSED);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new GatewayUnavailable(
        `Converge refused the payment token request (HTTP ${answer.status})`,
      );
    }
    if (!TOKEN.test(body) || /^error/i.test(body)) {
      throw new GatewayUnavailable('Converge did not issue a payment token');
    }
    return body;
  }

  const refuseCards = async (): Promise<never> => {
    throw new GatewayDeclined(
      'Converge takes cards on its own payment page only (the Lightbox); our server never sends a card to it',
      'hosted_only',
      'not_allowed',
    );
  };

  return {
    provider: 'elavon',
    capabilities: {
      flow: 'auth_capture',
      // The dashboard offers neither void nor tips for elavon (spec); the core still voids a
      // charge it cannot place (ccdelete).
      void: true,
      tipAdjust: 'none',
      refund: true,
      recovery: 'flag',
    },
    acceptsVerification(result) {
      if (result.avsResult === 'N') return { ok: false, reason: 'avs' };
      if (result.cvvResult === 'N') return { ok: false, reason: 'cvv' };
      return { ok: true };
    },
    authorize: refuseCards,
    sale: refuseCards,
    async capture(env, req) {
      const creds = credentialsOf(env);
      // A full completion leaves ssl_amount out; a smaller amount completes part; more than the
      // authorisation is not allowed [S-EV13]. The authorised amount is read first (txnquery);
      // when it cannot be read the amount is sent, as a partial completion of that size.
      const authorised = await authorisedCents(creds, req.retref);
      if (authorised !== null && req.amountCents > authorised) {
        throw new GatewayDeclined(
          'Converge cannot complete more than was authorised',
          'amount',
          'not_allowed',
        );
      }
      const answer = await xmlCall(creds, [
        ['ssl_transaction_type', 'cccomplete'],
        ['ssl_txn_id', req.retref],
        ...(authorised === req.amountCents
          ? []
          : ([['ssl_amount', dollarsOf(req.amountCents)]] as const)),
      ]);
      return resultOf(approvedFields(answer), {
        amountCents: req.amountCents,
        tipCents: req.tipCents,
        retref: req.retref,
      });
    },
    async void(env, req) {
      const creds = credentialsOf(env);
      // ccdelete: deletes an Auth Only (or Sale) and attempts the reversal [S-EV12].
      const answer = await xmlCall(creds, [
        ['ssl_transaction_type', 'ccdelete'],
        ['ssl_txn_id', req.retref],
      ]);
      return resultOf(approvedFields(answer), { amountCents: 0, retref: req.retref });
    },
    async tipAdjust() {
      throw new GatewayDeclined(
        'Tip adjustment is not offered for Converge',
        'not_offered',
        'not_allowed',
      );
    },
    async refund(env, req) {
      const creds = credentialsOf(env);
      const answer = await xmlCall(creds, [
        ['ssl_transaction_type', 'ccreturn'],
        ['ssl_txn_id', req.retref],
        ['ssl_amount', dollarsOf(req.amountCents)],
      ]);
      return resultOf(approvedFields(answer), { amountCents: req.amountCents, retref: req.retref });
    },
    async checkCredentials(env) {
      const creds = credentialsOf(env);
      for (const right of CONVERGE_RIGHTS) {
        // Probed on a transaction that cannot exist: no money moves (rights.ts).
        const answer = await xmlAnswer(creds, [
          ['ssl_transaction_type', right.call],
          ['ssl_txn_id', PROBE_TXN_ID],
        ]);
        if (!probeShowsRight(answer)) return { ok: false, message: missingRightMessage(right) };
      }
      return { ok: true };
    },
    hosted: {
      scriptUrl(env) {
        if (opts.baseUrl) return `${hostOf('demo')}${CONVERGE_PATHS.script}`;
        return `${hostOf(credentialsOf(env).environment)}${CONVERGE_PATHS.script}`;
      },
      async createSession(env, req) {
        if (!confirmation) throw new GatewayUnavailable(DISABLED);
        const creds = credentialsOf(env);
        if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) {
          throw new GatewayDeclined('Converge needs an amount above zero', 'amount', 'invalid');
        }
        const ref = refOf(req.orderRef);
        const body = new URLSearchParams([
          ['ssl_merchant_id', creds.merchantId],
          ['ssl_user_id', creds.userId],
          ['ssl_pin', creds.pin],
          ['ssl_transaction_type', 'ccauthonly'],
          ['ssl_amount', dollarsOf(req.amountCents)],
          ['ssl_invoice_number', ref],
          ['ssl_merchant_txn_id', ref],
        ]).toString();
        let answer: GatewayAnswer;
        try {
          answer = await gatewayExchange({
            method: 'POST',
            url: `${hostOf(creds.environment)}${CONVERGE_PATHS.token}`,
            headers: { 'content-type': FORM, accept: 'text/plain, */*' },
            body,
            timeoutMs,
          });
        } catch (err) {
          // A token moves no money: whatever happened, nothing can be held.
          if (err instanceof GatewayUnknownOutcome) {
            throw new GatewayUnavailable('Converge did not answer the payment token request');
          }
          throw err;
        }
        return { token: tokenOf(answer) };
      },
      async confirm(env, req) {
        if (!confirmation) throw new GatewayUnavailable(DISABLED);
        const creds = credentialsOf(env);
        const ref = refOf(req.orderRef);
        const txnId = req.transactionId.trim();
        if (!TXN_ID.test(txnId)) {
          throw new GatewayDeclined('Not a Converge transaction id', 'txn_id', 'invalid');
        }
        // UNVERIFIED call (see the head of this file): a look-up by Converge's transaction id.
        const answer = await xmlAnswer(creds, [
          ['ssl_transaction_type', 'txnquery'],
          ['ssl_txn_id', txnId],
        ]);
        if (answer.kind === 'error') {
          // The look-up was refused (an API user without "Batches - View" gets this): the payment
          // can be neither confirmed nor declined. Not a decline — that would fail the order and
          // leave the diner's authorisation held unseen; the order keeps waiting and the
          // reconciler flags it. The save-time check (rights.ts) keeps this from happening.
          throw new GatewayUnavailable(
            `Converge refused the payment look-up (${answer.errorCode}); the API user needs the "Batches - View" right`,
          );
        }
        const record = recordOf(answer, txnId);
        if (!record)
          throw new GatewayDeclined('Converge has no such transaction', 'not_found', 'invalid');
        const approved =
          record.ssl_result !== undefined
            ? record.ssl_result === '0'
            : /^APPROV/i.test(record.ssl_result_message ?? '');
        if (!approved) throw declinedOf(record);
        // Only our own order's transaction is ever released: one the browser names that carries
        // another reference is not ours to touch.
        const refs = [record.ssl_invoice_number, record.ssl_merchant_txn_id].filter(
          (v): v is string => v !== undefined && v !== '',
        );
        if (refs.length === 0 || refs.some((v) => v !== ref)) {
          throw new GatewayDeclined(
            'The Converge transaction is for another order',
            'order',
            'invalid',
          );
        }
        const status = (record.ssl_trans_status ?? '').toUpperCase();
        if (status && !LIVE_STATUSES.has(status)) {
          // Deleted, voided…: nothing is held any more.
          throw new GatewayDeclined(`Converge transaction status ${status}`, status, 'declined');
        }
        const type = (record.ssl_transaction_type ?? '').toUpperCase().replace(/[^A-Z]/g, '');
        if (type && type !== 'AUTHONLY' && type !== 'CCAUTHONLY') {
          return release(
            creds,
            txnId,
            new GatewayDeclined(
              'The Converge transaction is not an authorisation',
              type,
              'invalid',
            ),
          );
        }
        const cents = record.ssl_amount === undefined ? null : centsOf(record.ssl_amount);
        if (cents !== req.amountCents) {
          // A partial approval or another amount: it does not pay this order.
          return release(
            creds,
            txnId,
            cents !== null && cents < req.amountCents
              ? new GatewayDeclined(
                  'Partial approval: the card does not cover the full amount',
                  'amount',
                  'insufficient_funds',
                )
              : new GatewayDeclined(
                  'The Converge transaction is for another amount',
                  'amount',
                  'invalid',
                ),
          );
        }
        return resultOf(record, { amountCents: req.amountCents, retref: txnId });
      },
    },
  };
}
