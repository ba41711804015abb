// The read-only keys of a write body (contract/write-body.ts): a client that sends back the whole
// object it read sends them unchanged, and they are ignored; a changed one is refused with 400
// naming it, since this route cannot change it (issue 28).
import { AppError, type FieldIssue } from './app-error.js';

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Throws 400 when a read-only key sent differs from the record as read now. `messages` may give
 * a key its own text; the default names the key.
 */
export function refuseChangedReadOnly(
  body: Record<string, unknown>,
  current: Record<string, unknown>,
  keys: readonly string[],
  messages: Record<string, string> = {},
): void {
  const issues: FieldIssue[] = [];
  for (const key of keys) {
    if (body[key] === undefined) continue;
    if (canonicalJson(body[key]) !== canonicalJson(current[key])) {
      issues.push({ path: ['body', key], message: messages[key] ?? `${key} is read-only here` });
    }
  }
  if (issues.length > 0) throw new AppError('invalid_input', issues[0]!.message, issues);
}
