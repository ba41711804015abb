// Sending the order from the browser (spec §4 "Placing an order"): one idempotency key per
// attempt, the same key again when the answer was lost (a network failure, a 5xx or a 503 from
// a busy server), so the server answers a retry with the first order and never charges twice.
// A definite refusal (4xx) ends the attempt: the diner fixes what it names and the next press is a
// new attempt with a new key.
import { type SendOrderAnswer, idempotencyKeySchema } from '../../../contract/checkout.js';
import { ApiError } from '../../lib/api.js';

/** A fresh key the contract accepts (32 hex characters). */
export function newIdempotencyKey(): string {
  return idempotencyKeySchema.parse(crypto.randomUUID().replaceAll('-', ''));
}

/** The answer was lost or the server could not decide: the same key may be sent again. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network_error' || error.status >= 500);
}

/** Waits between retries (longer each time); tests pass their own. */
export const RETRY_DELAYS_MS = [600, 1500, 3000] as const;

export type SendOutcome =
  | { kind: 'placed'; answer: SendOrderAnswer }
  | { kind: 'refused'; error: ApiError }
  /** Still unknown after every retry: the key is kept for the diner's next press. */
  | { kind: 'unknown'; error: ApiError };

export async function sendWithRetries(
  send: (key: string) => Promise<SendOrderAnswer>,
  key: string,
  delays: readonly number[] = RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<SendOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { kind: 'placed', answer: await send(key) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!isRetryable(error)) return { kind: 'refused', error };
      const delay = delays[attempt];
      if (delay === undefined) return { kind: 'unknown', error };
      await sleep(delay);
    }
  }
}

/** What the refusal is about, from its field issues (the server names the checkout field). */
export function refusalField(error: ApiError): string | null {
  const path = (error.issues[0]?.path ?? []).map(String);
  const i = path.indexOf('checkout');
  return i >= 0 ? (path[i + 1] ?? null) : (path[path.length - 1] ?? null);
}

/** The server asks an anonymous diner to verify the phone before the order goes on. */
export const needsPhoneVerification = (error: ApiError) =>
  error.status === 403 && refusalField(error) === 'phone';

/**
 * The server's bot-check refusal (it names the token's field): the spec ends loading without a
 * message (§4 step 2, checklist T4.33 / M8.50; docs/decisions/storefront-checkout-browser.md).
 */
export const isBotCheckRefusal = (error: ApiError) =>
  error.status === 403 && /^(cardR|r)ecaptchaToken$/.test(refusalField(error) ?? '');

export const UNKNOWN_OUTCOME =
  'We could not confirm your order: the connection failed. Press Place the order again — the same order is sent, and you will not be charged twice.';
