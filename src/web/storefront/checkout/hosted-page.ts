// Paying on the provider's own card page (Converge Lightbox, spec provider `elavon`): send order
// has written the order awaiting payment; here the browser loads the provider's script (the only
// outside script the page's CSP allows for it), asks our server for a one-use token for that
// order's total, opens the page, and reports how it ended. The server confirms an approval with
// the gateway itself before the order counts as paid (docs/decisions/gateway-converge.md).
import type { SendOrderAnswer } from '../../../contract/checkout.js';
import type { HostedOutcome } from '../../../contract/hosted-payments.js';
import { elavonTokenSession, finishHostedPayment } from '../../../contract/refs.js';
import { call } from '../../lib/api.js';

/** The fields of the Lightbox callbacks this flow reads (the rest is ignored, never trusted). */
interface LightboxResponse {
  ssl_txn_id?: unknown;
}

interface PayWithConverge {
  open(
    fields: { ssl_txn_auth_token: string },
    callbacks: {
      onApproval(resp: LightboxResponse): void;
      onDeclined(resp: LightboxResponse): void;
      onCancelled(): void;
      onError(error: unknown): void;
    },
  ): void;
}

declare global {
  interface Window {
    PayWithConverge?: PayWithConverge;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the provider's script once per page. */
export function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error('The secure payment page could not be loaded.'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}

/** "36.64" for 3664 cents: the spec's tokenSession path carries dollars. */
export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

const transactionIdOf = (resp: LightboxResponse | undefined) =>
  typeof resp?.ssl_txn_id === 'string' || typeof resp?.ssl_txn_id === 'number'
    ? String(resp.ssl_txn_id)
    : undefined;

/** Opens the page for the token and waits for how it ends. */
function openPage(pay: PayWithConverge, token: string): Promise<HostedOutcome> {
  return new Promise((resolve) => {
    pay.open(
      { ssl_txn_auth_token: token },
      {
        onApproval: (resp) => {
          const transactionId = transactionIdOf(resp);
          resolve(transactionId ? { kind: 'approved', transactionId } : { kind: 'cancelled' });
        },
        onDeclined: (resp) => {
          const transactionId = transactionIdOf(resp);
          resolve(transactionId ? { kind: 'declined', transactionId } : { kind: 'declined' });
        },
        onCancelled: () => resolve({ kind: 'cancelled' }),
        onError: () => resolve({ kind: 'cancelled' }),
      },
    );
  });
}

/**
 * The whole hosted step for an answer carrying `hostedPayment`: resolves with the final answer
 * (placed), or rejects with the server's ApiError (declined, cancelled, unavailable).
 */
export async function payOnHostedPage(
  merchantId: string,
  uid: string,
  answer: SendOrderAnswer & { hostedPayment: NonNullable<SendOrderAnswer['hostedPayment']> },
): Promise<SendOrderAnswer> {
  await loadScript(answer.hostedPayment.scriptUrl);
  const pay = window.PayWithConverge;
  if (!pay) throw new Error('The secure payment page could not be loaded.');
  const { token } = await call(elavonTokenSession, {
    params: { amount: dollarsOf(answer.totalCents) },
    query: { merchantId, orderId: answer._id },
  });
  const outcome = await openPage(pay, token);
  return call(finishHostedPayment, {
    params: { merchantId, uid },
    body: { orderId: answer._id, outcome },
  });
}
