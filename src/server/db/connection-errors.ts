// Tells "the database is away" (restarting, refusing connections, a connection cut) from every
// other database error. Those are answered 503 with Retry-After instead of 500, and background
// jobs back off on them (docs/decisions/database-resilience.md).

/** Seconds a client is asked to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Socket-level failures reaching or keeping the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going or not there yet: class 08 (connection exception), 57P01 admin
 * shutdown (pg_ctl stop/restart, pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot
 * connect now (starting up or shutting down), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own messages for a connection that died or could not be made. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

function isUnavailableOne(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * True when `err`, or an error it wraps (drizzle's "Failed query" keeps the driver's error as
 * `cause`; a connect failure may be an AggregateError of one per address), says the database
 * could not be reached or dropped the connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift();
    if (e === undefined || e === null || seen.has(e) || seen.size > 10) continue;
    seen.add(e);
    if (isUnavailableOne(e)) return true;
    if (typeof e === 'object') {
      queue.push((e as { cause?: unknown }).cause);
      const inner = (e as { errors?: unknown }).errors;
      if (Array.isArray(inner)) queue.push(...inner);
    }
  }
  return false;
}

/** The driver-level code and message of an unavailable-database error, for a short log line. */
export function describeDatabaseError(err: unknown): { code?: string; message: string } {
  let e: unknown = err;
  for (let i = 0; i < 5 && typeof e === 'object' && e !== null; i++) {
    if (isUnavailableOne(e)) break;
    const cause = (e as { cause?: unknown }).cause;
    if (cause === undefined) break;
    e = cause;
  }
  const code = (e as { code?: unknown } | null)?.code;
  const message = (e as { message?: unknown } | null)?.message;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message : String(e),
  };
}
