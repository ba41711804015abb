// POST /verify-captcha (spec §7: body captchaResponse, the client reads success) and the
// widget's public settings. Registering these routes logs which outside services are live.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/captcha.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { describeOutsideServices, verifyCaptcha } from './captcha.service.js';

export const captchaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const line = describeOutsideServices(ctx);
    if (ctx.adapters.captcha.name === 'off' && ctx.config.env === 'production') ctx.log.warn(line);
    else ctx.log.info(line);

    app.post(
      api.verifyCaptcha.path,
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 30, timeWindow: '1 minute' }),
        },
        schema: api.verifyCaptcha.schema,
      },
      async (req) => {
        const result = await verifyCaptcha(ctx, req.body.captchaResponse, { remoteIp: req.ip });
        return { success: result.success };
      },
    );

    app.get(
      api.getCaptchaSettings.path,
      {
        config: { access: 'public' },
        schema: api.getCaptchaSettings.schema,
      },
      async () => ({
        enabled: ctx.adapters.captcha.name !== 'off',
        siteKey: ctx.adapters.captcha.siteKey ?? null,
      }),
    );
  };
