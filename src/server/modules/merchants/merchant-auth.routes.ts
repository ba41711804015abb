// Merchant sign-in, sign-out and isAuth at the spec's /api/merchantUsers paths.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/merchants.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/index.js';
import { isKnownBrowser, rememberBrowser, signInAccountKey } from '../sign-in-guard/index.js';
import { changeMerchantPassword } from '../../../contract/store-settings.js';
import { signedInMerchant } from '../../plugins/access.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import * as auth from './merchant-auth.service.js';

export const merchantAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const production = ctx.config.env === 'production';
    app.post(
      api.merchantLogin.path,
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 10, timeWindow: '1 minute' }),
        },
        schema: api.merchantLogin.schema,
      },
      async (request, reply) => {
        const typed = request.body.merchantUserName;
        const key = signInAccountKey(ctx.config.sessionSecret, 'merchant', typed);
        // A browser that signed in to this merchant before, or still has its session, is known.
        const known =
          request.auth.merchant?.merchantId === typed || isKnownBrowser(request, 'merchant', key);
        const merchant = await auth.authenticateMerchant(
          ctx,
          typed,
          request.body.merchantPassword,
          { address: request.ip, known },
        );
        await startSession(
          ctx,
          reply,
          'merchant',
          merchant.id,
          request.cookies[SESSION_COOKIE.merchant],
        );
        rememberBrowser(request, reply, 'merchant', merchant.signInKey, production);
        return { merchantId: merchant.merchantId };
      },
    );

    app.post(
      api.merchantLogout.path,
      {
        config: { access: 'public' },
        schema: api.merchantLogout.schema,
      },
      async (request, reply) => {
        await endSession(ctx, reply, 'merchant', request.cookies[SESSION_COOKIE.merchant]);
        return { success: true as const };
      },
    );

    app.get(
      api.merchantIsAuth.path,
      {
        config: { access: 'public' },
        schema: api.merchantIsAuth.schema,
      },
      async (request) => {
        const m = request.auth.merchant;
        return m ? { isAuth: true, merchantId: m.merchantId } : { isAuth: false };
      },
    );

    app.post(
      changeMerchantPassword.path,
      {
        config: {
          access: 'merchant',
          rateLimit: scaledRateLimit(ctx.config, { max: 5, timeWindow: '1 minute' }),
        },
        attachValidation: true,
        schema: changeMerchantPassword.schema,
      },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        const merchant = await auth.changeMerchantPassword(
          ctx,
          request.params.merchantId,
          request.body,
          { sessionRef: signedInMerchant(request).sessionRef },
        );
        // Every session was signed out; this one carries on with a new one.
        await startSession(ctx, reply, 'merchant', merchant.id, undefined);
        return { success: true as const };
      },
    );
  };
