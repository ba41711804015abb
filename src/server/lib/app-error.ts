// The closed list of error codes services may throw (DESIGN.md §4); the error handler maps each
// code to one HTTP status and the body `{ code, message, issues? }`.

export const ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  store_closed: 422,
  payment_declined: 402,
  rate_limited: 429,
  upstream_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One problem with one field of the input. `path` names the field, e.g. ['body', 'phone']. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You may not access this resource') =>
  new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in') =>
  new AppError('unauthenticated', message);
export const invalidInput = (message: string, issues?: FieldIssue[]) =>
  new AppError('invalid_input', message, issues);
