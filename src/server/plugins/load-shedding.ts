// Load shedding (docs/decisions/load-shedding.md): past its capacity the instance refuses new
// requests at once — 503 with Retry-After, before any route work — instead of queueing them
// until every diner times out. Two gates, both answered through the one error handler
// (plugins/error-handler.ts):
// - a cap on requests in progress, which bounds queueing (for the database pool, PGlite's one
//   connection, the CPU) however the work is spread; a quarter of it is kept for placing orders,
//   payments and the merchant's writes, and menu reads are shed first. Live streams and bodies
//   still arriving take no slot;
// - @fastify/under-pressure, which samples the event loop (and memory, when limits are set).
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * How a route is treated when slots run short, declared in its `config.load`:
 * - priority: what turns a diner into an order and the merchant's work — send order, the
 *   payment steps (card checks, hosted payment returns) and the merchant's writes (any
 *   non-GET merchant route, without declaring it). May use every slot, the reserved quarter too.
 * - ordinary (the default): everything else.
 * - browse: the menu reads, shed first — they are retried by the web app and cost a diner no
 *   money, and under overload there is no point serving a menu to someone who cannot then order.
 * - poll: a kitchen printer's poll (CloudPRNT, every 5 s a printer): shed with the menu reads —
 *   a refused poll is asked again in seconds, and a hundred printers must never hold the slots
 *   an order needs.
 */
export type LoadClass = 'priority' | 'ordinary' | 'browse' | 'poll';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's class when slots run short (plugins/load-shedding.ts); default ordinary. */
    load?: 'priority' | 'browse' | 'poll';
  }
}

export function loadClassOf(
  method: string,
  config: { load?: 'priority' | 'browse' | 'poll'; access?: string },
): LoadClass {
  if (config.load) return config.load;
  const write = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  if (write && (config.access === 'merchant' || config.access === 'signedInMerchant'))
    return 'priority';
  return 'ordinary';
}

/**
 * How many requests may be in flight when one of `cls` is admitted, under a cap of `cap`: a
 * quarter of the slots is kept for priority requests, and menu reads stop at half.
 */
export function slotsFor(cls: LoadClass, cap: number): number {
  const reserve = Math.ceil(cap / 4);
  if (cls === 'priority') return cap;
  if (cls === 'ordinary') return Math.max(1, cap - reserve);
  return Math.max(1, cap - 2 * reserve);
}

/** A request's slot: given back while its body arrives, taken again once it is read. */
interface Slot {
  cls: LoadClass;
  held: boolean;
  /** The response has closed (sent, or the client left): never take the slot again. */
  closed: boolean;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

export async function registerLoadShedding(
  app: FastifyInstance,
  settings: Config['loadShed'],
): Promise<void> {
  if (!settings.enabled) return;
  let inFlight = 0;
  if (settings.maxInFlight > 0) {
    const cap = settings.maxInFlight;
    const slots = new WeakMap<FastifyRequest, Slot>();
    const take = (slot: Slot): boolean => {
      if (slot.held || slot.closed) return true;
      if (inFlight >= slotsFor(slot.cls, cap)) return false;
      inFlight++;
      slot.held = true;
      return true;
    };
    const give = (slot: Slot) => {
      if (!slot.held) return;
      slot.held = false;
      inFlight--;
    };
    const refuse = (reply: FastifyReply) => {
      reply.header('retry-after', settings.retryAfterSeconds);
      return new TooManyInFlightError();
    };

    app.addHook('onRequest', (request, reply, done) => {
      if (answeredUnderPressure(request.method, request.url)) return done();
      const config = request.routeOptions.config;
      // A live stream is not a request in progress: it has its own budget (order-events).
      if (config.stream) return done();
      const slot: Slot = { cls: loadClassOf(request.method, config), held: false, closed: false };
      if (!take(slot)) return done(refuse(reply));
      slots.set(request, slot);
      // 'close' comes once per response, whether it was sent or the client went away (or the
      // server's request time-out cut a stalled body off).
      reply.raw.once('close', () => {
        slot.closed = true;
        give(slot);
      });
      done();
    });
    // A body on its way is not work: a client sending it slowly (or never) holds no slot while
    // it does, so 40 stalled bodies cannot fill the cap. HTTP_REQUEST_TIMEOUT_MS ends them.
    app.addHook('preParsing', async (request, _reply, payload) => {
      const slot = slots.get(request);
      if (slot && hasBody(request.headers)) give(slot);
      return payload;
    });
    app.addHook('preValidation', (request, reply, done) => {
      const slot = slots.get(request);
      if (slot && !take(slot)) return done(refuse(reply));
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
      // Placing, paying and the merchant's writes pass: the cap alone bounds them. On PGlite the
      // loop's lateness is the database's own work, and shedding a send order there to serve a
      // menu read defeats the reserve.
      if (loadClassOf(request.method, request.routeOptions.config) === 'priority') return;
      reply.header('retry-after', settings.retryAfterSeconds);
      return Promise.reject(new UnderPressureError());
    },
  });
}
