// The anonymous diner id (spec "GET /api/users/cookie returns uid"): a random opaque id in an
// HttpOnly cookie. Carts and phone verifications are keyed by it; a call naming another id is
// refused (plugins/access.ts, access 'diner').
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../domain/messages.js';
import { AppError } from '../../lib/app-error.js';

export const ANON_ID_COOKIE = 'fk_uid';
const ANON_ID_FORMAT = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export const isAnonId = (value: unknown): value is string =>
  typeof value === 'string' && ANON_ID_FORMAT.test(value);

export function readAnonId(request: FastifyRequest): string | undefined {
  const value = request.cookies[ANON_ID_COOKIE];
  return isAnonId(value) ? value : undefined;
}

/**
 * A diner call without the id cookie, i.e. a browser that refuses cookies: the diner reads this
 * answer's message, so it is the spec's cart error (§8, checklist M8.6 / K9.37), never a note
 * for developers.
 */
export function missingAnonId(): AppError {
  return new AppError('unauthenticated', MESSAGES.CART_UNREADABLE);
}

/** The caller's id, issuing a new one (and its cookie) when it has none. */
export function ensureAnonId(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const existing = readAnonId(request);
  if (existing) return existing;
  const uid = randomBytes(16).toString('base64url');
  reply.setCookie(ANON_ID_COOKIE, uid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ONE_YEAR_S,
  });
  return uid;
}
