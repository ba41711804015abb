// The one way the browser talks to the server: same-origin cookies, JSON in and out, and the
// server's error body `{ code, message, issues? }` (DESIGN.md §4) turned back into an ApiError.

/** The closed list of error codes of DESIGN.md §4, plus what the client itself can observe. */
export type ApiErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'store_closed'
  | 'payment_declined'
  | 'upstream_unavailable'
  | 'rate_limited'
  | 'payload_too_large'
  | 'internal'
  | 'network_error'
  | (string & {});

export interface ApiIssue {
  path: (string | number)[];
  message: string;
  code?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: ApiIssue[] = [],
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

const DEFAULT_CODES: Record<number, ApiErrorCode> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  502: 'upstream_unavailable',
  503: 'upstream_unavailable',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((i) => ({
    path: Array.isArray(i.path)
      ? i.path.filter((p) => typeof p === 'string' || typeof p === 'number')
      : [],
    message: typeof i.message === 'string' ? i.message : 'Invalid value',
    ...(typeof i.code === 'string' ? { code: i.code } : {}),
  }));
}

/** Builds the ApiError for a non-2xx response from its (possibly non-JSON) body. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const fallbackCode = DEFAULT_CODES[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
  if (isRecord(body)) {
    const code = typeof body.code === 'string' ? body.code : fallbackCode;
    const message =
      typeof body.message === 'string' && body.message !== ''
        ? body.message
        : `Request failed (${status})`;
    return new ApiError(status, code, message, toIssues(body.issues));
  }
  return new ApiError(status, fallbackCode, `Request failed (${status})`);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** Encodes one path segment (merchant ids, table names, order ids come from the URL). */
export const seg = (value: string) => encodeURIComponent(value);
