// The CardPointe Gateway adapter (CardConnect / Fiserv; docs/protocols/cardpointe.md,
// docs/decisions/gateway-cardpointe.md). JSON over HTTPS with Basic auth to
// <base>/cardconnect/rest/<op>; every call goes through gatewayExchange, which sorts network
// failures into "certainly not sent" and "maybe processed". The wire details live in wire.ts.
//
// Settings and assumptions (PROTOCOLS marks these UNVERIFIED, so none is built in as a fact):
// - the base URL: `opts.baseUrl` (a deployment override; tests: the local fake) else the
//   vendor's host for the credentials' site and environment [S-CP2][S-CP3];
// - whether inquireByOrderid answers several matches as an object or an array: both accepted;
// - refund with PUT, the legacy ports 6443/8443, the gateway's duplicate window: not used.
import { type GatewayAnswer, gatewayExchange } from '../http.js';
import {
  type AuthorizeRequest,
  type GatewayCapabilities,
  type GatewayEnv,
  GatewayDeclined,
  GatewayUnknownOutcome,
  type InquiryResult,
  type PaymentGateway,
  type PaymentResult,
} from '../types.js';
import {
  type Answer,
  type Known,
  type WireBody,
  answerObject,
  authBody,
  basicAuth,
  credentialsOf,
  declineOf,
  defaultBaseUrl,
  field,
  inquiryOf,
  isNotFound,
  parseWireAmount,
  resultOf,
  respstatOf,
  scrub,
  statusOf,
  toWireAmount,
  wireOrderId,
} from './wire.js';

export interface CardPointeOptions {
  /** Replaces https://<site>[-uat].cardconnect.com (tests: the fake; a deployment override). */
  baseUrl?: string;
  /**
   * Client time-out. The gateway gives the processor 31 s and answers "Timed out" at ~32 s
   * [S-CP4], so the default sits comfortably above that.
   */
  timeoutMs?: number;
}

export const CARDPOINTE_TIMEOUT_MS = 40_000;
/** The vendor recommends sending voidByOrderId up to three times when the outcome is unknown [S-CP1][S-CP4]. */
export const VOID_BY_ORDER_TRIES = 3;
/** voidByOrderId's "Txn Settled" answer: nothing voided (isSettledAnswer). */
const SETTLED = Symbol('Txn Settled');

const CAPABILITIES: GatewayCapabilities = {
  flow: 'auth_capture',
  void: true,
  // CardPointe adds a tip by capturing more than was authorised (MID permitting) [S-CP1][S-CP8].
  tipAdjust: 'capture',
  refund: true,
  recovery: 'inquire',
};

interface Call {
  merchid: string;
  base: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

export function createCardPointeGateway(opts: CardPointeOptions = {}): PaymentGateway {
  const timeoutMs = opts.timeoutMs ?? CARDPOINTE_TIMEOUT_MS;

  function callOf(env: GatewayEnv): Call {
    const creds = credentialsOf(env.credentials);
    return {
      merchid: creds.merchid,
      base: (opts.baseUrl ?? defaultBaseUrl(creds)).replace(/\/+$/, ''),
      headers: {
        authorization: basicAuth(creds),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      timeoutMs,
    };
  }

  function send(call: Call, method: 'GET' | 'POST', op: string, body?: WireBody) {
    return gatewayExchange({
      method,
      url: `${call.base}/cardconnect/rest/${op}`,
      headers: call.headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      timeoutMs: call.timeoutMs,
    });
  }

  /**
   * An answer to a call that changes something, as an approval or the typed error:
   * A → the answer; C → GatewayDeclined; B ("retry": line down, timed out) → unknown outcome.
   * B is not taken as "nothing happened": the vendor calls a retry safe only once
   * inquireByOrderid says "29 Txn not found" [S-CP4], which is the reconciler's job
   * (capabilities.recovery 'inquire').
   */
  function approval(answer: GatewayAnswer, op: string): Answer {
    const a = answerObject(answer, true);
    const stat = respstatOf(a);
    if (stat === 'A') return a;
    if (stat === 'C') throw declineOf(a);
    if (stat === 'B') {
      const said = `${field(a, 'respcode') ?? '?'} ${scrub(field(a, 'resptext') ?? '')}`.trim();
      throw new GatewayUnknownOutcome(`CardPointe asked to retry ${op} (${said})`);
    }
    // The capture answer's schema lists no respstat [S-CP1]: its setlstat tells instead.
    if (stat === undefined && op === 'capture') {
      const status = statusOf(a);
      if (status === 'captured') return a;
      if (status) {
        throw new GatewayDeclined(
          `Capture refused: ${status}`,
          field(a, 'respcode') ?? '',
          'not_allowed',
        );
      }
    }
    throw new GatewayUnknownOutcome('Unreadable answer from CardPointe');
  }

  /**
   * POST voidByOrderId, up to three times while the outcome stays unknown (no answer, 5xx,
   * respstat B) [S-CP4]. Null when nothing approved is held under the order id ("29 Txn not
   * found"; declined attempts are ignored by the gateway [S-CP6]).
   */
  async function voidByOrderId(
    call: Call,
    orderRef: string,
  ): Promise<Answer | typeof SETTLED | null> {
    const body = { merchid: call.merchid, orderid: wireOrderId(orderRef) };
    let last: GatewayUnknownOutcome = new GatewayUnknownOutcome('CardPointe void by order failed');
    for (let attempt = 1; attempt <= VOID_BY_ORDER_TRIES; attempt += 1) {
      try {
        const answer = await send(call, 'POST', 'voidByOrderId', body);
        if (answer.status >= 200 && answer.status < 300) {
          const a = answerObjectOrNull(answer);
          if (a && respstatOf(a) === 'C' && isNotFound(a)) return null;
        }
        const a = approval(answer, 'voidByOrderId');
        // "Txn Settled" voided nothing [S-CP5]: unknown (no retry: it would say the same), so
        // the reconciler's look-up by order id decides.
        if (isSettledAnswer(a)) return SETTLED;
        return a;
      } catch (err) {
        if (!(err instanceof GatewayUnknownOutcome)) throw err;
        last = err;
      }
    }
    throw last;
  }

  /** voidByOrderId, with "Txn Settled" as the unknown outcome it is. */
  async function voidByOrder(call: Call, orderRef: string): Promise<Answer | null> {
    const a = await voidByOrderId(call, orderRef);
    if (a === SETTLED) {
      throw new GatewayUnknownOutcome('CardPointe answered "Txn Settled" to a void by order');
    }
    return a;
  }

  /**
   * POST /void {merchid, retref} [S-CP1]. PPS 26 "Txn Settled" comes with respstat A in the
   * vendor's code table [S-CP5] although nothing was voided: never taken as a void. The
   * transaction is looked up (GET inquire/<retref>/<merchid> [S-CP1]): voided → that answer;
   * otherwise the void is refused (the money settled: a refund is the way back); a failed look-up
   * leaves the outcome unknown.
   */
  async function voidByRetref(call: Call, retref: string): Promise<Answer> {
    const a = approval(await send(call, 'POST', 'void', { merchid: call.merchid, retref }), 'void');
    if (!isSettledAnswer(a)) return a;
    let found: Answer;
    try {
      const path = `inquire/${encodeURIComponent(retref)}/${encodeURIComponent(call.merchid)}`;
      found = answerObject(await send(call, 'GET', path), false);
    } catch {
      throw new GatewayUnknownOutcome(
        'CardPointe answered "Txn Settled" to a void; look-up failed',
      );
    }
    if (statusOf(found) === 'voided') return found;
    throw new GatewayDeclined(
      'The transaction has settled and cannot be voided; refund it instead',
      '26',
      'not_allowed',
    );
  }

  async function charge(env: GatewayEnv, req: AuthorizeRequest, capture: boolean) {
    const call = callOf(env);
    const body = authBody(call.merchid, req, capture);
    let a: Answer;
    try {
      a = approval(await send(call, 'POST', 'auth', body), capture ? 'sale' : 'auth');
    } catch (err) {
      // A duplicate refusal (FNOR 94 "Duplicate tran" [S-CP5]): an earlier copy of this charge
      // reached the gateway and may hold money under our order id. Not a plain decline: the
      // outcome is unknown, and the look-up by order id settles it (issue 30).
      if (
        err instanceof GatewayDeclined &&
        (err.responseCode === '94' || /duplicate/i.test(err.message))
      )
        throw new GatewayUnknownOutcome('CardPointe refused a duplicate of this charge');
      throw err;
    }
    const known: Known = { card: req.card, amountCents: req.amountCents, tipCents: req.tipCents };
    const result = resultOf(a, known);
    const approvedCents = parseWireAmount(a.amount);
    if (req.amountCents > 0 && approvedCents !== null && approvedCents < req.amountCents) {
      // A partial approval (e.g. FNOR 10 / RPCT 002 [S-CP4]) does not pay the order: release it
      // and decline. If the release fails, the reconciler must look at the order.
      try {
        if (result.retref) await voidByRetref(call, result.retref);
        else await voidByOrder(call, req.orderRef);
      } catch {
        throw new GatewayUnknownOutcome('CardPointe partial approval could not be released');
      }
      throw new GatewayDeclined(
        'Partial approval: the card does not cover the full amount',
        result.responseCode,
        'insufficient_funds',
      );
    }
    if (!result.retref) {
      // Nothing could capture or void it: the look-up by order id recovers the reference.
      throw new GatewayUnknownOutcome('CardPointe approved without a transaction reference');
    }
    return result;
  }

  async function capture(
    env: GatewayEnv,
    req: { retref: string; amountCents: number; tipCents: number },
  ): Promise<PaymentResult> {
    const call = callOf(env);
    // The amount may exceed the authorisation by a tip, MID permitting [S-CP1][S-CP8].
    const body = {
      merchid: call.merchid,
      retref: req.retref,
      amount: toWireAmount(req.amountCents),
    };
    const a = approval(await send(call, 'POST', 'capture', body), 'capture');
    return resultOf(a, { amountCents: req.amountCents, tipCents: req.tipCents });
  }

  return {
    provider: 'cardPointe',
    capabilities: CAPABILITIES,
    acceptsVerification(result) {
      if (result.avsResult === 'N') return { ok: false, reason: 'avs' };
      if (result.cvvResult === 'N') return { ok: false, reason: 'cvv' };
      return { ok: true };
    },
    authorize: (env, req) => charge(env, req, false),
    sale: (env, req) => charge(env, req, true),
    capture,
    // CardPointe's tip mechanism: capture the authorisation once with the new total.
    tipAdjust: (env, req) => capture(env, req),
    async void(env, req) {
      const call = callOf(env);
      if (!req.retref) {
        // No reference (the answer was lost): void whatever is held under our order id.
        const a = await voidByOrder(call, req.orderRef);
        if (!a) throw new GatewayDeclined('Txn not found', '29', 'invalid');
        return resultOf(a, { amountCents: 0, tipCents: 0 });
      }
      return resultOf(await voidByRetref(call, req.retref), { amountCents: 0, tipCents: 0 });
    },
    async refund(env, req) {
      const call = callOf(env);
      const body = {
        merchid: call.merchid,
        retref: req.retref,
        amount: toWireAmount(req.amountCents),
      };
      const a = approval(await send(call, 'POST', 'refund', body), 'refund');
      return resultOf(a, { amountCents: req.amountCents, tipCents: 0 });
    },
    async inquireByOrder(env, req): Promise<InquiryResult> {
      const call = callOf(env);
      const orderid = encodeURIComponent(wireOrderId(req.orderRef));
      // set=1 restricts the search to this MID [S-CP1].
      const path = `inquireByOrderid/${orderid}/${encodeURIComponent(call.merchid)}/1`;
      return inquiryOf(await send(call, 'GET', path));
    },
    async voidByOrder(env, req) {
      await voidByOrder(callOf(env), req.orderRef);
    },
  };
}

/** PPS 26 "Txn Settled": listed with respstat A [S-CP5], yet nothing was voided. */
function isSettledAnswer(a: Answer): boolean {
  const proc = (field(a, 'respproc') ?? '').toUpperCase();
  return (
    (proc === 'PPS' && field(a, 'respcode') === '26') ||
    /txn settled/i.test(field(a, 'resptext') ?? '')
  );
}

/** The JSON object of a 2xx answer, or null when it is not one (approval() then says why). */
function answerObjectOrNull(answer: GatewayAnswer): Answer | null {
  try {
    return answerObject(answer, true);
  } catch {
    return null;
  }
}
