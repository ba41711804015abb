// The bot check other modules call (order placement, card payments, sign-up, verification
// codes). Off by default: every check passes, and the start-up log says so.
import type { AppContext } from '../../app-context.js';
import { CaptchaUnavailableError, type CaptchaResult } from '../../adapters/captcha/index.js';
import { AppError } from '../../lib/app-error.js';

export interface CaptchaOptions {
  /** The v3 action the page declared ("place_order", "card_payment", "signup"…). */
  action?: string;
  /** The diner's IP, passed to siteverify as remoteip. */
  remoteIp?: string;
  /** The body field that carried the token, named in a refusal (default recaptchaToken). */
  field?: string;
}

/** Ours: the refusal's text (the browser ends loading without showing it, spec §4 step 2). */
export const CAPTCHA_FAILED = 'The bot check failed, please try again';

/**
 * Verifies a bot-check token. Resolves to the verdict; throws upstream_unavailable (503) when the
 * verifier cannot be reached, so a Google outage reads as "try again", not as "you are a bot".
 */
export async function verifyCaptcha(
  ctx: AppContext,
  token: string,
  opts: CaptchaOptions = {},
): Promise<CaptchaResult> {
  try {
    const result = await ctx.adapters.captcha.verify(token, opts);
    if (!result.success) {
      ctx.log.info(
        { errorCodes: result.errorCodes, score: result.score, action: opts.action },
        'captcha verification failed',
      );
    }
    return result;
  } catch (err) {
    if (err instanceof CaptchaUnavailableError) {
      ctx.log.warn({ reason: err.message }, 'captcha verifier unavailable');
      throw new AppError(
        'upstream_unavailable',
        'The bot check is unavailable right now, please try again shortly',
      );
    }
    throw err;
  }
}

/** For state-changing calls (spec C7.44): refuses with 403 unless the token verifies. */
export async function requireCaptcha(
  ctx: AppContext,
  token: string | undefined,
  opts: CaptchaOptions = {},
): Promise<void> {
  const result = await verifyCaptcha(ctx, token ?? '', opts);
  if (!result.success) {
    // The field is named so the browser can tell this refusal from the others (T4.33 / M8.50).
    throw new AppError('forbidden', CAPTCHA_FAILED, [
      { path: ['body', opts.field ?? 'recaptchaToken'], message: CAPTCHA_FAILED },
    ]);
  }
}

/** One start-up line naming each outside service and its mode (nothing else is logged). */
export function describeOutsideServices(ctx: AppContext): string {
  const a = ctx.adapters;
  const parts = [
    `sms=${a.sms.name === 'offline' ? 'offline (outbox only)' : a.sms.name}`,
    `email=${a.email.name === 'offline' ? 'offline (outbox only)' : a.email.name}`,
    `captcha=${a.captcha.name === 'off' ? 'off (RECAPTCHA_SECRET not set: bot checks are not verified)' : a.captcha.name}`,
    `maps=${a.geo.name === 'offline' ? 'offline (ZIP centroids, straight-line miles)' : a.geo.name}`,
  ];
  return `outside services: ${parts.join(', ')}`;
}
