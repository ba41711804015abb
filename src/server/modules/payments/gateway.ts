// Helpers shared by the payment services: the gateway of a merchant, the environment of a call,
// the texts shown when a payment does not go through, and the request fingerprint.
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { GatewayEnv, PaymentGateway, ProviderName } from '../../adapters/payments/index.js';
import { MESSAGES } from '../../../domain/messages.js';
import { AppError } from '../../lib/app-error.js';
import { readCredentials } from './credentials.js';

/** What the diner is told (ours: the spec shows no order-level payment outcome, T4.45). */
export const PAYMENT_MESSAGES = {
  declined: (reason: string) => `Your card was declined (${reason}). ${MESSAGES.ORDER_NOT_PLACED}`,
  avs: `The billing address does not match the card. ${MESSAGES.ORDER_NOT_PLACED}`,
  cvv: `The card security code (CVV) does not match. ${MESSAGES.ORDER_NOT_PLACED}`,
  unavailable: `Card payments are unavailable right now, please try again shortly. ${MESSAGES.ORDER_NOT_PLACED}`,
  notConfigured: 'Card payments are not available for this store right now.',
  notCompleted: `Your card payment could not be completed. ${MESSAGES.ORDER_NOT_PLACED}`,
  placementFailed: `We could not place your order, and the charge on your card was released. ${MESSAGES.ORDER_NOT_PLACED}`,
  tooLate: `Your card payment could not be confirmed in time and the charge was released. ${MESSAGES.ORDER_NOT_PLACED}`,
  unconfirmed: `We could not confirm your card payment with the bank. If your card shows a charge for it, the store will release it. ${MESSAGES.ORDER_NOT_PLACED}`,
  hostedPage: 'Complete your card payment on the secure payment page to place your order.',
  hostedCancelled: `The card payment was not completed. ${MESSAGES.ORDER_NOT_PLACED}`,
  pending:
    'We are confirming your card payment. Please do not pay again: your order will show here as soon as it is confirmed.',
} as const;

export interface MerchantForPayment {
  id: string;
  ecommProvider: string;
  paymentCredentials: Buffer | null;
}

export function gatewayOf(ctx: AppContext, provider: string): PaymentGateway | undefined {
  const gateway = ctx.adapters.payments.gatewayFor(provider as ProviderName);
  return gateway;
}

export function requireGateway(ctx: AppContext, provider: string): PaymentGateway {
  const gateway = gatewayOf(ctx, provider);
  if (!gateway) throw new AppError('upstream_unavailable', PAYMENT_MESSAGES.notConfigured);
  return gateway;
}

/**
 * What a gateway call carries: the merchant's credentials for that gateway's own provider (null
 * when the saved credentials are another provider's), so a vendor only ever receives its own —
 * also for an order's void or capture after the merchant switched providers.
 */
export function gatewayEnv(
  ctx: AppContext,
  merchant: MerchantForPayment,
  gateway: Pick<PaymentGateway, 'provider'>,
): GatewayEnv {
  return {
    merchantId: merchant.id,
    credentials: readCredentials(ctx, merchant, gateway.provider),
    db: ctx.db,
    now: ctx.clock.now(),
  };
}

/** JSON with keys sorted at every level (dates as ISO text), so equal requests hash equally. */
export function stableStringify(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * HMAC-SHA-256 of the request under a key derived from the credentials key. The request holds the
 * card, so a plain hash would let anyone with the database brute-force the number from its BIN
 * and last four; without the key the fingerprint reveals nothing.
 */
export function requestFingerprint(credentialsKey: Buffer, request: unknown): string {
  const key = createHmac('sha256', credentialsKey).update('forkful:send-order:v1').digest();
  return createHmac('sha256', key).update(stableStringify(request)).digest('base64url');
}
