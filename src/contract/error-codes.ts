// The closed list of error codes with their statuses, apart from errors.ts's schemas so the browser
// reads them without loading zod.

/** Each error code with the one HTTP status it is answered with. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  /** A CloudPRNT printer asked for a media type we do not offer. */
  unsupported_media_type: 415,
  store_closed: 422,
  payment_declined: 402,
  rate_limited: 429,
  upstream_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
