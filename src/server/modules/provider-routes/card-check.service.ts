// The diner's card check on the spec's provider paths (cardPointe/tsys/authorizeNet auth, tsys2
// sale): the only thing a diner may run there. It authorises 0 on the store's gateway — orders are
// charged by send order alone (docs/decisions/provider-routes.md) — and answers approved or not
// with the card's brand and last four. The call goes through payments' one interface, which records
// it in the payments ledger (no order; what may be kept of a card: brand, last four, expiry); the
// card itself lives in memory for the one gateway call.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import {
  type CardInput,
  GatewayDeclined,
  GatewayError,
  type PaymentGateway,
  cardBrandOf,
} from '../../adapters/payments/index.js';
import { CARD_CHECK_ONLY } from '../../../contract/provider-routes.js';
import {
  MESSAGES,
  checkCardNumber,
  checkCvv,
  checkExpiry,
  checkZip,
} from '../../../domain/index.js';
import { AppError, type FieldIssue } from '../../lib/app-error.js';
import { requireCaptcha } from '../captcha/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { authoriseCardCheck, gatewayOf, voidPayment } from '../payments/index.js';

/** The providers whose spec paths are built here (elavon has its hosted flow). */
export type PathProvider = 'cardPointe' | 'tsys' | 'authorizeNet' | 'tsys2';

export const CARD_CHECK_MESSAGES = {
  declined: (reason: string) => `The card was declined (${reason}).`,
  avs: 'The billing address does not match the card.',
  cvv: 'The card security code (CVV) does not match.',
  unavailable: 'The card could not be checked right now, please try again shortly.',
  notConfigured: 'Card payments are not available for this store right now.',
} as const;

export const wrongProvider = (provider: string) =>
  new AppError('conflict', `This store does not use ${provider}`);

/** The path's provider must be the store's current one (its ecomm_provider, C7.56). */
export function requireProvider(merchant: { ecommProvider: string }, provider: PathProvider) {
  if (merchant.ecommProvider !== provider) throw wrongProvider(provider);
}

export function requireGatewayOf(ctx: AppContext, provider: PathProvider): PaymentGateway {
  const gateway = gatewayOf(ctx, provider);
  if (!gateway) throw new AppError('upstream_unavailable', CARD_CHECK_MESSAGES.notConfigured);
  return gateway;
}

type CardKey = 'number' | 'expiry' | 'cvv' | 'billingStreet' | 'billingZip';

export interface CardCheckRequest {
  provider: PathProvider;
  /** The store's slug (path or body). */
  merchantId: string;
  /** The body's amount in cents: must be 0. */
  amount: number;
  /** The card as typed; expiry already MMYY. */
  card: Record<CardKey, string> & { name?: string | undefined };
  /** Where each card field is in the request body, so an issue names the spec's field. */
  fieldPaths: Record<CardKey, string[]>;
  recaptchaToken: string | undefined;
  remoteIp: string;
}

export interface CardCheckResult {
  approved: boolean;
  card: { brand: string; last4: string };
  message: string | null;
  /** What the gateway answered, for the providers whose spec shape carries it (tsys2). */
  gateway: {
    responseCode: string;
    responseMessage: string;
    transactionId: string | null;
    authCode: string | null;
    cardType: string | null;
  };
}

/** "2912" (YYMM, the spec's tsys expiry, C7.63) → "1229" (MMYY, the gateway interface's). */
export function yymmToMmyy(yymm: string): string {
  return `${yymm.slice(2, 4)}${yymm.slice(0, 2)}`;
}

function checkCardFields(
  req: CardCheckRequest,
  ctx: { now: number; zone: string; allowAmex: boolean },
): CardInput {
  const c = req.card;
  const number = c.number.replace(/[\s-]/g, '');
  const expiry = c.expiry.replace('/', '').trim();
  const problems: [CardKey, string | null][] = [
    ['number', number === '' ? MESSAGES.REQUIRED : checkCardNumber(number, ctx.allowAmex)],
    ['expiry', expiry === '' ? MESSAGES.REQUIRED : checkExpiry(expiry, ctx.now, ctx.zone)],
    ['cvv', c.cvv.trim() === '' ? MESSAGES.REQUIRED : checkCvv(c.cvv)],
    ['billingStreet', c.billingStreet.trim() === '' ? MESSAGES.REQUIRED : null],
    ['billingZip', c.billingZip.trim() === '' ? MESSAGES.REQUIRED : checkZip(c.billingZip)],
  ];
  const issues: FieldIssue[] = problems
    .filter((p): p is [CardKey, string] => p[1] !== null)
    .map(([key, message]) => ({ path: ['body', ...req.fieldPaths[key]], message }));
  if (issues.length > 0) {
    const missing = issues.every((i) => i.message === MESSAGES.REQUIRED);
    throw new AppError(
      'invalid_input',
      missing ? MESSAGES.MISSING_REQUIRED_FIELD : MESSAGES.INVALID_CARD,
      issues,
    );
  }
  return {
    number,
    expiry,
    cvv: c.cvv.trim(),
    billingStreet: c.billingStreet.trim(),
    billingZip: c.billingZip.trim(),
    name: c.name?.trim() || undefined,
  };
}

/**
 * Runs the card check: amount 0 only (400 naming `amount` otherwise), the store's provider
 * (409), valid card fields (400), the bot check (403), then an authorisation of 0 on the store's
 * gateway. An approval whose address or CVV result the gateway's policy refuses (tsys2: AVS Y,
 * CVV M or P, C7.79–C7.80) is voided and answered as not approved.
 */
export async function runCardCheck(
  ctx: AppContext,
  req: CardCheckRequest,
): Promise<CardCheckResult> {
  if (req.amount !== 0) {
    throw new AppError('invalid_input', CARD_CHECK_ONLY, [
      { path: ['body', 'amount'], message: CARD_CHECK_ONLY },
    ]);
  }
  const merchant = await findMerchantBySlug(ctx.db, req.merchantId);
  if (!merchant) throw new AppError('not_found', 'Merchant not found');
  requireProvider(merchant, req.provider);
  const gateway = requireGatewayOf(ctx, req.provider);
  const card = checkCardFields(req, {
    now: ctx.clock.now().getTime(),
    zone: merchant.timeZone,
    allowAmex: merchant.allowAmericanExpressCard,
  });
  await requireCaptcha(ctx, req.recaptchaToken, { action: 'card_payment', remoteIp: req.remoteIp });

  const typed = { brand: cardBrandOf(card.number), last4: card.number.slice(-4) };
  const orderRef = randomUUID();
  let result;
  try {
    // Through payments' one interface: recorded in its ledger (no order), never stored the card.
    const moved = await authoriseCardCheck(
      ctx,
      { merchant, gateway },
      { orderRef, amountCents: 0, tipCents: 0, card },
    );
    result = moved.result;
  } catch (err) {
    if (err instanceof GatewayDeclined) {
      return {
        approved: false,
        card: typed,
        message: CARD_CHECK_MESSAGES.declined(err.message),
        gateway: {
          responseCode: err.responseCode,
          responseMessage: err.message,
          transactionId: null,
          authCode: null,
          cardType: typed.brand,
        },
      };
    }
    if (err instanceof GatewayError) {
      ctx.log.warn({ provider: req.provider, err: err.message }, 'card check failed at gateway');
      throw new AppError('upstream_unavailable', CARD_CHECK_MESSAGES.unavailable);
    }
    throw err;
  }
  const answered = {
    responseCode: result.responseCode,
    responseMessage: result.message,
    transactionId: result.retref,
    authCode: result.authCode,
    cardType: result.cardType,
  };
  const shown = { brand: result.cardType, last4: result.cardLast4 };
  const verdict = gateway.acceptsVerification(result);
  if (!verdict.ok) {
    try {
      await voidPayment(
        ctx,
        { merchant, gateway, orderId: null },
        { retref: result.retref, orderRef, amountCents: 0, key: `void:card-check:${orderRef}` },
      );
    } catch (err) {
      // A check of 0 holds no money: log and answer; nothing is left charged.
      ctx.log.warn({ provider: req.provider, err: String(err) }, 'card check void failed');
    }
    return {
      approved: false,
      card: shown,
      message: CARD_CHECK_MESSAGES[verdict.reason],
      gateway: answered,
    };
  }
  return { approved: true, card: shown, message: null, gateway: answered };
}
