// Every route declares who may call it (config.access). The rule is enforced here, before the
// handler, and the declared table is what the authorization-matrix test walks.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { missingAnonId, readAnonId } from '../modules/diners/index.js';
import type { MerchantPrincipal } from '../modules/sessions/index.js';
import { type LoadClass, loadClassOf } from './load-shedding.js';

/**
 * public: anyone. customer: a signed-in diner. merchant: the signed-in merchant whose merchantId
 * is the route's :merchantId parameter (another merchant gets 403). signedInMerchant: any
 * signed-in merchant, for the few routes with no :merchantId in their path (the spec's file
 * uploads); the route acts on the caller's own data only, so another merchant's is never in reach
 * (no session 401). diner: the browser whose anonymous-id cookie holds the route's :uid parameter
 * (no cookie 401, another id 403), so one diner can never read or change another's cart.
 * operator: the platform's own tools (Prometheus), with `Authorization: Bearer <METRICS_TOKEN>`
 * (anything else 401); no session of any kind opens it.
 * printer: a CloudPRNT printer, by HTTP Basic with its own token. The hook only asks for the
 * header; the printers module checks the token against the printer of the path.
 */
export type Access =
  'public' | 'customer' | 'merchant' | 'signedInMerchant' | 'diner' | 'operator' | 'printer';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The answer is a stream that stays open (Server-Sent Events). */
    stream?: boolean;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  schema: RouteOptions['schema'];
  /** Answers with a stream that stays open: a caller must read the status and hang up. */
  stream: boolean;
  /** How the load shedder treats it when slots run short (plugins/load-shedding.ts). */
  load: LoadClass;
}

/** Routes outside /api (health, docs, static files, images) are public by nature. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Records every route with its rule; an /api route without a rule stops the app at boot. */
export function collectRoutes(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (isApiRoute(route.url) && !access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access: access ?? 'public',
        schema: route.schema,
        stream: route.config?.stream === true,
        load: loadClassOf(method, route.config ?? {}),
      });
    }
  });
}

/**
 * Enforces the declared rule. Runs in onRequest, after the session hook and before the body is
 * parsed or validated, so a caller without the right gets 401/403 whatever it sent.
 */
export function enforceAccess(
  app: FastifyInstance,
  opts: { operatorToken?: string | undefined } = {},
): void {
  const operatorToken = opts.operatorToken ? Buffer.from(`Bearer ${opts.operatorToken}`) : null;
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'operator') {
      const given = Buffer.from(request.headers.authorization ?? '');
      // Compared in constant time: the token is a password.
      if (
        !operatorToken ||
        given.length !== operatorToken.length ||
        !timingSafeEqual(given, operatorToken)
      )
        throw new AppError('unauthenticated', 'The metrics need the operator token');
      return;
    }
    if (access === 'diner') {
      const uid = readAnonId(request);
      if (!uid) throw missingAnonId();
      const wanted = (request.params as { uid?: string } | undefined)?.uid;
      if (wanted === undefined) throw new Error(`diner route ${request.url} has no :uid`);
      if (wanted !== uid) throw new AppError('forbidden', 'This cart belongs to another diner');
      return;
    }
    if (access === 'printer') {
      if (!/^Basic /.test(request.headers.authorization ?? ''))
        throw new AppError('unauthenticated', 'Printer token not accepted');
      return;
    }
    if (access === 'customer') {
      if (!request.auth.customer) throw new AppError('unauthenticated', 'Please sign in');
      return;
    }
    const merchant = request.auth.merchant;
    if (!merchant) throw new AppError('unauthenticated', 'Please sign in as the merchant');
    if (access === 'signedInMerchant') return;
    const wanted = (request.params as { merchantId?: string } | undefined)?.merchantId;
    if (wanted === undefined) throw new Error(`merchant route ${request.url} has no :merchantId`);
    if (wanted !== merchant.merchantId) {
      throw new AppError('forbidden', 'You may not access another merchant');
    }
  });
}

/**
 * The signed-in merchant of a `merchant` or `signedInMerchant` route's request (the access hook
 * has already refused anyone else): for what a handler records of who acted, and whose data a
 * `signedInMerchant` route may touch.
 */
export function signedInMerchant(request: FastifyRequest): MerchantPrincipal {
  const merchant = request.auth.merchant;
  if (!merchant) throw new AppError('unauthenticated', 'Please sign in as the merchant');
  return merchant;
}

/**
 * State-changing requests from a browser must come from our own origin (docs/design/security.md):
 * the session cookie is SameSite=Lax, and this closes what Lax leaves open.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('forbidden', 'Cross-origin request refused');
    }
    if (host !== request.headers.host)
      throw new AppError('forbidden', 'Cross-origin request refused');
  });
}
