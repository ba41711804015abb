// Diner sign-in, sign-out and isAuth at the spec's /api/usersAuth paths. Registration, profile
// and history come with the storefront API.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody } from '../../lib/schemas.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/sessions.service.js';
import { authenticateCustomer, getProfile } from './customer-auth.service.js';

const LOGIN_REQUIRED = 'Please enter username and password to login';

const loginBody = z.object({
  email: z.string({ error: LOGIN_REQUIRED }).trim().min(1, LOGIN_REQUIRED).max(100),
  password: z.string({ error: LOGIN_REQUIRED }).min(1, LOGIN_REQUIRED).max(200),
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
        config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
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
        const c = await authenticateCustomer(ctx, request.body.email, request.body.password);
        await startSession(ctx, reply, 'customer', c.id, request.cookies[SESSION_COOKIE.customer]);
        return { success: true as const, user: { name: c.name, email: c.email } };
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
  };
