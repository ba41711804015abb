// The error services throw: one of the contract's closed list of codes (docs/design/stack.md),
// which the error handler answers with that code's one HTTP status and the body `{ code, message,
// issues? }`.
import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '../../contract/errors.js';

export { ERROR_STATUS, type ErrorCode, type FieldIssue };

export class AppError extends Error {
  readonly status: number;
  /** Sent as Retry-After: when a refused caller may try again (a rate limit, a sign-in wait). */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You may not access this resource') =>
  new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in') =>
  new AppError('unauthenticated', message);
export const invalidInput = (message: string, issues?: FieldIssue[]) =>
  new AppError('invalid_input', message, issues);
