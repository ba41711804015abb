// Builds the Fastify app from its configuration and database. Used by the process entry
// (server.ts) and by every API test, so tests exercise exactly what production runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { type Adapters, createAdapters } from './adapters/index.js';
import { type AppContext, type Clock, settableClock, systemClock } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { webDistFolder } from './lib/paths.js';
import {
  type RouteEntry,
  collectRoutes,
  enforceAccess,
  registerOriginCheck,
} from './plugins/access.js';
import { cspDirectives } from './plugins/content-security-policy.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerSessions } from './plugins/sessions.js';
import { refuseUnstorableText } from './plugins/storable-text.js';
import {
  type Job,
  outboxWorkerJob,
  sessionPurgeJob,
  signInFailurePurgeJob,
  uploadCleanupJob,
  autoPrintJob,
} from './jobs.js';
import { placementHooks } from './placement-hooks.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { paymentReconcilerJob } from './modules/payments/index.js';
import { deliverEscPosJob } from './modules/printers/index.js';
import {
  instrumentPayments,
  metricsOf,
  metricsRoutes,
  registerRequestMetrics,
} from './modules/metrics/index.js';
import { runAsRequest } from './lib/request-context.js';
import { registerRoutes } from './routes.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger: Logger;
  clock?: Clock;
  /** Replaces some outside-service adapters (tests point them at local fakes). */
  adapters?: Partial<Adapters>;
  /** Serve the built web app from dist/web when it exists (off in API tests). */
  serveWeb?: boolean;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route with its declared access rule, for the authorization matrix and the fuzzer. */
  routes: RouteEntry[];
  /** The background jobs of this app; the process entry starts them (startJobs). */
  jobs: Job[];
  /** Marks the app as stopping: /readyz answers 503 so load balancers drain it. */
  beginShutdown(): void;
}

/**
 * Node's time limits, always set (Fastify's own defaults leave the request unlimited and the
 * socket without an idle limit): a client that sends its headers or body slowly, or not at all,
 * is answered 408 and cut off; an idle kept-alive connection is closed. Node checks the first two
 * every `connectionsCheckingInterval`, here a quarter of the shorter one. A request, once read,
 * is not limited: a live stream or a send order waiting on the gateway is answered in its time;
 * only a connection on which nothing moves at all for `connectionTimeoutMs` is closed (a stream's
 * heartbeat moves every 15 s). docs/decisions/load-shedding.md.
 */
function wireTimeouts(http: Config['http']) {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    connectionTimeout: http.connectionTimeoutMs,
    http: {
      requestTimeout: http.requestTimeoutMs,
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(
        100,
        Math.floor(Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 4),
      ),
    },
  };
}

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock: opts.clock ?? (config.testControls ? settableClock() : systemClock),
    log: opts.logger,
    adapters: createAdapters(config, opts.adapters),
    // Hooks and jobs are registered here, per app, in the order they run: no module adds itself
    // at import time and nothing is shared between two apps in one process.
    hooks: { orderPlaced: [...placementHooks], outboxDeliverers: { print: deliverEscPosJob } },
  };
  // Every gateway call counted, timed and logged (modules/metrics).
  ctx.adapters.payments = instrumentPayments(ctx.adapters.payments, metricsOf(ctx), ctx.log);
  const jobs: Job[] = [
    sessionPurgeJob,
    signInFailurePurgeJob,
    outboxWorkerJob,
    paymentReconcilerJob,
    uploadCleanupJob,
    autoPrintJob,
  ];
  const state = { shuttingDown: false };
  const routes: RouteEntry[] = [];

  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For is believed only from the proxies' own addresses (TRUST_PROXY), never by
    // hop count: a client cannot pick its own address and walk around the per-address rate
    // limits, and an instance reached directly sees the caller's socket address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ...wireTimeouts(config.http),
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks: everything the request does, and every line logged meanwhile, is its.
  app.addHook('onRequest', (request, _reply, done) => runAsRequest(request.id, done));
  // Again once the body is read: its stream's events do not carry the request's context.
  app.addHook('preValidation', (request, _reply, done) => runAsRequest(request.id, done));
  registerRequestMetrics(app, ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const serveSpa = opts.serveWeb !== false && existsSync(join(webDistFolder, 'index.html'));
  registerErrorHandler(app, { serveSpa, retryAfterSeconds: config.loadShed.retryAfterSeconds });
  collectRoutes(app, routes);
  registerOriginCheck(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    hsts: config.env === 'production',
  });
  await registerLoadShedding(app, config.loadShed);
  // br/gzip above 1 KB; cached menu bodies arrive already compressed and are left alone.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // Counters are per instance: behind a load balancer each instance allows the limit on its own.
  await app.register(fastifyRateLimit, { global: false });
  registerSessions(app, ctx);
  enforceAccess(app, { operatorToken: config.metricsToken });
  // After access and rate limits (onRequest), before each route's schema validation.
  refuseUnstorableText(app);

  // The API map is a developer tool: off in production unless API_DOCS=true (config.ts).
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Forkful API',
          version: '0.1.0',
          description: 'Storefront and merchant dashboard API',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(healthRoutes(ctx, state));
  if (config.metricsToken) await app.register(metricsRoutes(ctx));
  await registerRoutes(app, ctx);

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    const target =
      config.env === 'production' && config.marketingUrl ? config.marketingUrl : '/store/demo';
    return reply.redirect(target);
  });

  if (serveSpa)
    await app.register(fastifyStatic, {
      root: webDistFolder,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Files under assets/ are named by their content hash: a new build gets new names.
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

  await app.ready();
  return {
    app,
    ctx,
    routes,
    jobs,
    beginShutdown: () => {
      state.shuttingDown = true;
    },
  };
}
