// Text PostgreSQL cannot store is refused once, for every route, before the route's own
// validation and before any query: a NUL character (refused by `text` and `jsonb` columns, which
// turned into a 500 with the SQL in the error log) and a lone UTF-16 surrogate (not valid UTF-8:
// the driver would silently store U+FFFD instead). docs/decisions/input-hardening.md says why a
// hook rather than a check in each zod schema.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../domain/messages.js';
import { invalidInput } from '../lib/app-error.js';

type Path = (string | number)[];

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the string as it is (String#isWellFormed is ES2024). */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * The path of the first string (value or object key) in `root` that PostgreSQL cannot store, or
 * null. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(root: unknown, rootPath: Path): Path | null {
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (!isStorableText(key)) return [...path, key];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Registers the check for params, querystring and body, in that order, on every route. */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const path = findUnstorableText(value, [part]);
      if (path) throw invalidInput(MESSAGES.INVALID, [{ path, message: MESSAGES.INVALID }]);
    }
  });
}
