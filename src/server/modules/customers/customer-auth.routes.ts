// Diner sign-in, sign-out, isAuth, registration and the profile at the spec's /api/usersAuth
// paths (§7 Customer auth). Failures carry the spec's text in `message` (its "errMessage").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/customers.js';
import { MESSAGES } from '../../../domain/index.js';
import { CaptchaUnavailableError } from '../../adapters/captcha/index.js';
import type { AppContext } from '../../app-context.js';
import { publicLimited } from '../../lib/route-config.js';
import { AppError } from '../../lib/app-error.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/index.js';
import { isKnownBrowser, rememberBrowser, signInAccountKey } from '../sign-in-guard/index.js';
import {
  authenticateCustomer,
  getProfile,
  registerCustomer,
  updateProfile,
} from './customer-auth.service.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import { confirmReset, requestReset } from './password-reset.service.js';

/** Per client IP and instance (docs/design/data.md): guessing passwords and mass sign-ups. */
export const SIGN_IN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
export const REGISTER_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Reset links asked for or used, per client IP (each account also gets at most 3 links an hour). */
export const PASSWORD_RESET_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' };

export const SOCIAL_SIGN_IN_ELSEWHERE =
  'Social sign-in starts at /api/usersAuth/oidc/{provider}/start';
export const CAPTCHA_FAILED = 'Please complete the captcha and try again';

export const customerAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const production = ctx.config.env === 'production';
    const signIn = publicLimited(ctx.config, SIGN_IN_RATE_LIMIT);
    const register = publicLimited(ctx.config, REGISTER_RATE_LIMIT);
    const reset = publicLimited(ctx.config, PASSWORD_RESET_RATE_LIMIT);

    app.post(
      api.requestPasswordReset.path,
      { config: reset, attachValidation: true, schema: api.requestPasswordReset.schema },
      async (request) => {
        rejectInvalid(request, firstIssueMessage);
        await requestReset(ctx, request.body);
        return { success: true as const, message: api.RESET_REQUESTED };
      },
    );

    app.post(
      api.confirmPasswordReset.path,
      { config: reset, attachValidation: true, schema: api.confirmPasswordReset.schema },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        const email = await confirmReset(ctx, request.body);
        // The link proved the mailbox: this browser signs in at once even while the account's
        // failures hold unknown browsers back (sign-in-guesses.md).
        const key = signInAccountKey(ctx.config.sessionSecret, 'customer', email);
        rememberBrowser(request, reply, 'customer', key, production);
        return { success: true as const, message: api.PASSWORD_RESET_DONE };
      },
    );

    app.post(
      api.customerLogin.path,
      { config: signIn, attachValidation: true, schema: api.customerLogin.schema },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        if (request.body.external) throw new AppError('invalid_input', SOCIAL_SIGN_IN_ELSEWHERE);
        const { email, password } = request.body;
        const key = signInAccountKey(ctx.config.sessionSecret, 'customer', email);
        // A browser that signed in to this account before, or still has its session, is known.
        const known =
          request.auth.customer?.email.toLowerCase() === email.trim().toLowerCase() ||
          isKnownBrowser(request, 'customer', key);
        const c = await authenticateCustomer(ctx, email, password, { address: request.ip, known });
        await startSession(ctx, reply, 'customer', c.id, request.cookies[SESSION_COOKIE.customer]);
        rememberBrowser(request, reply, 'customer', c.signInKey, production);
        return { success: true as const, user: { name: c.name, email: c.email } };
      },
    );

    app.post(
      api.customerRegister.path,
      { config: register, attachValidation: true, schema: api.customerRegister.schema },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        const captcha = ctx.adapters.captcha;
        if (captcha.name !== 'off') {
          let ok: boolean;
          try {
            const token = request.body.recaptchaToken ?? '';
            ok = token !== '' && (await captcha.verify(token, { remoteIp: request.ip })).success;
          } catch (err) {
            if (err instanceof CaptchaUnavailableError) {
              throw new AppError('upstream_unavailable', MESSAGES.SOMETHING_WENT_WRONG);
            }
            throw err;
          }
          if (!ok) {
            throw new AppError('invalid_input', CAPTCHA_FAILED, [
              { path: ['body', 'recaptchaToken'], message: CAPTCHA_FAILED },
            ]);
          }
        }
        const user = await registerCustomer(ctx, request.body);
        return reply
          .status(201)
          .send({ success: true as const, message: MESSAGES.REGISTERED, user });
      },
    );

    app.post(
      api.customerLogout.path,
      { config: { access: 'public' }, schema: api.customerLogout.schema },
      async (request, reply) => {
        await endSession(ctx, reply, 'customer', request.cookies[SESSION_COOKIE.customer]);
        return { success: true as const };
      },
    );

    app.get(
      api.customerIsAuth.path,
      { config: { access: 'public' }, schema: api.customerIsAuth.schema },
      async (request) => {
        const c = request.auth.customer;
        return c ? { isAuth: true, user: { name: c.name, email: c.email } } : { isAuth: false };
      },
    );

    app.get(
      api.getProfile.path,
      { config: { access: 'customer' }, schema: api.getProfile.schema },
      async (request) => ({
        success: true as const,
        user: await getProfile(ctx, request.auth.customer!.id),
      }),
    );

    app.post(
      api.updateProfile.path,
      { config: { access: 'customer' }, attachValidation: true, schema: api.updateProfile.schema },
      async (request) => {
        rejectInvalid(request, MESSAGES.PROFILE_UPDATE_FAILED);
        const user = await updateProfile(ctx, request.auth.customer!.id, request.body);
        return { success: true as const, message: MESSAGES.PROFILE_UPDATED, user };
      },
    );
  };
