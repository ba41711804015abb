// One place where every error becomes an HTTP answer `{ code, message, issues? }`.
// A 5xx never leaks internals: the details go to the log with the request id, and a 500 names
// the first characters of that id as its `reference`.
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_S,
  describeDatabaseError,
  isDatabaseUnavailable,
} from '../db/connection-errors.js';
import type { ErrorBody, FieldIssue } from '../../contract/errors.js';
import { AppError, ERROR_STATUS } from '../lib/app-error.js';
import { BUSY_MESSAGE, isBusyRejection } from './load-shedding.js';
import { storePreloadLinks } from './store-preload.js';

/** Maps fastify's own error codes (body parsing, size limits…) onto ours. */
function fromFastifyError(err: FastifyError): ErrorBody | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload_too_large', message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'invalid_input',
        message: 'Request body is not valid JSON',
        issues: [{ path: ['body'], message: err.message }],
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'invalid_input', message: err.message };
    default:
      return undefined;
  }
}

/**
 * A 500's answer: "Internal error" and a reference code, never the error's details. The code is
 * the request id's first 8 letters or digits; the log line above it carries the whole id (reqId),
 * so support finds the failure from what the diner quotes (docs/decisions/api-contract.md).
 */
export function internalError(requestId: string): ErrorBody {
  const reference = requestId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  return { code: 'internal', message: 'Internal error', ...(reference ? { reference } : {}) };
}

export function registerErrorHandler(
  app: FastifyInstance,
  opts: { serveSpa: boolean; retryAfterSeconds: number },
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(err.retryAfterSeconds));
      }
      body = {
        code: err.code,
        message: err.message,
        ...(err.issues ? { issues: err.issues } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: FieldIssue[] = err.validation.map((v) => ({
        path: [err.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)],
        message: v.message ?? 'Invalid',
      }));
      // The spec's text as it is: a screen shows `message`; the field is named in `issues`.
      body = { code: 'invalid_input', message: issues[0]?.message ?? 'Invalid input', issues };
    } else if (err.statusCode === 429) {
      body = { code: 'rate_limited', message: 'Too many requests, please try again later' };
    } else if (err.code === 'ECONNRESET' && !request.raw.complete) {
      // The client hung up, or the request time-out cut off its stalled body, while the body was
      // arriving: no one to answer, and nothing wrong with the database (its codes overlap). A
      // body read whole (`complete`) means the reset came from elsewhere — the database's socket
      // during a restart — and is answered 503 below (`destroyed` alone is also true once a body
      // was read to its end, which turned a restart's cart add into this 400).
      request.log.debug({ code: err.code }, 'request body aborted');
      return reply.status(400).send({ code: 'invalid_input', message: 'Request body aborted' });
    } else if (isDatabaseUnavailable(err)) {
      // The database is away (restarting, refusing connections): a short outage, not a bug. The
      // log line names the driver's error only: the failed query's parameters are diners' data.
      request.log.warn({ db: describeDatabaseError(err) }, 'database unavailable');
      body = {
        code: 'upstream_unavailable',
        message: 'The service is briefly unavailable, please try again shortly',
      };
      return reply
        .status(ERROR_STATUS[body.code])
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(body);
    } else if (isBusyRejection(err)) {
      // Load shed (or another plugin's "busy"): the client should come back, not see a 500. Not
      // logged per request: load-shedding.ts warns once in a while with the figures.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', opts.retryAfterSeconds);
      return reply
        .status(503)
        .send({ code: 'upstream_unavailable', message: BUSY_MESSAGE } satisfies ErrorBody);
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match its declared schema');
      body = internalError(request.id);
    } else {
      const mapped = fromFastifyError(err);
      if (mapped) body = mapped;
      else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        body = { code: 'invalid_input', message: err.message };
        return reply.status(err.statusCode).send(body);
      } else {
        request.log.error({ err }, 'unhandled error');
        body = internalError(request.id);
      }
    }
    const status = ERROR_STATUS[body.code];
    if (status >= 500 && body.code !== 'internal') request.log.warn({ err }, body.message);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client-side routes (/store/..., /merchant/...) all load the single-page app.
    const isPage =
      request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (opts.serveSpa && isPage) {
      const preload = storePreloadLinks(path);
      if (preload) reply.header('link', preload);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: 'not_found', message: `Route ${request.method} ${path} not found` });
  });
}
