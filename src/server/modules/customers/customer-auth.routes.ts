// Diner sign-in, sign-out, isAuth, registration and the profile at the spec's /api/usersAuth
// paths (§7 Customer auth). Failures carry the spec's text in `message` (its "errMessage").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, profileSchema, signInSchema, signUpSchema } from '../../../domain/index.js';
import { CaptchaUnavailableError } from '../../adapters/captcha/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { errorBody } from '../../lib/schemas.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/index.js';
import {
  authenticateCustomer,
  getProfile,
  registerCustomer,
  updateProfile,
} from './customer-auth.service.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';

/** Per client IP and instance (DESIGN.md §1.6): guessing passwords and mass sign-ups. */
export const SIGN_IN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
export const REGISTER_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };

export const SOCIAL_SIGN_IN_ELSEWHERE =
  'Social sign-in starts at /api/usersAuth/oidc/{provider}/start';
export const CAPTCHA_FAILED = 'Please complete the captcha and try again';

const up = signUpSchema.shape;
const profile = profileSchema.shape;

/** The Sign In tab's schema, with length caps so nothing huge reaches argon2. */
const loginBody = z.object({
  email: signInSchema.shape.email.max(254, 'Invalid'),
  password: signInSchema.shape.password.max(200, 'Invalid'),
  /**
   * The spec's "external" flag (a browser-side social sign-in vouching for itself) is refused:
   * social sign-in goes through the OIDC routes, where the server checks the provider's token.
   */
  external: z.boolean().optional(),
});

/** The Sign Up tab's schema, under the spec's field names (name = the form's username). */
const registerBody = z
  .object({
    name: up.username,
    email: up.email,
    password: up.password,
    /** Checked when sent; the form always sends it. */
    confirmPassword: up.confirmPassword.max(200).optional(),
    /** The Sign Up captcha's token; required when a captcha is configured. */
    recaptchaToken: z.string().max(4000).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: MESSAGES.PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  });

/** The User Info tab's schema, under the spec's User field names. */
const updateBody = z.object({
  username: profile.username,
  order_name: profile.name,
  order_address: profile.address,
  order_zipcode: profile.zipcode,
  order_phone: profile.phone,
  /** Only a password account's email may change. */
  email: up.email.optional(),
});

const customerView = z.object({ name: z.string(), email: z.string() });

const profileView = z.object({
  name: z.string(),
  email: z.string(),
  login_portal: z.string().nullable(),
  order_name: z.string(),
  order_address: z.string(),
  order_phone: z.string(),
  order_zipcode: z.string(),
});

export const customerAuthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/usersAuth/userLogin',
      {
        config: { access: 'public', rateLimit: scaledRateLimit(ctx.config, SIGN_IN_RATE_LIMIT) },
        attachValidation: true,
        schema: {
          tags: ['customer auth'],
          body: loginBody,
          response: {
            200: z.object({ success: z.literal(true), user: customerView }),
            400: errorBody,
            401: errorBody,
          },
        },
      },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        if (request.body.external) throw new AppError('invalid_input', SOCIAL_SIGN_IN_ELSEWHERE);
        const c = await authenticateCustomer(ctx, request.body.email, request.body.password);
        await startSession(ctx, reply, 'customer', c.id, request.cookies[SESSION_COOKIE.customer]);
        return { success: true as const, user: { name: c.name, email: c.email } };
      },
    );

    app.post(
      '/api/usersAuth/userRegister',
      {
        config: { access: 'public', rateLimit: scaledRateLimit(ctx.config, REGISTER_RATE_LIMIT) },
        attachValidation: true,
        schema: {
          tags: ['customer auth'],
          body: registerBody,
          response: {
            201: z.object({
              success: z.literal(true),
              message: z.string(),
              user: customerView,
            }),
            400: errorBody,
            409: errorBody,
            503: errorBody,
          },
        },
      },
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
      '/api/usersAuth/userLogout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['customer auth'],
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await endSession(ctx, reply, 'customer', request.cookies[SESSION_COOKIE.customer]);
        return { success: true as const };
      },
    );

    app.get(
      '/api/usersAuth/isAuth',
      {
        config: { access: 'public' },
        schema: {
          tags: ['customer auth'],
          response: { 200: z.object({ isAuth: z.boolean(), user: customerView.optional() }) },
        },
      },
      async (request) => {
        const c = request.auth.customer;
        return c ? { isAuth: true, user: { name: c.name, email: c.email } } : { isAuth: false };
      },
    );

    app.get(
      '/api/usersAuth/userInfo',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['customer auth'],
          response: {
            200: z.object({ success: z.literal(true), user: profileView }),
            401: errorBody,
          },
        },
      },
      async (request) => ({
        success: true as const,
        user: await getProfile(ctx, request.auth.customer!.id),
      }),
    );

    app.post(
      '/api/usersAuth/updateUserInfo',
      {
        config: { access: 'customer' },
        attachValidation: true,
        schema: {
          tags: ['customer auth'],
          body: updateBody,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), user: profileView }),
            400: errorBody,
            401: errorBody,
            409: errorBody,
          },
        },
      },
      async (request) => {
        rejectInvalid(request, MESSAGES.PROFILE_UPDATE_FAILED);
        const user = await updateProfile(ctx, request.auth.customer!.id, request.body);
        return { success: true as const, message: MESSAGES.PROFILE_UPDATED, user };
      },
    );
  };
