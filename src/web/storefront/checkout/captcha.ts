// The invisible bot check before an order is sent (spec §4 step 2; PROTOCOLS §6, reCAPTCHA v3):
// when the server has a secret, the browser asks Google's script for a token at the moment of the
// press (tokens expire), one for the order and a second one for a card payment, each with the
// action the server checks. The script loads only then, from the host the Content Security Policy
// names for it. Without a site key nothing is loaded and no token is sent.
import { getCaptchaSettings } from '../../../contract/refs.js';
import { useQuery } from '@tanstack/react-query';
import type { CaptchaSettings } from '../../../contract/captcha.js';
import { call } from '../../lib/api.js';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}
type WithCaptcha = typeof globalThis & { grecaptcha?: Grecaptcha };

const SCRIPT_ID = 'recaptcha-v3';

/** Loads Google's script once; resolves when `grecaptcha` is ready. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const w = globalThis as WithCaptcha;
  return new Promise((resolve, reject) => {
    const ready = () => w.grecaptcha?.ready(() => resolve(w.grecaptcha!));
    if (w.grecaptcha) return ready();
    let script = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.async = true;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      document.head.appendChild(script);
    }
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('captcha script failed')), {
      once: true,
    });
  });
}

/** One token for `action`: undefined when the check is off, null when it could not run. */
export async function captchaToken(
  settings: CaptchaSettings | undefined,
  action: string,
  load: (siteKey: string) => Promise<Grecaptcha> = loadRecaptcha,
): Promise<string | undefined | null> {
  if (!settings?.enabled || !settings.siteKey) return undefined;
  try {
    return await (await load(settings.siteKey)).execute(settings.siteKey, { action });
  } catch {
    return null;
  }
}

/** The bot check's public settings (read once per page). */
export function useCaptchaSettings() {
  return useQuery({
    queryKey: ['captchaSettings'],
    queryFn: ({ signal }) => call(getCaptchaSettings, {}, signal),
    staleTime: Infinity,
  });
}

export interface CaptchaTokens {
  recaptchaToken?: string;
  cardRecaptchaToken?: string;
}

/**
 * The tokens for one send, or null when the check could not run (the script did not load):
 * the order is then not sent. With the check off, no tokens.
 */
export async function captchaTokens(
  settings: CaptchaSettings | undefined,
  byCard: boolean,
  load: (siteKey: string) => Promise<Grecaptcha> = loadRecaptcha,
): Promise<CaptchaTokens | null> {
  if (!settings?.enabled || !settings.siteKey) return {};
  try {
    const g = await load(settings.siteKey);
    const recaptchaToken = await g.execute(settings.siteKey, { action: 'place_order' });
    if (!byCard) return { recaptchaToken };
    const cardRecaptchaToken = await g.execute(settings.siteKey, { action: 'card_payment' });
    return { recaptchaToken, cardRecaptchaToken };
  } catch {
    return null;
  }
}

/** Ours: the spec aborts silently, which leaves a diner pressing a button that does nothing. */
export const CAPTCHA_UNAVAILABLE =
  'We could not run the security check. Please check your connection and try again.';
