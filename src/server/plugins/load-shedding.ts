// Load shedding (docs/decisions/load-shedding.md): past its capacity the instance refuses new
// requests at once — 503 with Retry-After, before any route work — instead of queueing them
// until every diner times out. @fastify/under-pressure samples the event loop and memory; its
// rejection reaches the client through the one error handler (plugins/error-handler.ts).
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by this plugin on the health probes: they are answered even under pressure. */
    pressureHandler?: () => void;
  }
}

export const BUSY_MESSAGE = 'Server is busy, please try again shortly';

/**
 * Probes answered under pressure: an orchestrator must neither restart (liveness) nor drain
 * (readiness) an instance for being busy — draining one busy instance pushes its load onto the
 * others, and so on until none is left.
 */
const ANSWERED_UNDER_PRESSURE = new Set(['/healthz', '/readyz']);

/** A rejection that means "come back later": under-pressure's, or any other 503 of a plugin. */
export const isBusyRejection = (err: FastifyError) => err.statusCode === 503;

/** One warning per this many ms while shedding lasts, not one per refused request. */
const WARN_EVERY_MS = 10_000;

export async function registerLoadShedding(
  app: FastifyInstance,
  settings: Config['loadShed'],
): Promise<void> {
  if (!settings.enabled) return;
  app.addHook('onRoute', (route) => {
    if (ANSWERED_UNDER_PRESSURE.has(route.url))
      route.config = { ...route.config, pressureHandler: () => undefined };
  });

  let lastWarning = 0;
  let refusedSinceWarning = 0;
  app.addHook('onError', async (request, _reply, err) => {
    if (err.code !== 'FST_UNDER_PRESSURE') return;
    refusedSinceWarning++;
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    request.log.warn(
      { refused: refusedSinceWarning, ...app.memoryUsage() },
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
  });
}
