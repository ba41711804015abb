// Load shedding (docs/decisions/load-shedding.md): past its capacity the instance refuses new
// requests at once — 503 with Retry-After, before any route work — instead of queueing them
// until every diner times out. Two gates, both answered through the one error handler
// (plugins/error-handler.ts):
// - a cap on requests in progress, which bounds queueing (for the database pool, PGlite's one
//   connection, the CPU) however the work is spread;
// - @fastify/under-pressure, which samples the event loop (and memory, when limits are set).
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export const BUSY_MESSAGE = 'Server is busy, please try again shortly';

/**
 * Probes answered under pressure: an orchestrator must neither restart (liveness) nor drain
 * (readiness) an instance for being busy — draining one busy instance pushes its load onto the
 * others, and so on until none is left.
 */
const ANSWERED_UNDER_PRESSURE = new Set(['/healthz', '/readyz']);

/**
 * The web app's own files and pages (any GET or HEAD outside /api/) are answered under pressure
 * too: they are files sent as they are, and a refused script leaves the diner a blank page that
 * never recovers (the browser does not retry it; bench/storefront met that right after a start,
 * when the event-loop sample still held the start's work), while a refused API call is retried
 * by the web app or shown with "Try again". The API is what the gates protect.
 */
export function answeredUnderPressure(method: string, url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (ANSWERED_UNDER_PRESSURE.has(path)) return true;
  return (method === 'GET' || method === 'HEAD') && !path.startsWith('/api/');
}

const UNDER_PRESSURE = 'FST_UNDER_PRESSURE';
const TOO_MANY_IN_FLIGHT = 'FK_TOO_MANY_IN_FLIGHT';

/** The in-flight cap's refusal, shaped like under-pressure's (a 503 FastifyError). */
class TooManyInFlightError extends Error {
  readonly code = TOO_MANY_IN_FLIGHT;
  readonly statusCode = 503;
  constructor() {
    super(BUSY_MESSAGE);
  }
}

/** under-pressure's refusal, made by our pressure handler (the library's own has the same code). */
class UnderPressureError extends Error {
  readonly code = UNDER_PRESSURE;
  readonly statusCode = 503;
  constructor() {
    super(BUSY_MESSAGE);
  }
}

/** A rejection that means "come back later": ours, under-pressure's, or another plugin's 503. */
export const isBusyRejection = (err: FastifyError) => err.statusCode === 503;

/** One warning per this many ms while shedding lasts, not one per refused request. */
const WARN_EVERY_MS = 10_000;

export async function registerLoadShedding(
  app: FastifyInstance,
  settings: Config['loadShed'],
): Promise<void> {
  if (!settings.enabled) return;
  let inFlight = 0;
  if (settings.maxInFlight > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      if (answeredUnderPressure(request.method, request.url)) return done();
      if (inFlight >= settings.maxInFlight) {
        reply.header('retry-after', settings.retryAfterSeconds);
        return done(new TooManyInFlightError());
      }
      inFlight++;
      // 'close' comes once per response, whether it was sent or the client went away.
      reply.raw.once('close', () => inFlight--);
      done();
    });
  }

  let lastWarning = 0;
  let refusedSinceWarning = 0;
  app.addHook('onError', async (request, _reply, err) => {
    if (err.code !== UNDER_PRESSURE && err.code !== TOO_MANY_IN_FLIGHT) return;
    refusedSinceWarning++;
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    request.log.warn(
      { refused: refusedSinceWarning, inFlight, ...app.memoryUsage() },
      'under pressure: refusing requests with 503',
    );
    lastWarning = now;
    refusedSinceWarning = 0;
  });

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxEventLoopUtilization: settings.maxEventLoopUtilization,
    // Utilisation of the last sample, not the average since start (which hides a burst).
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    maxRssBytes: settings.maxRssBytes,
    sampleInterval: settings.sampleIntervalMs,
    retryAfter: settings.retryAfterSeconds,
    message: BUSY_MESSAGE,
    // Called instead of the library's own refusal: nothing lets the request through, a rejected
    // promise refuses it (the library passes the error on, as its own refusal does).
    pressureHandler: (request, reply) => {
      if (answeredUnderPressure(request.method, request.url)) return;
      reply.header('retry-after', settings.retryAfterSeconds);
      return Promise.reject(new UnderPressureError());
    },
  });
}
