// Merchant sign-in, sign-out and isAuth at the spec's /api/merchantUsers paths.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantSignInSchema } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody } from '../../lib/schemas.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/index.js';
import { authenticateMerchant } from './merchant-auth.service.js';

export const merchantAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/merchantUsers/merchantLogin',
      {
        config: {
          access: 'public',
          rateLimit: scaledRateLimit(ctx.config, { max: 10, timeWindow: '1 minute' }),
        },
        schema: {
          tags: ['merchant auth'],
          body: merchantSignInSchema,
          response: { 200: z.object({ merchantId: z.string() }), 401: errorBody, 400: errorBody },
        },
      },
      async (request, reply) => {
        const merchant = await authenticateMerchant(
          ctx,
          request.body.merchantUserName,
          request.body.merchantPassword,
        );
        await startSession(
          ctx,
          reply,
          'merchant',
          merchant.id,
          request.cookies[SESSION_COOKIE.merchant],
        );
        return { merchantId: merchant.merchantId };
      },
    );

    app.post(
      '/api/merchantUsers/merchantLogout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['merchant auth'],
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await endSession(ctx, reply, 'merchant', request.cookies[SESSION_COOKIE.merchant]);
        return { success: true as const };
      },
    );

    app.get(
      '/api/merchantUsers/isAuth',
      {
        config: { access: 'public' },
        schema: {
          tags: ['merchant auth'],
          response: { 200: z.object({ isAuth: z.boolean(), merchantId: z.string().optional() }) },
        },
      },
      async (request) => {
        const m = request.auth.merchant;
        return m ? { isAuth: true, merchantId: m.merchantId } : { isAuth: false };
      },
    );
  };
