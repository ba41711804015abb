// Reading a createTransactionResponse (docs/protocols/authorizenet.md) into a PaymentResult or one
// of the typed gateway errors. The body starts with a byte order mark [S-AN6] (fetch's UTF-8
// decoding already drops a leading one; it is stripped here again so any text source reads).
// Success is messages.resultCode "Ok" AND transactionResponse.responseCode "1", nothing less.
// Messages put in errors are our own words or the vendor's fixed reason texts: never the text of a
// schema error (E00003 quotes the offending value, which may be the card number).
import { z } from 'zod';
import type { GatewayAnswer } from '../http.js';
import { stripBom } from '../http.js';
import {
  GatewayDeclined,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentResult,
  cardBrandOf,
  maskCardNumber,
} from '../types.js';

/**
 * Authorize.Net refused the request as not matching its schema (E00003): a bug in this adapter,
 * never the diner's doing. Nothing was processed, so it is "unavailable" to the core (fail at
 * once, nothing held); the vendor's text is left out because it quotes the offending value.
 */
export class AuthorizeNetMalformedRequest extends GatewayUnavailable {
  constructor() {
    super(
      'Authorize.Net rejected the request as malformed (E00003): a bug in the Authorize.Net adapter; nothing was processed',
    );
    this.name = 'AuthorizeNetMalformedRequest';
  }
}

const text = z.union([z.string(), z.number()]).transform(String);
/** A repeated element: the JSON translation gives an array (a lone object is accepted too). */
const list = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item.transform((one) => [one])])
    .nullish()
    .transform((v) => v ?? []);

const wireAnswer = z.object({
  transactionResponse: z
    .object({
      responseCode: text.nullish(),
      authCode: text.nullish(),
      avsResultCode: text.nullish(),
      cvvResultCode: text.nullish(),
      transId: text.nullish(),
      accountNumber: text.nullish(),
      accountType: text.nullish(),
      /** Present on a partial approval: the split tender the remainder would go to. */
      splitTenderId: text.nullish(),
      /** transactionResponse/prePaidCard: requested and approved amounts of a partial approval. */
      prePaidCard: z
        .object({ requestedAmount: text.nullish(), approvedAmount: text.nullish() })
        .nullish(),
      messages: list(z.object({ code: text.nullish(), description: text.nullish() })),
      errors: list(z.object({ errorCode: text.nullish(), errorText: text.nullish() })),
    })
    .nullish(),
  messages: z.object({
    resultCode: z.string(),
    message: list(z.object({ code: text.nullish(), text: text.nullish() })),
  }),
});

/** What the request knew, to fill the parts of the result the answer does not carry. */
export interface AnswerContext {
  amountCents: number;
  tipCents: number;
  /** The card as sent (authorize, sale); absent for follow-ups. */
  card?: { number: string; expiry: string };
  /** Last four known to the caller (refund). */
  cardLast4?: string;
}

/** Codes that mean the merchant's API Login ID / Transaction Key are wrong or inactive. */
const CREDENTIAL_CODES = new Set(['E00005', 'E00006', 'E00007', 'E00008']);

/**
 * Reason codes of a decline that name AVS or the card code. UNVERIFIED beyond PROTOCOLS' list
 * (third-party transcriptions of the vendor's reason-code table): 27/127 AVS mismatch, 45 AVS
 * and card code, 44/65 card code mismatch. The result codes decide first.
 */
const AVS_REASONS = new Set(['27', '45', '127']);
const CVV_REASONS = new Set(['44', '65']);

/** accountType → the brand names the rest of Forkful uses (cardBrandOf). */
const BRANDS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MC',
  americanexpress: 'AMEX',
  discover: 'DISCOVER',
  dinersclub: 'DINERS',
  jcb: 'JCB',
};

function brandOf(accountType: string | null | undefined, cardNumber: string | undefined): string {
  const key = (accountType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (key) return BRANDS[key] ?? key.toUpperCase();
  return cardNumber ? cardBrandOf(cardNumber) : 'CARD';
}

const unreadable = () => new GatewayUnknownOutcome('Unreadable answer from Authorize.Net');

/** "12.34" → 1234; null when not a plain dollar amount. */
function centsOfDollars(value: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * The amount an approval actually holds, when the answer says it is less than asked: a partial
 * approval (message 295, a splitTenderId, prePaidCard.approvedAmount below the request) — what an
 * account with partial authorisation switched on answers although we send allowPartialAuth=false.
 * Null when the answer approves the whole amount. An approval that says it is partial without a
 * readable amount counts as 0: nothing is taken for granted.
 */
export function shortfallOf(answer: GatewayAnswer, requestedCents: number): number | null {
  let data: unknown;
  try {
    data = JSON.parse(stripBom(answer.text));
  } catch {
    return null;
  }
  const parsed = wireAnswer.safeParse(data);
  const tr = parsed.success ? parsed.data.transactionResponse : null;
  if (!tr) return null;
  const approvedText = tr.prePaidCard?.approvedAmount;
  const approved = approvedText ? centsOfDollars(approvedText) : null;
  const partial = (tr.splitTenderId ?? '') !== '' || tr.messages.some((m) => m.code === '295');
  if (approved !== null && approved < requestedCents) return approved;
  if (partial) return approved ?? 0;
  return null;
}

/**
 * A duplicate refusal (responseCode 3, reason 11): the same request reached the gateway before
 * and its answer was lost (issue 30). With duplicateWindow passed — we always pass it — the
 * vendor answers with the original's transaction id: that id, or null when the answer names none
 * ("0"). undefined when the answer is not a duplicate refusal.
 */
export function duplicateOriginalOf(answer: GatewayAnswer): string | null | undefined {
  let data: unknown;
  try {
    data = JSON.parse(stripBom(answer.text));
  } catch {
    return undefined;
  }
  const parsed = wireAnswer.safeParse(data);
  const tr = parsed.success ? parsed.data.transactionResponse : null;
  if (!tr || tr.responseCode !== '3' || tr.errors[0]?.errorCode !== '11') return undefined;
  const id = tr.transId ?? '';
  return /^[1-9]\d*$/.test(id) ? id : null;
}

/** Judges one HTTP answer to a createTransactionRequest. */
export function readAnswer(answer: GatewayAnswer, ctx: AnswerContext): PaymentResult {
  if (answer.status >= 500) {
    // The gateway may have processed the transaction before failing: only a look-up can tell.
    throw new GatewayUnknownOutcome(`Authorize.Net answered HTTP ${answer.status}`);
  }
  if (answer.status >= 400) {
    // A 4xx comes before any processing (wrong path, refused request): nothing is held.
    throw new GatewayUnavailable(`Authorize.Net refused the request (HTTP ${answer.status})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(stripBom(answer.text));
  } catch {
    throw unreadable();
  }
  const parsed = wireAnswer.safeParse(data);
  if (!parsed.success) throw unreadable();
  const { messages, transactionResponse: tr } = parsed.data;
  const resultCode = messages.resultCode;
  const apiCode = messages.message[0]?.code ?? '';

  const responseCode = tr?.responseCode ?? '';
  if (!tr || responseCode === '') {
    // No transaction result: the API refused the call before any transaction was attempted.
    if (resultCode === 'Ok') throw unreadable();
    if (CREDENTIAL_CODES.has(apiCode)) {
      throw new GatewayUnavailable(`Authorize.Net credentials were refused (${apiCode})`);
    }
    if (apiCode === 'E00003') throw new AuthorizeNetMalformedRequest();
    // E00001: "an error occurred during processing" — the only API code that may follow work.
    if (apiCode === 'E00001') throw new GatewayUnknownOutcome('Authorize.Net internal error');
    throw new GatewayUnavailable(`Authorize.Net refused the request (${apiCode || 'no code'})`);
  }

  const reason = tr.errors[0];
  const reasonCode = reason?.errorCode ?? responseCode;
  const reasonText = reason?.errorText ?? tr.messages[0]?.description ?? '';
  const avs = tr.avsResultCode || null;
  const cvv = tr.cvvResultCode || null;

  switch (responseCode) {
    case '1':
      if (resultCode !== 'Ok') throw unreadable(); // approved and failed at once: trust neither
      break;
    case '2': {
      const why =
        avs === 'N' || AVS_REASONS.has(reasonCode)
          ? 'avs'
          : cvv === 'N' || CVV_REASONS.has(reasonCode)
            ? 'cvv'
            : 'declined';
      throw new GatewayDeclined(
        reasonText || 'This transaction has been declined.',
        reasonCode,
        why,
      );
    }
    case '3':
      // An error the gateway judged: duplicate (11), refund criteria not met (54), not found…
      throw new GatewayDeclined(
        reasonText || 'Authorize.Net refused the transaction',
        reasonCode,
        'invalid',
      );
    case '4':
      // Held for review by the merchant's fraud filters: money may be held now and captured or
      // released later by a person in the portal. Neither approved nor declined: the core keeps
      // the order awaiting payment and the reconciler flags it for the merchant (recovery 'flag').
      throw new GatewayUnknownOutcome(
        `Authorize.Net holds transaction ${tr.transId ?? '(no id)'} for review: decide it in the Authorize.Net portal`,
      );
    default:
      throw unreadable();
  }

  const transId = tr.transId ?? '';
  if (transId === '') throw unreadable();
  const last4 =
    /(\d{4})$/.exec(tr.accountNumber ?? '')?.[1] ??
    ctx.cardLast4 ??
    ctx.card?.number.slice(-4) ??
    '';
  const cardType = brandOf(tr.accountType, ctx.card?.number);
  const length = ctx.card?.number.length ?? (cardType === 'AMEX' ? 15 : 16);
  return {
    approved: true,
    amountCents: ctx.amountCents,
    tipCents: ctx.tipCents,
    cardNumber: last4 ? maskCardNumber(last4, length) : '',
    cardLast4: last4,
    cardExpiry: ctx.card?.expiry ?? '',
    cardType,
    authCode: tr.authCode ?? '',
    retref: transId,
    avsResult: avs,
    cvvResult: cvv,
    responseCode,
    message: tr.messages[0]?.description ?? 'This transaction has been approved.',
  };
}
