// Pino options shared by the app and scripts. Card data, passwords, codes and secrets are
// redacted wherever they appear in a logged object, however deep; a request's query string is
// logged without its values; a database error without the values of its query.
import { type LoggerOptions, stdSerializers } from 'pino';
import { isQueryError } from '../db/query-errors.js';
import { currentRequestId } from './request-context.js';

const SENSITIVE_KEYS = [
  'password',
  'merchantPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'cardNumber',
  'account',
  'acount',
  'cvv',
  'cvv2',
  'cvc',
  'expiry',
  'verificationCode',
  'token',
  'recaptchaToken',
  'captchaResponse',
  'credentials',
  'paymentCredentials',
  'authorization',
  'cookie',
  'set-cookie',
];

export const REDACT_PATHS = [
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((k) => `*.${k}`),
  ...SENSITIVE_KEYS.map((k) => `*.*.${k}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

const CENSOR = '[redacted]';

/**
 * A URL with each query value replaced, keeping the path and the key names: a diner can type a
 * card number or a phone into any query string, and redaction by key name cannot know them all.
 */
export function urlWithoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = [...new URLSearchParams(url.slice(at + 1)).keys()];
  if (keys.length === 0) return url.slice(0, at);
  return `${url.slice(0, at)}?${keys.map((k) => `${encodeURIComponent(k)}=${CENSOR}`).join('&')}`;
}

/** The request fields fastify logs by default, with the query's values left out. */
function requestSerializer(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: urlWithoutQueryValues(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

interface PgErrorFields {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
}

/** An error PostgreSQL (server or PGlite) answered: it carries a five-character SQLSTATE. */
function isPgError(e: unknown): e is Error & PgErrorFields {
  return (
    e instanceof Error &&
    typeof (e as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as unknown as { code: string }).code) &&
    'severity' in e
  );
}

/** The stack's frames, without the message lines above them (they may hold the values). */
function framesOf(e: Error): string {
  return (e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function rebuilt(type: string, message: string, from: Error, fields: object, cause?: Error): Error {
  const safe = new Error(message, cause ? { cause } : undefined);
  safe.name = type;
  safe.stack = `${type}: ${message}\n${framesOf(from)}`;
  return Object.assign(safe, fields);
}

/**
 * A database error as it may be logged: the SQL text (placeholders only), the SQLSTATE code,
 * constraint, table, column and routine; never the query's parameters, PostgreSQL's message or
 * detail, which quote the values ("Key (email)=(…) already exists", "invalid input syntax…: "…"").
 */
export function withoutQueryValues(err: unknown): unknown {
  const fieldsOf = (e: PgErrorFields) => ({
    code: e.code,
    severity: e.severity,
    constraint: e.constraint,
    table: e.table,
    column: e.column,
    dataType: e.dataType,
    routine: e.routine,
  });
  const pgSafe = (e: Error & PgErrorFields) =>
    rebuilt(
      e.name,
      `PostgreSQL error ${e.code}${e.routine ? ` (${e.routine})` : ''}`,
      e,
      fieldsOf(e),
    );
  if (isQueryError(err)) {
    // The cause's fields are lifted: pino's serializer keeps only a cause's message and stack.
    const pg = isPgError(err.cause) ? err.cause : undefined;
    return rebuilt(
      'DrizzleQueryError',
      `Failed query: ${err.query}`,
      err,
      pg ? fieldsOf(pg) : {},
      pg ? pgSafe(pg) : undefined,
    );
  }
  if (isPgError(err)) return pgSafe(err);
  return err;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // A line written for a request names it, even through ctx.log (a gateway call, the outbox
    // worker delivering a message the request queued); Fastify's request logger names it already.
    mixin: (_fields, _level, logger) => {
      const reqId = currentRequestId();
      return reqId === undefined || 'reqId' in logger.bindings() ? {} : { reqId };
    },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: requestSerializer,
      err: (err: unknown) => {
        const safe = withoutQueryValues(err);
        const out = stdSerializers.err(safe as Error) as unknown as Record<string, unknown>;
        if (safe !== err && safe instanceof Error) out.type = safe.name;
        return out;
      },
    },
  };
}
