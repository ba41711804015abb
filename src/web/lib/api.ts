// The one way the browser talks to the server: a route of the contract (src/contract) called
// with its params, query and body, its answer typed from the route's schemas; same-origin
// cookies, JSON in and out, and the error body `{ code, message, issues?, reference? }`
// (docs/design/stack.md) turned back into an ApiError.
import { ERROR_STATUS, type ErrorCode } from '../../contract/error-codes.js';
import type { ErrorBody, FieldIssue } from '../../contract/errors.js';
import { internalErrorText } from '../../domain/messages.js';
import type {
  RouteAnswer,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteRef,
} from '../../contract/route.js';

/** The contract's closed list of error codes, plus what only the client can observe. */
export type ApiErrorCode = ErrorCode | 'network_error';

export type ApiIssue = FieldIssue;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** Whether `message` is the server's own (its error body), not one made up here. */
    readonly fromServer = false,
  ) {
    super(message);
  }

  /** The message for one form field, from `issues` (e.g. fieldMessage('phone')). */
  fieldMessage(field: string): string | undefined {
    return this.issues.find((i) => i.path.join('.') === field)?.message;
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The code a status stands for when the body says nothing usable (a proxy's page, say). */
function codeForStatus(status: number): ErrorCode {
  const known = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);
  if (known) return known;
  if (status === 502 || status === 504) return 'upstream_unavailable';
  return status >= 500 ? 'internal' : 'invalid_input';
}

/** A reference code as the server makes them (error-handler.ts); anything else is not shown. */
const REFERENCE = /^[A-Za-z0-9]{1,16}$/;

/**
 * Builds the ApiError for a non-2xx response from its (possibly non-JSON) body. A server error
 * reads "Internal error [reference]" with the advice to contact support, never the details
 * (spec §8 "Internal error [..]", checklist M8.10): the reference is the body's, else the
 * response's request id, shortened the way the server does.
 */
export function errorFromResponse(status: number, body: unknown, requestId?: string): ApiError {
  const fromHeader = requestId?.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  if (isErrorBody(body)) {
    const { code, message, issues, reference } = body;
    if (code === 'internal') {
      const ref = [reference, fromHeader].find((r) => r !== undefined && REFERENCE.test(r));
      return new ApiError(status, code, internalErrorText(ref), issues ?? [], true);
    }
    return new ApiError(status, code, message || `Request failed (${status})`, issues ?? [], true);
  }
  const code = codeForStatus(status);
  if (status >= 500 && code !== 'upstream_unavailable') {
    const ref = fromHeader && REFERENCE.test(fromHeader) ? fromHeader : undefined;
    return new ApiError(status, code, internalErrorText(ref));
  }
  return new ApiError(status, code, `Request failed (${status})`);
}

/**
 * The contract's error body (errorBody in src/contract/errors.ts), checked by hand rather than by
 * its zod schema so that zod stays out of the store page's first load; api.test.ts holds this
 * check to the schema's verdicts.
 */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, issues } = body as Record<string, unknown>;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code)) return false;
  if (typeof message !== 'string') return false;
  const { reference } = body as Record<string, unknown>;
  if (reference !== undefined && typeof reference !== 'string') return false;
  if (issues === undefined) return true;
  return Array.isArray(issues) && issues.every(isFieldIssue);
}

function isFieldIssue(issue: unknown): issue is FieldIssue {
  if (typeof issue !== 'object' || issue === null) return false;
  const { path, message } = issue as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    Array.isArray(path) &&
    path.every((p) => typeof p === 'string' || (typeof p === 'number' && Number.isFinite(p)))
  );
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(
      0,
      'network_error',
      'Cannot reach the server. Please check your connection and try again.',
    );
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    throw errorFromResponse(
      response.status,
      parsed,
      response.headers?.get('x-request-id') ?? undefined,
    );
  }
  return parsed;
}

/** What a call sends: only the parts its route declares (`{}` for a route with none). */
export type CallInput<R extends RouteRef> = (RouteParams<R> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

/** The route's path with its `:name` parameters filled in (each one encoded) and its query. */
export function urlOf(route: RouteRef, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: no :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * Calls one route of the contract (a ref from src/contract/refs.ts, or the route itself); resolves
 * with its success answer, rejects with ApiError.
 */
export async function call<R extends RouteRef>(
  route: R,
  input: CallInput<R>,
  signal?: AbortSignal,
): Promise<RouteAnswer<R>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const options: RequestOptions = { method: route.method };
  if (signal) options.signal = signal;
  // A POST without a declared body still sends `{}`, as the server's JSON parser expects.
  if (body !== undefined || route.method !== 'GET') options.body = body ?? {};
  return (await apiRequest(urlOf(route, params, query), options)) as RouteAnswer<R>;
}
