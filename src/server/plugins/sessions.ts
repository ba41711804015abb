// Reads the session cookies of each request into request.auth, and offers the reply helpers
// that start and end a session.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.js';
import {
  type CustomerPrincipal,
  type MerchantPrincipal,
  SESSION_COOKIE,
  type SessionKind,
  createSession,
  destroySession,
  findCustomerSession,
  findMerchantSession,
} from '../modules/sessions/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { merchant?: MerchantPrincipal; customer?: CustomerPrincipal };
  }
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    const auth: FastifyRequestAuth = {};
    const now = ctx.clock.now();
    const m = request.cookies[SESSION_COOKIE.merchant];
    if (m) auth.merchant = await findMerchantSession(ctx.db, m, now);
    const c = request.cookies[SESSION_COOKIE.customer];
    if (c) auth.customer = await findCustomerSession(ctx.db, c, now);
    request.auth = auth;
  });
}

type FastifyRequestAuth = { merchant?: MerchantPrincipal; customer?: CustomerPrincipal };

/** Starts a fresh session (rotating away any earlier one) and sets its cookie. */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  kind: SessionKind,
  ownerId: string,
  previousToken: string | undefined,
): Promise<void> {
  if (previousToken) await destroySession(ctx.db, previousToken);
  const now = ctx.clock.now();
  const { token, expiresAt } = await createSession(ctx.db, kind, ownerId, now);
  reply.setCookie(SESSION_COOKIE[kind], token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.env === 'production',
    // Max-Age, not Expires: a lifetime counts from when the browser receives it, so a browser
    // whose clock differs from the server's (or a server on a test clock) keeps the cookie as
    // long as the server keeps the session.
    maxAge: Math.floor((expiresAt.getTime() - now.getTime()) / 1000),
  });
}

export async function endSession(
  ctx: AppContext,
  reply: FastifyReply,
  kind: SessionKind,
  token: string | undefined,
): Promise<void> {
  if (token) await destroySession(ctx.db, token);
  reply.clearCookie(SESSION_COOKIE[kind], { path: '/' });
}
