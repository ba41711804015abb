// Captcha: an interface, the offline default (off: every check passes, and the start-up log says
// so) and Google reCAPTCHA siteverify, switched on by RECAPTCHA_SECRET.
import type { Config } from '../../config.js';

export interface CaptchaCheck {
  /** The action the page declared (v3); when given, the token's action must match. */
  action?: string;
  remoteIp?: string;
}

export interface CaptchaResult {
  success: boolean;
  /** Why it failed: siteverify's error-codes, or ours (score-too-low, action-mismatch). */
  errorCodes: string[];
  score?: number;
  action?: string;
  hostname?: string;
}

export interface CaptchaAdapter {
  /** off: no check (offline default). recaptcha: Google siteverify. */
  readonly name: 'off' | 'recaptcha';
  /** The public site key the browser widget needs (recaptcha only). */
  readonly siteKey: string | undefined;
  /** Verifies a token. Throws CaptchaUnavailableError when the verifier cannot be reached. */
  verify(token: string, check?: CaptchaCheck): Promise<CaptchaResult>;
}

/** siteverify could not be reached or answered garbage: the check could not be made. */
export class CaptchaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptchaUnavailableError';
  }
}

export function createOffCaptchaAdapter(): CaptchaAdapter {
  return {
    name: 'off',
    siteKey: undefined,
    verify: async () => ({ success: true, errorCodes: [] }),
  };
}

export interface RecaptchaOptions {
  secret: string;
  siteKey: string | undefined;
  verifyUrl: string;
  /** v3 tokens scoring below this fail (Google suggests starting at 0.5). */
  minScore: number;
  timeoutMs: number;
}

interface SiteverifyResponse {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  hostname?: unknown;
  'error-codes'?: unknown;
}

/**
 * reCAPTCHA siteverify (docs/protocols/recaptcha.md): form-encoded POST of secret, response and
 * remoteip; reads success, and for v3 tokens score and action.
 */
export function createRecaptchaAdapter(opts: RecaptchaOptions): CaptchaAdapter {
  return {
    name: 'recaptcha',
    siteKey: opts.siteKey,
    verify: async (token, check = {}) => {
      if (!token) return { success: false, errorCodes: ['missing-input-response'] };
      const form = new URLSearchParams({ secret: opts.secret, response: token });
      if (check.remoteIp) form.set('remoteip', check.remoteIp);
      let res: Response;
      try {
        res = await fetch(opts.verifyUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        throw new CaptchaUnavailableError(`reCAPTCHA unreachable: ${(err as Error).name}`);
      }
      if (!res.ok) throw new CaptchaUnavailableError(`reCAPTCHA answered HTTP ${res.status}`);
      const json = (await res.json().catch(() => null)) as SiteverifyResponse | null;
      if (!json || typeof json.success !== 'boolean') {
        throw new CaptchaUnavailableError('reCAPTCHA answered without a success flag');
      }
      const errorCodes = Array.isArray(json['error-codes'])
        ? json['error-codes'].filter((c): c is string => typeof c === 'string')
        : [];
      const result: CaptchaResult = { success: json.success, errorCodes };
      if (typeof json.score === 'number') result.score = json.score;
      if (typeof json.action === 'string') result.action = json.action;
      if (typeof json.hostname === 'string') result.hostname = json.hostname;
      if (!result.success) return result;
      // v3: a score and an action come back; the action must be the one asked for.
      if (result.score !== undefined && result.score < opts.minScore) {
        return { ...result, success: false, errorCodes: [...errorCodes, 'score-too-low'] };
      }
      if (check.action && result.action !== undefined && result.action !== check.action) {
        return { ...result, success: false, errorCodes: [...errorCodes, 'action-mismatch'] };
      }
      return result;
    },
  };
}

export function createCaptchaAdapter(config: Config): CaptchaAdapter {
  if (!config.recaptcha) return createOffCaptchaAdapter();
  return createRecaptchaAdapter({ ...config.recaptcha, timeoutMs: config.outsideTimeoutMs });
}
