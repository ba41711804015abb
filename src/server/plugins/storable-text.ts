// Text no field keeps is refused once, for every route, before the route's own validation and
// before any query: a NUL character (refused by `text` and `jsonb` columns, which turned into a
// 500 with the SQL in the error log), a lone UTF-16 surrogate (not valid UTF-8: the driver would
// silently store U+FFFD instead), and (issue 24) the C0 controls, DEL and the bidi controls, with
// tab and line feed let through in the fields the route's schema marks multi-line (CRLF there is
// taken as LF). docs/decisions/input-hardening.md says why a hook rather than a check in each zod
// schema, and where the multi-line mark lives.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MESSAGES } from '../../domain/messages.js';
import {
  hasLineBreakOrTab,
  normalizeLineBreaks,
  textCharacterProblem,
} from '../../domain/validation/text-characters.js';
import { invalidInput } from '../lib/app-error.js';
import { isMultiLinePath } from '../lib/multi-line-fields.js';

type Path = (string | number)[];

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the string as it is (String#isWellFormed is ES2024). */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

export interface RefusedText {
  path: Path;
  message: string;
}

/** Why a string at `path` cannot be kept, or null; `multiLine` answers for that path. */
function problemOf(s: string, multiLine: () => boolean): string | null {
  if (!isStorableText(s)) return MESSAGES.INVALID;
  return textCharacterProblem(s, hasLineBreakOrTab(s) && multiLine());
}

/**
 * The first string (value or object key) in `root` that no field keeps, with why, or null.
 * `schema` is the zod schema of the part `root` is (its multi-line fields keep tab and line feed;
 * a CRLF in one is rewritten to LF in place). Walks with its own stack, so a deeply nested body
 * cannot overflow the call stack.
 */
export function findRefusedText(
  root: unknown,
  rootPath: Path,
  schema?: z.ZodType,
): RefusedText | null {
  /** `holder` is the array or object the value sits in, so a CRLF can be rewritten in place. */
  type Entry = { value: unknown; path: Path; holder?: unknown[] | Record<string, unknown> };
  const stack: Entry[] = [{ value: root, path: rootPath }];
  const below = rootPath.length;
  while (stack.length > 0) {
    const { value, path, holder } = stack.pop()!;
    if (typeof value === 'string') {
      const multiLine = () => isMultiLinePath(schema, path.slice(below));
      let text = value;
      if (holder && text.includes('\r\n') && multiLine()) {
        text = normalizeLineBreaks(text);
        (holder as Record<string | number, unknown>)[path.at(-1)!] = text;
      }
      const message = problemOf(text, multiLine);
      if (message) return { path, message };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i], holder: value });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const keyProblem = problemOf(key, () => false);
        if (keyProblem) return { path: [...path, key], message: keyProblem };
        stack.push({
          value: child,
          path: [...path, key],
          holder: value as Record<string, unknown>,
        });
      }
    }
  }
  return null;
}

/** The answer's message: the field's issue and the field, as a person can find it in the form. */
function messageNaming({ path, message }: RefusedText): string {
  if (message === MESSAGES.INVALID) return message;
  const field = path.length > 1 ? path.slice(1).join('.') : String(path[0]);
  return `${message} (${field})`;
}

/** Registers the check for params, querystring and body, in that order, on every route. */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as
      Partial<Record<'params' | 'querystring' | 'body', z.ZodType>> | undefined;
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const refused = findRefusedText(value, [part], schema?.[part]);
      if (refused) {
        // The same words in the issue and the answer: a form shows either, and both name the field.
        const message = messageNaming(refused);
        throw invalidInput(message, [{ path: refused.path, message }]);
      }
    }
  });
}
