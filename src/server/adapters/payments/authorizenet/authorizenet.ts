// The Authorize.Net gateway: createTransactionRequest over JSON (docs/protocols/authorizenet.md;
// docs/decisions/gateway-authorizenet.md). One endpoint, credentials in the body, elements in
// the XML schema's order (request.ts), a BOM before every answer (response.ts).
//
// Verified facts drive the code; the UNVERIFIED ones are settled as follows:
// - capture above the authorised amount (tips): not relied on. The adapter cannot know the
//   authorised amount and sends what it is given; the core never asks for more (tipAdjust
//   'none', so the end-of-day capture is the authorised total).
// - refund naming the card "XXXX" + its last four and the expiry "XXXX" (the schema's masked
//   form): used, with the last four passed in by the caller (see `refund` below).
// - partial authorisation, which a merchant may switch on account-wide: allowPartialAuth=false
//   on every charge, and an approval for less than asked is voided and declined (charge below).
// - look-up of a transaction by our reference: not researched, so no inquireByOrder and
//   recovery is 'flag'.
// - reason codes beyond 2/11/54 (AVS/CVV declines): only refine a decline's reason.
// - held for review (responseCode 4): unknown outcome, for a person to decide in the portal.
import { authorizeNetCredentials } from '../../../../contract/payment-credentials.js';
import { type GatewayAnswer, gatewayExchange } from '../http.js';
import {
  type AuthorizeRequest,
  type GatewayCapabilities,
  GatewayDeclined,
  type GatewayEnv,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentGateway,
  type PaymentResult,
} from '../types.js';
import {
  type ApiLogin,
  type ChargeType,
  captureRequest,
  cardNumberRefusal,
  chargeRequest,
  refundRequest,
  voidRequest,
} from './request.js';
import { type AnswerContext, duplicateOriginalOf, readAnswer, shortfallOf } from './response.js';

/** [S-AN1][S-AN2]; the official Node SDK's production host is api2.authorize.net, same API. */
export const AUTHORIZE_NET_HOSTS = {
  sandbox: 'https://apitest.authorize.net',
  production: 'https://api.authorize.net',
} as const;
export const AUTHORIZE_NET_PATH = '/xml/v1/request.api';

/** The API endpoint: the vendor's host for the environment, or the configured base URL. */
export function endpointOf(
  environment: keyof typeof AUTHORIZE_NET_HOSTS,
  baseUrl?: string,
): string {
  const base = (baseUrl ?? AUTHORIZE_NET_HOSTS[environment]).replace(/\/+$/, '');
  return `${base}${AUTHORIZE_NET_PATH}`;
}

export const AUTHORIZE_NET_CAPABILITIES: GatewayCapabilities = {
  flow: 'auth_capture',
  void: true,
  tipAdjust: 'none',
  refund: true,
  recovery: 'flag',
};

export interface AuthorizeNetOptions {
  /** Replaces the vendor host (tests: the local fake); else chosen by the credentials' environment. */
  baseUrl?: string;
  /**
   * Client time-out per call: 40 s, below the official SDK's 120 s on purpose — a diner is
   * waiting and a slot is held; an answer that comes later is the reconciler's (recovery
   * 'flag'). docs/decisions/payment-gateways.md "Time-outs".
   */
  timeoutMs?: number;
}

export function createAuthorizeNetGateway(opts: AuthorizeNetOptions = {}): PaymentGateway {
  const timeoutMs = opts.timeoutMs ?? 40_000;

  function loginOf(env: GatewayEnv): ApiLogin & { url: string } {
    const parsed = authorizeNetCredentials.safeParse(env.credentials ?? undefined);
    if (!env.credentials || !parsed.success) {
      throw new GatewayUnavailable('Authorize.Net credentials are not set');
    }
    const { apiLoginId, transactionKey, environment } = parsed.data;
    return { apiLoginId, transactionKey, url: endpointOf(environment, opts.baseUrl) };
  }

  function exchange(url: string, body: unknown): Promise<GatewayAnswer> {
    return gatewayExchange({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs,
    });
  }

  async function send(url: string, body: unknown, ctx: AnswerContext): Promise<PaymentResult> {
    return readAnswer(await exchange(url, body), ctx);
  }

  async function charge(env: GatewayEnv, req: AuthorizeRequest, type: ChargeType) {
    const login = loginOf(env);
    // Refused before the call: the schema's cardNumber holds 16 characters (request.ts LIMITS).
    const refusal = cardNumberRefusal(req.card.number);
    if (refusal) throw new GatewayDeclined(refusal, 'card_length', 'invalid');
    const answer = await exchange(login.url, chargeRequest(login, type, req));
    let result: PaymentResult;
    try {
      result = readAnswer(answer, {
        amountCents: req.amountCents,
        tipCents: req.tipCents,
        card: { number: req.card.number, expiry: req.card.expiry },
      });
    } catch (err) {
      const original = duplicateOriginalOf(answer);
      if (original === undefined) throw err;
      // A duplicate: an earlier copy of this very charge (our order's invoice number) was
      // processed and its answer lost. This order will not be paid by this call, so whatever
      // the original holds is released; without its id nothing can say whether money is held.
      if (original === null) {
        throw new GatewayUnknownOutcome(
          'Authorize.Net refused a duplicate without naming the original: money may be held',
        );
      }
      try {
        await send(login.url, voidRequest(login, { retref: original, orderRef: req.orderRef }), {
          amountCents: 0,
          tipCents: 0,
        });
      } catch {
        throw new GatewayUnknownOutcome(
          `Authorize.Net duplicate: the original ${original} could not be released`,
        );
      }
      throw err;
    }
    const approvedCents = shortfallOf(answer, req.amountCents);
    if (req.amountCents > 0 && approvedCents !== null) {
      // Approved for less than the order: it does not pay the order. Release it and decline;
      // if the release fails the outcome is unknown (the reconciler voids it by its id).
      try {
        await send(
          login.url,
          voidRequest(login, { retref: result.retref, orderRef: req.orderRef }),
          {
            amountCents: 0,
            tipCents: 0,
          },
        );
      } catch {
        throw new GatewayUnknownOutcome(
          `Authorize.Net partial approval ${result.retref} could not be released`,
        );
      }
      throw new GatewayDeclined(
        'Partial approval: the card does not cover the full amount',
        result.responseCode,
        'insufficient_funds',
      );
    }
    return result;
  }

  return {
    provider: 'authorizeNet',
    capabilities: AUTHORIZE_NET_CAPABILITIES,
    acceptsVerification(result) {
      if (result.avsResult === 'N') return { ok: false, reason: 'avs' };
      if (result.cvvResult === 'N') return { ok: false, reason: 'cvv' };
      return { ok: true };
    },
    authorize: (env, req) => charge(env, req, 'authOnlyTransaction'),
    sale: (env, req) => charge(env, req, 'authCaptureTransaction'),
    async capture(env, req) {
      const login = loginOf(env);
      return send(login.url, captureRequest(login, req), {
        amountCents: req.amountCents,
        tipCents: req.tipCents,
      });
    },
    async void(env, req) {
      const login = loginOf(env);
      // The answer carries no amount: 0 here, the core records the charge's own amount.
      return send(login.url, voidRequest(login, req), { amountCents: 0, tipCents: 0 });
    },
    async tipAdjust() {
      throw new GatewayDeclined(
        'Authorize.Net does not adjust tips',
        'not_supported',
        'not_allowed',
      );
    },
    /**
     * A refund names the card (last four digits); the interface passes only retref and amount,
     * so `cardLast4` is an extra, optional field: without it nothing is sent.
     */
    async refund(env, req: { retref: string; amountCents: number; cardLast4?: string }) {
      const login = loginOf(env);
      const cardLast4 = req.cardLast4?.trim() ?? '';
      if (!/^\d{4}$/.test(cardLast4)) {
        throw new GatewayDeclined(
          "An Authorize.Net refund needs the card's last four digits",
          'missing_card',
          'invalid',
        );
      }
      return send(login.url, refundRequest(login, { ...req, cardLast4 }), {
        amountCents: req.amountCents,
        tipCents: 0,
        cardLast4,
      });
    },
  };
}
