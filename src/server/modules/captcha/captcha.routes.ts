// POST /verify-captcha (spec §7: body captchaResponse, the client reads success) and the
// widget's public settings. Registering these routes logs which outside services are live.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody } from '../../lib/schemas.js';
import { describeOutsideServices, verifyCaptcha } from './captcha.service.js';

export const captchaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const line = describeOutsideServices(ctx);
    if (ctx.adapters.captcha.name === 'off' && ctx.config.env === 'production') ctx.log.warn(line);
    else ctx.log.info(line);

    app.post(
      '/verify-captcha',
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 30, timeWindow: '1 minute' }),
        },
        schema: {
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
        },
      },
      async (req) => {
        const result = await verifyCaptcha(ctx, req.body.captchaResponse, { remoteIp: req.ip });
        return { success: result.success };
      },
    );

    app.get(
      '/api/captcha/settings',
      {
        config: { access: 'public' },
        schema: {
          tags: ['captcha'],
          description: 'Whether the bot check is on, and the public site key for the widget.',
          response: { 200: z.object({ enabled: z.boolean(), siteKey: z.string().nullable() }) },
        },
      },
      async () => ({
        enabled: ctx.adapters.captcha.name !== 'off',
        siteKey: ctx.adapters.captcha.siteKey ?? null,
      }),
    );
  };
