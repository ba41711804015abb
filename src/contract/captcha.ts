// The bot check: POST /verify-captcha (spec §7: body captchaResponse, the client reads success)
// and the widget's public settings.
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const verifyCaptcha = defineRoute('POST', '/verify-captcha', {
  tags: ['captcha'],
  description:
    'Verifies a reCAPTCHA token server-side. With captcha off (no RECAPTCHA_SECRET) every token passes.',
  body: z.object({ captchaResponse: z.string().max(4000) }),
  response: {
    200: z.object({ success: z.boolean() }),
    400: errorBody,
    429: errorBody,
    503: errorBody,
  },
});

export const captchaSettingsView = z.object({
  enabled: z.boolean(),
  siteKey: z.string().nullable(),
});
export type CaptchaSettings = z.infer<typeof captchaSettingsView>;

export const getCaptchaSettings = defineRoute('GET', '/api/captcha/settings', {
  tags: ['captcha'],
  description: 'Whether the bot check is on, and the public site key for the widget.',
  response: { 200: captchaSettingsView },
});
