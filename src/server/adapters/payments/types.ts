// The one interface every payment gateway adapter implements (sandbox today; CardPointe,
// TransIT, Authorize.Net and Converge in a later wave). Amounts are integer cents here; each
// adapter converts to its vendor's unit at the edge (docs/protocols/payments.md).
import { ECOMM_PROVIDERS, type EcommProvider } from '../../../domain/settings/schemas.js';
import type { Db } from '../../db/client.js';

/** The providers a merchant may be set to (spec ecomm_provider, plus our offline sandbox). */
export const PROVIDERS = ECOMM_PROVIDERS;
export type ProviderName = EcommProvider;

/**
 * The card as the diner typed it. Lives in memory for one gateway call only: never stored,
 * logged, put in an error or in the outbox (docs/design/security.md).
 */
export interface CardInput {
  /** Digits only. */
  number: string;
  /** MMYY. */
  expiry: string;
  cvv: string;
  billingStreet: string;
  billingZip: string;
  name?: string | undefined;
}

/** What every call carries besides its own fields. */
export interface GatewayEnv {
  /** Our merchant uuid. */
  merchantId: string;
  /** The merchant's decrypted credentials for this provider (null when none are set). */
  credentials: Record<string, string> | null;
  /** The database, for gateways that keep a ledger of their own (the sandbox). */
  db: Db;
  now: Date;
}

/**
 * The spec's payment result (§3): approved, amount, masked card number, expiry, card type,
 * auth code, retref — plus the verification results the core's policy needs.
 */
export interface PaymentResult {
  approved: true;
  amountCents: number;
  tipCents: number;
  /** Masked: "************1111". */
  cardNumber: string;
  cardLast4: string;
  /** MMYY. */
  cardExpiry: string;
  cardType: string;
  authCode: string;
  retref: string;
  /** Address verification code (Y full match, N no match, …); null when not checked. */
  avsResult: string | null;
  /** CVV result: M match, N no match, P not processed, …; null when not checked. */
  cvvResult: string | null;
  responseCode: string;
  message: string;
}

/** A look-up by our order id. */
export type InquiryResult =
  | { found: false }
  | {
      found: true;
      /** authorized: held; captured: charged; voided: released; declined: refused. */
      status: 'authorized' | 'captured' | 'voided' | 'declined' | 'refunded';
      result: PaymentResult;
    };

/** Base of the typed gateway errors. Their messages never contain card data. */
export abstract class GatewayError extends Error {
  abstract readonly kind: 'declined' | 'unavailable' | 'unknown_outcome';
}

/** The gateway (or the issuer) answered no. Nothing is held. */
export class GatewayDeclined extends GatewayError {
  readonly kind = 'declined' as const;
  constructor(
    message: string,
    readonly responseCode: string,
    /** What may be shown to the diner or merchant. */
    readonly reason: 'declined' | 'insufficient_funds' | 'avs' | 'cvv' | 'invalid' | 'not_allowed',
  ) {
    super(message);
    this.name = 'GatewayDeclined';
  }
}

/** The request certainly did not reach the gateway (connection refused, 5xx before processing). */
export class GatewayUnavailable extends GatewayError {
  readonly kind = 'unavailable' as const;
  constructor(message = 'Payment gateway unavailable') {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

/** The request may or may not have been processed (timeout, garbage answer): inquire later. */
export class GatewayUnknownOutcome extends GatewayError {
  readonly kind = 'unknown_outcome' as const;
  constructor(message = 'Payment gateway outcome unknown') {
    super(message);
    this.name = 'GatewayUnknownOutcome';
  }
}

/**
 * How a provider takes the money (docs/decisions/payments-core.md):
 * - 'auth_capture': authorise at placement, capture later (tip adjustment or end of day);
 * - 'sale': authorise and capture at once at placement.
 */
export type ChargeFlow = 'auth_capture' | 'sale';

/**
 * How a tip is adjusted after placement:
 * - 'adjust': a tip-adjust call on the open transaction (repeatable the same day);
 * - 'capture': capture the authorisation once with the new total;
 * - 'none': not supported.
 */
export type TipAdjustMode = 'adjust' | 'capture' | 'none';

export interface GatewayCapabilities {
  flow: ChargeFlow;
  void: boolean;
  tipAdjust: TipAdjustMode;
  refund: boolean;
  /**
   * How an unknown outcome (time-out, cut-off answer, crash) is settled by the reconciler
   * (docs/decisions/payment-gateways.md "Recovery"):
   * - 'inquire': inquireByOrder tells what the gateway holds under our order id (and
   *   voidByOrder, where the vendor has it, releases whatever that is when the look-up keeps failing);
   * - 'flag': the vendor has no look-up by our reference: a charge whose transaction id we hold is
   *   voided by it; otherwise the order is failed and flagged for the merchant to check in the
   *   gateway's own portal.
   */
  recovery: 'inquire' | 'flag';
}

export interface AuthorizeRequest {
  /** Our order id: the gateway's order reference, used to look the charge up after a crash. */
  orderRef: string;
  /** Always the server's amount. 0 = card check. */
  amountCents: number;
  /** Part of amountCents that is tip (for providers that take it separately). */
  tipCents: number;
  card: CardInput;
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  readonly capabilities: GatewayCapabilities;
  /**
   * Whether an approval's verification results are acceptable; an approval that is not gets
   * voided and the order declined (spec §7: tsys2 voids unless AVS Y and CVV M or P).
   */
  acceptsVerification(result: PaymentResult): { ok: true } | { ok: false; reason: 'avs' | 'cvv' };
  authorize(env: GatewayEnv, req: AuthorizeRequest): Promise<PaymentResult>;
  sale(env: GatewayEnv, req: AuthorizeRequest): Promise<PaymentResult>;
  /** Capture an authorisation with its final amount (may exceed it by a tip where allowed). */
  capture(
    env: GatewayEnv,
    req: { retref: string; amountCents: number; tipCents: number },
  ): Promise<PaymentResult>;
  void(env: GatewayEnv, req: { retref: string; orderRef: string }): Promise<PaymentResult>;
  /** Replace the tip of an open transaction; amountCents is the new total. */
  tipAdjust(
    env: GatewayEnv,
    req: { retref: string; tipCents: number; amountCents: number },
  ): Promise<PaymentResult>;
  /** cardLast4: Authorize.Net's refund names the card (its last four) besides the transaction. */
  refund(
    env: GatewayEnv,
    req: { retref: string; amountCents: number; cardLast4?: string | undefined },
  ): Promise<PaymentResult>;
  /** Present exactly when capabilities.recovery is 'inquire'. */
  inquireByOrder?(env: GatewayEnv, req: { orderRef: string }): Promise<InquiryResult>;
  /** Releases whatever the gateway holds under our order id (CardPointe voidByOrderId). */
  voidByOrder?(env: GatewayEnv, req: { orderRef: string }): Promise<void>;
  /** Present for a provider whose card page is the vendor's, in the browser (Converge). */
  hosted?: HostedPayments;
  /**
   * Checks, when the merchant saves credentials, what the vendor must allow for our calls to
   * work (Converge: the API user's rights). `ok: false` names what is missing in the merchant's
   * words; a gateway that cannot be reached throws GatewayUnavailable. Optional (issue 30).
   */
  checkCredentials?(env: GatewayEnv): Promise<{ ok: true } | { ok: false; message: string }>;
}

/**
 * A hosted card page (Converge Lightbox): the server opens a session for the order's amount, the
 * browser pays in the vendor's script, and the server confirms the outcome with the gateway
 * itself before the order counts as paid — the browser's word is never taken.
 */
export interface HostedPayments {
  /** The vendor script the storefront loads; its origin is allowed by the page's CSP. */
  scriptUrl(env: GatewayEnv): string;
  /** A one-use token for a payment of exactly this amount, tagged with our order id. */
  createSession(
    env: GatewayEnv,
    req: { orderRef: string; amountCents: number },
  ): Promise<{ token: string }>;
  /**
   * Looks the browser's transaction up at the gateway: the approval when it exists, is approved,
   * carries our order id and this amount; GatewayDeclined otherwise.
   */
  confirm(
    env: GatewayEnv,
    req: { orderRef: string; transactionId: string; amountCents: number },
  ): Promise<PaymentResult>;
}

/** "4111111111111111" → "************1111". */
export function maskCardNumber(last4: string, length = 16): string {
  return `${'*'.repeat(Math.max(0, length - 4))}${last4}`;
}

/** Card brand from the leading digits (spec: 3 Amex/Diners, 4 Visa, 5 Mastercard, 6 Discover). */
export function cardBrandOf(digits: string): string {
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^3/.test(digits)) return 'DINERS';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MC';
  if (/^6/.test(digits)) return 'DISCOVER';
  return 'CARD';
}
