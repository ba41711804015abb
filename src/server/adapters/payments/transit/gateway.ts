// The TSYS TransIT adapter: one client, two providers (docs/decisions/gateway-transit.md).
//   tsys:  Auth at placement, Capture {transactionID, transactionAmount, tip}, Void, Return;
//          no tip adjustment (spec T4.63); standard verification (refuse AVS N / CVV N).
//   tsys2: Sale at placement, approved only with A0000 (spec C7.78); strict verification (AVS Y,
//          CVV M or P, C7.79–C7.80: the payments core voids the sale otherwise); TipAdjustment
//          {transactionID, tip}; Void; Return (A0014 "Return requested, Void successful" is a
//          success [S-TS3][S-TS5]).
// Verified by several client implementations (docs/protocols/transit.md): endpoint, one root key
// per operation, deviceID/transactionKey/developerID in the body, minor-unit amount strings,
// PASS/FAIL with codes starting "A" for success, A0014. UNVERIFIED, hence settings or left out:
//   - expirationDate format → `expiryFormat` (default MMYY; the spec's "YYMM" for tsys, C7.63, is
//     the browser-side field of the original's route, not the TransIT wire);
//   - whether `tip` is added to `transactionAmount` or part of it → `tipModel` (default
//     'included' since issue 30: Global Payments' official Java SDK, TransitConnector, sends
//     transactionAmount including the tip with `tip` beside it [S-TS5]; 'added' was the reading
//     of TipAdjustment's answer [S-TS6][S-TS8]); an approval whose processed or total amount
//     differs from the order's is voided and declined, so a wrong setting declines rather than
//     charging a wrong amount;
//   - partial approval: the SDK and other clients read `processedAmount` [S-TS1][S-TS5]; every
//     amount the answer gives (processedAmount, totalAmount) must equal the order's, else the
//     charge is voided and declined;
//   - which card-not-present terminal descriptors are mandatory → `terminal` (defaults: the
//     e-commerce values of [S-TS5]; only cardDataSource INTERNET is proven sufficient, by the
//     stage transcript of [S-TS3]);
//   - the duplicate-check window → the check stays on; `skipDuplicateCheck` bypasses it [S-TS5];
//   - the code for refused credentials → recognised by message plus `credentialFailureCodes`;
//   - look-up by our reference → not built: recovery is 'flag' (orderRef goes in orderNumber and
//     externalReferenceID so the merchant finds the charge in the TransIT portal);
//   - TransactionAdjustment → not built (TRANSIT_TRANSACTION_ADJUSTMENT).
import {
  type TransitCredentials,
  transitCredentials,
} from '../../../../contract/payment-credentials.js';
import {
  type AuthorizeRequest,
  type CardInput,
  type GatewayCapabilities,
  GatewayDeclined,
  type GatewayEnv,
  GatewayUnavailable,
  GatewayUnknownOutcome,
  type PaymentGateway,
  type PaymentResult,
  cardBrandOf,
  maskCardNumber,
} from '../types.js';
import {
  TRANSIT_DEFAULT_TIMEOUT_MS,
  type TransitAnswer,
  type TransitExpiryFormat,
  type TransitFields,
  type TransitOperation,
  declineReasonOf,
  expiryFromAnswer,
  formatExpiry,
  fromMinorUnits,
  refusesCredentials,
  scrubMessage,
  textOf,
  toMinorUnits,
  transitCall,
  transitEndpoint,
} from './wire.js';

export type TransitProvider = 'tsys' | 'tsys2';

/**
 * Card-not-present terminal descriptors (values from [S-TS4][S-TS5]; the e-commerce set the Global
 * Payments SDKs send by default). Which are mandatory for an e-commerce MID is UNVERIFIED: each
 * may be replaced, or dropped with null, per client.
 */
export const TRANSIT_ECOMMERCE_TERMINAL = {
  cardPresentDetail: 'CARD_NOT_PRESENT',
  cardholderPresentDetail: 'CARDHOLDER_NOT_PRESENT_ELECTRONIC_COMMERCE',
  cardDataInputMode:
    'ELECTRONIC_COMMERCE_NO_SECURITY_CHANNEL_ENCRYPTED_SET_WITHOUT_CARDHOLDER_CERTIFICATE',
  cardholderAuthenticationMethod: 'NOT_AUTHENTICATED',
  terminalCapability: 'KEYED_ENTRY_ONLY',
  terminalOperatingEnvironment: 'OFF_MERCHANT_PREMISES_UNATTENDED',
} as const;
export type TransitTerminalField = keyof typeof TRANSIT_ECOMMERCE_TERMINAL;

export interface TransitGatewayOptions {
  provider: TransitProvider;
  /** Overrides the credentials' stage/production host (tests: the local fake). */
  baseUrl?: string;
  /** Client time-out per call (default 40 s). */
  timeoutMs?: number;
  /** The wire's expirationDate format (UNVERIFIED; default MMYY). */
  expiryFormat?: TransitExpiryFormat;
  /** 'included' (default): transactionAmount includes the tip [S-TS5]; 'added': on top (UNVERIFIED). */
  tipModel?: 'added' | 'included';
  /** Replace (string) or drop (null) card-not-present descriptors. */
  terminal?: Partial<Record<TransitTerminalField, string | null>>;
  /** Send skipDuplicateCheck "Y" on charges (default off: the gateway's duplicate check stays). */
  skipDuplicateCheck?: boolean;
  /** Response codes that mean "credentials refused" besides the message check (UNVERIFIED). */
  credentialFailureCodes?: readonly string[];
}

export const TSYS_CAPABILITIES: GatewayCapabilities = {
  flow: 'auth_capture',
  void: true,
  tipAdjust: 'none',
  refund: true,
  recovery: 'flag',
};
export const TSYS2_CAPABILITIES: GatewayCapabilities = {
  flow: 'sale',
  void: true,
  tipAdjust: 'adjust',
  refund: true,
  recovery: 'flag',
};

/**
 * The spec's tsys2 `transactionAdjustment` route (C7.75) has no documented TransIT operation
 * (docs/protocols/transit.md: UNVERIFIED): it is not built, and the route answers "not supported".
 */
export const TRANSIT_TRANSACTION_ADJUSTMENT = {
  supported: false,
  reason: 'TransIT has no documented TransactionAdjustment operation; it is not supported.',
} as const;

/**
 * An operation the provider does not offer (tsys tip adjustment, tsys2 capture): a programming
 * error of the caller, which checks `capabilities` first. Nothing is sent.
 */
export class TransitNotSupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransitNotSupported';
  }
}

/** TransIT's single-letter card types: V is seen [S-TS3]; the others are UNVERIFIED. */
const CARD_TYPES: Record<string, string> = { V: 'VISA', M: 'MC', X: 'AMEX', R: 'DISCOVER' };

function credentialsOf(env: GatewayEnv): TransitCredentials {
  if (!env.credentials) throw new GatewayUnavailable('TransIT credentials are not set');
  const parsed = transitCredentials.safeParse(env.credentials);
  if (!parsed.success) throw new GatewayUnavailable('TransIT credentials are not valid');
  return parsed.data;
}

interface Known {
  amountCents: number;
  tipCents: number;
  card?: CardInput;
}

export function createTransitGateway(opts: TransitGatewayOptions): PaymentGateway {
  const provider = opts.provider;
  const strict = provider === 'tsys2';
  const timeoutMs = opts.timeoutMs ?? TRANSIT_DEFAULT_TIMEOUT_MS;
  const expiryFormat = opts.expiryFormat ?? 'MMYY';
  const tipAdded = (opts.tipModel ?? 'included') === 'added';
  const credentialCodes = opts.credentialFailureCodes ?? [];
  const terminal: TransitFields = {};
  for (const [key, value] of Object.entries({ ...TRANSIT_ECOMMERCE_TERMINAL, ...opts.terminal })) {
    if (typeof value === 'string') terminal[key] = value;
  }

  /** Sends an operation with the credentials; a FAIL throws (declined or credentials refused). */
  async function send(
    env: GatewayEnv,
    op: TransitOperation,
    fields: TransitFields,
    secrets: readonly string[] = [],
  ): Promise<TransitAnswer> {
    const creds = credentialsOf(env);
    const body: TransitFields = {
      deviceID: creds.deviceId,
      transactionKey: creds.transactionKey,
      ...(creds.developerId ? { developerID: creds.developerId } : {}),
      ...fields,
    };
    const answer = await transitCall(op, body, {
      url: transitEndpoint(creds.environment, opts.baseUrl),
      timeoutMs,
      moneyMoving: true,
    });
    if (answer.status === 'PASS') return answer;
    if (refusesCredentials(answer, credentialCodes)) {
      throw new GatewayUnavailable('TransIT credentials were refused');
    }
    const message = scrubMessage(answer.responseMessage || 'Declined', [
      creds.transactionKey,
      ...secrets,
    ]);
    throw new GatewayDeclined(
      message,
      answer.responseCode,
      declineReasonOf(answer.responseMessage, textOf(answer.fields.hostResponseCode)),
    );
  }

  /**
   * A PASS whose code is not an approval (e.g. "B…"). tsys2 approves a charge only on A0000
   * (spec C7.78, M8.51): its Sale and its zero-amount card check (an Auth), where the gateway also
   * answers A0002.
   */
  const approvedCode = (code: string, op: TransitOperation) =>
    strict && (op === 'Sale' || op === 'Auth') ? code === 'A0000' : code.startsWith('A');

  /**
   * Every amount a charge's answer states, as the order's total would read: processedAmount (the
   * SDK's reading [S-TS5]; plus the tip when it is added on top) and totalAmount.
   */
  function statedTotals(answer: TransitAnswer): number[] {
    const f = answer.fields;
    const out: number[] = [];
    const processed = fromMinorUnits(f.processedAmount);
    if (processed !== undefined)
      out.push(processed + (tipAdded ? (fromMinorUnits(f.tip) ?? 0) : 0));
    const total = fromMinorUnits(f.totalAmount);
    if (total !== undefined) out.push(total);
    return out;
  }

  function resultOf(
    answer: TransitAnswer,
    known: Known,
    amountKeys: readonly string[],
  ): PaymentResult {
    const f = answer.fields;
    const tipCents = fromMinorUnits(f.tip) ?? known.tipCents;
    let amountCents: number | undefined;
    for (const key of amountKeys) {
      amountCents = fromMinorUnits(f[key]);
      if (amountCents !== undefined) {
        // transactionAmount/processedAmount exclude the tip when it is added on top.
        if (tipAdded && (key === 'transactionAmount' || key === 'processedAmount')) {
          amountCents += fromMinorUnits(f.tip) ?? 0;
        }
        break;
      }
    }
    const masked = (textOf(f.maskedCardNumber) ?? '').replace(/\D/g, '');
    const last4 = masked.slice(-4) || (known.card ? known.card.number.slice(-4) : '');
    const code = textOf(f.cardType);
    return {
      approved: true,
      amountCents: amountCents ?? known.amountCents,
      tipCents,
      cardNumber: last4 ? maskCardNumber(last4, known.card?.number.length ?? 16) : '',
      cardLast4: last4,
      cardExpiry: known.card?.expiry ?? expiryFromAnswer(f.expirationDate),
      cardType:
        (code ? CARD_TYPES[code] : undefined) ??
        (known.card ? cardBrandOf(known.card.number) : (code ?? '')),
      authCode: textOf(f.authCode) ?? '',
      retref: textOf(f.transactionID) ?? '',
      avsResult: textOf(f.addressVerificationCode) ?? null,
      cvvResult: textOf(f.cvvVerificationCode) ?? null,
      responseCode: answer.responseCode,
      message: answer.responseMessage,
    };
  }

  /**
   * The gateway approved a charge we do not accept (wrong code for tsys2, partial or different
   * total): void it and decline. When the void does not go through the money may be held: an
   * unknown outcome, which fails and flags the order (recovery 'flag').
   */
  async function refuse(env: GatewayEnv, answer: TransitAnswer, why: string): Promise<never> {
    const id = textOf(answer.fields.transactionID);
    if (!id) throw new GatewayUnknownOutcome(`TransIT approved a charge we refuse (${why})`);
    try {
      await send(env, 'Void', { transactionID: id });
    } catch {
      throw new GatewayUnknownOutcome(
        `TransIT approved a charge we refuse (${why}) and voiding it failed`,
      );
    }
    throw new GatewayDeclined(
      `Not approved: ${why} (${answer.responseCode || 'no code'})`,
      answer.responseCode,
      'declined',
    );
  }

  async function charge(
    env: GatewayEnv,
    op: 'Auth' | 'Sale',
    req: AuthorizeRequest,
  ): Promise<PaymentResult> {
    const { card } = req;
    const tip = Math.min(Math.max(req.tipCents, 0), req.amountCents);
    const fields: TransitFields = {
      cardDataSource: 'INTERNET', // [S-TS1][S-TS3][S-TS4][S-TS5]
      transactionAmount: toMinorUnits(tipAdded ? req.amountCents - tip : req.amountCents),
      ...(tip > 0 ? { tip: toMinorUnits(tip) } : {}),
      cardNumber: card.number,
      expirationDate: formatExpiry(card.expiry, expiryFormat),
      ...(card.cvv.trim() ? { cvv2: card.cvv.trim() } : {}),
      ...(card.name?.trim() ? { cardHolderName: card.name.trim() } : {}),
      ...(card.billingStreet.trim() ? { addressLine1: card.billingStreet.trim() } : {}),
      ...(card.billingZip.trim() ? { zip: card.billingZip.trim() } : {}),
      // No look-up by our reference is known (UNVERIFIED): these let the merchant find it.
      orderNumber: req.orderRef,
      externalReferenceID: req.orderRef,
      ...terminal,
      ...(opts.skipDuplicateCheck ? { skipDuplicateCheck: 'Y' } : {}),
    };
    let answer: TransitAnswer;
    try {
      answer = await send(env, op, fields, [card.number, card.cvv]);
    } catch (err) {
      // F9910 "Duplicate Transaction." [S-TS5]: an earlier copy of this charge (same card,
      // amount and our order number) went through and its answer was lost; its id is not in
      // this answer. Money may be held: an unknown outcome, never a plain decline (issue 30).
      if (err instanceof GatewayDeclined && err.responseCode === 'F9910')
        throw new GatewayUnknownOutcome('TransIT refused a duplicate of this charge');
      throw err;
    }
    if (!approvedCode(answer.responseCode, op)) {
      return refuse(env, answer, `response code ${answer.responseCode || 'missing'}`);
    }
    const result = resultOf(answer, { amountCents: req.amountCents, tipCents: tip, card }, [
      'processedAmount',
      'totalAmount',
      'transactionAmount',
    ]);
    if (
      result.amountCents !== req.amountCents ||
      statedTotals(answer).some((cents) => cents !== req.amountCents)
    ) {
      return refuse(env, answer, 'approved amount differs from the order total');
    }
    return result;
  }

  /** Capture, Void, Return, TipAdjustment: a PASS with an "A" code (A0014 included). */
  async function followUp(
    env: GatewayEnv,
    op: TransitOperation,
    fields: TransitFields,
    known: Known,
    amountKeys: readonly string[],
  ): Promise<PaymentResult> {
    const answer = await send(env, op, fields);
    if (!answer.responseCode.startsWith('A')) {
      throw new GatewayDeclined(
        scrubMessage(answer.responseMessage || 'Not approved'),
        answer.responseCode,
        'declined',
      );
    }
    return resultOf(answer, known, amountKeys);
  }

  return {
    provider,
    capabilities: strict ? TSYS2_CAPABILITIES : TSYS_CAPABILITIES,
    acceptsVerification(result) {
      if (strict) {
        if (result.avsResult !== 'Y') return { ok: false, reason: 'avs' };
        if (result.cvvResult !== 'M' && result.cvvResult !== 'P') {
          return { ok: false, reason: 'cvv' };
        }
        return { ok: true };
      }
      if (result.avsResult === 'N') return { ok: false, reason: 'avs' };
      if (result.cvvResult === 'N') return { ok: false, reason: 'cvv' };
      return { ok: true };
    },
    authorize: (env, req) => charge(env, 'Auth', req),
    sale: (env, req) => charge(env, 'Sale', req),
    async capture(env, req) {
      if (strict) {
        throw new TransitNotSupported('tsys2 charges by Sale: there is nothing to capture');
      }
      const tip = Math.min(Math.max(req.tipCents, 0), req.amountCents);
      return followUp(
        env,
        'Capture',
        {
          transactionID: req.retref,
          transactionAmount: toMinorUnits(tipAdded ? req.amountCents - tip : req.amountCents),
          tip: toMinorUnits(tip),
        },
        { amountCents: req.amountCents, tipCents: tip },
        ['totalAmount', 'transactionAmount'],
      );
    },
    void: (env, req) =>
      followUp(env, 'Void', { transactionID: req.retref }, { amountCents: 0, tipCents: 0 }, [
        'voidedAmount',
        'totalAmount',
        'transactionAmount',
      ]),
    async tipAdjust(env, req) {
      if (!strict) {
        throw new TransitNotSupported('tsys does not support tip adjustment (spec T4.63)');
      }
      return followUp(
        env,
        'TipAdjustment',
        { transactionID: req.retref, tip: toMinorUnits(req.tipCents) },
        { amountCents: req.amountCents, tipCents: req.tipCents },
        ['totalAmount'],
      );
    },
    refund: (env, req) =>
      followUp(
        env,
        'Return',
        { transactionID: req.retref, transactionAmount: toMinorUnits(req.amountCents) },
        { amountCents: req.amountCents, tipCents: 0 },
        ['returnedAmount', 'transactionAmount'],
      ),
  };
}
