// The error answer of every route (docs/design/stack.md): `{ code, message, issues?, reference? }`,
// with `code` from one closed list. The server's error handler builds it; the browser's ApiError
// reads it.
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes.js';

export { ERROR_STATUS, type ErrorCode } from './error-codes.js';

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES);

/** One problem with one field of the input. `path` names the field, e.g. ['body', 'phone']. */
export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;

export const errorBody = z.object({
  code: errorCodeSchema,
  message: z.string(),
  issues: z.array(fieldIssue).optional(),
  /**
   * On a 500 only: a short code naming this failure in the server's log (the request id's first
   * characters; the log line carries the whole id), for the diner to quote to support (M8.10).
   */
  reference: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A route's error answers: the error body under each status the route may answer with. */
export function errorAnswers<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<
    S,
    typeof errorBody
  >;
}
