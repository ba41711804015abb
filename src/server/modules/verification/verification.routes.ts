// Phone verification at the spec's paths (C7 verification). The diner is the anonymous id of the
// caller's cookie; the captcha is checked when configured.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/verification.js';
import type { AppContext } from '../../app-context.js';
import { publicLimited } from '../../lib/route-config.js';
import { requireCaptcha } from '../captcha/index.js';
import { missingAnonId, readAnonId } from '../diners/index.js';
import { sendCode, verifyCode } from './verification.service.js';

function requireDinerId(request: Parameters<typeof readAnonId>[0]): string {
  const uid = readAnonId(request);
  if (!uid) throw missingAnonId();
  return uid;
}

export const verificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const sendCodeLimit = publicLimited(ctx.config, { max: 5, timeWindow: '1 minute' });
    const verifyLimit = publicLimited(ctx.config, { max: 20, timeWindow: '1 minute' });

    app.post(
      api.sendVerificationCode.path,
      { config: sendCodeLimit, schema: api.sendVerificationCode.schema },
      async (req) => {
        const anonUserId = requireDinerId(req);
        await requireCaptcha(ctx, req.body.recaptchaToken, {
          action: 'send_code',
          remoteIp: req.ip,
        });
        return {
          success: true as const,
          ...(await sendCode(ctx, { anonUserId, phone: req.body.phoneNum })),
        };
      },
    );

    app.post(
      api.verifyPhone.path,
      { config: verifyLimit, schema: api.verifyPhone.schema },
      async (req) => {
        const anonUserId = requireDinerId(req);
        await verifyCode(ctx, {
          anonUserId,
          phone: req.body.phoneNum,
          code: req.body.verificationCode,
        });
        return { success: true as const };
      },
    );
  };
