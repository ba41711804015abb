// Routes of the auth modal and the User Info tab answer a failed schema check with the spec's
// own banner text as `message` (its "errMessage"), keeping the per-field issues. They ask Fastify
// to attach the validation error (attachValidation) and turn it into an AppError here.
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldIssue } from './app-error.js';

function issuesOf(err: NonNullable<FastifyRequest['validationError']>): FieldIssue[] {
  const context = err.validationContext || 'body';
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation.map((v: { instancePath: string; message?: string }) => ({
      path: [context, ...v.instancePath.split('/').filter(Boolean)],
      message: v.message ?? 'Invalid',
    }));
  }
  return [{ path: [context], message: err.message }];
}

/**
 * Throws invalid_input when the request failed its schema. `message` is the banner: a fixed
 * text, or (when a function) chosen from the issues, e.g. the first field's own message.
 */
export function rejectInvalid(
  request: FastifyRequest,
  message: string | ((issues: FieldIssue[]) => string),
): void {
  const err = request.validationError;
  if (!err) return;
  const issues = issuesOf(err);
  const text = typeof message === 'string' ? message : message(issues);
  throw new AppError('invalid_input', text, issues);
}

/** The first issue's own message (the spec's field messages are written as banners). */
export const firstIssueMessage = (issues: FieldIssue[]) => issues[0]?.message ?? 'Invalid input';
