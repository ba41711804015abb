// One HTTP exchange with a payment gateway, with the failure sorted the way the payments core
// needs it: certainly not sent (GatewayUnavailable: nothing can be held, fail at once) or maybe
// processed (GatewayUnknownOutcome: time-out, reset, cut-off answer — recover by the adapter's
// recovery path). Status codes and bodies are the adapter's to judge. Never logs the body (it
// may hold a card number).
import { GatewayUnavailable, GatewayUnknownOutcome } from './types.js';

export interface GatewayRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Above the gateway's own time-out (e.g. CardPointe answers "Timed out" at ~32 s); never more
   * than GATEWAY_TIMEOUT_CAP_MS, whatever the caller asks.
   */
  timeoutMs: number;
}

/**
 * The longest any gateway call may take (issue 30; docs/decisions/payment-gateways.md
 * "Time-outs"): a diner is waiting and a slot is held; a later answer is recovery's.
 */
export const GATEWAY_TIMEOUT_CAP_MS = 40_000;

export interface GatewayAnswer {
  status: number;
  contentType: string;
  /** The body as UTF-8 text (a leading BOM is dropped by the decoder; stripBom stays as a guard). */
  text: string;
  /** The body as received, for an adapter whose vendor answers in another charset (TransIT). */
  bytes?: Uint8Array;
}

/** Errors raised before any byte of the request can have reached the gateway. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);

function codeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Sends the request; throws GatewayUnavailable or GatewayUnknownOutcome as above. */
export async function gatewayExchange(req: GatewayRequest): Promise<GatewayAnswer> {
  const signal = AbortSignal.timeout(Math.min(req.timeoutMs, GATEWAY_TIMEOUT_CAP_MS));
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      redirect: 'error',
    });
  } catch (err) {
    const code = codeOf(err);
    if (code && NOT_SENT.has(code))
      throw new GatewayUnavailable(`Payment gateway unreachable (${code})`);
    if (signal.aborted) throw new GatewayUnknownOutcome('Payment gateway timed out');
    throw new GatewayUnknownOutcome(`Payment gateway connection failed (${code ?? 'unknown'})`);
  }
  try {
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, bytes };
  } catch {
    // The request was sent and an answer began: whatever it said is lost.
    throw new GatewayUnknownOutcome(
      signal.aborted ? 'Payment gateway timed out' : 'Payment gateway answer cut off',
    );
  }
}

/** Strips a leading UTF-8 byte order mark (Authorize.Net prefixes its JSON with one). */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
