// What a read gives, a write takes (issue 28). A write body is a strict object: a key nobody
// reads is refused with 400 naming it ("Unrecognized key"), so a misspelt or foreign key is never
// silently dropped. The keys the matching read returns are accepted too, so a client may send
// back the whole object it read with one field changed: the write's own keys are written, and the
// read's other keys are read-only — the server ignores them when they equal what is stored and
// refuses them, naming the key, when they differ (server/lib/read-only-keys.ts).
import { z } from 'zod';

/** The read's keys that the write does not take itself: accepted as anything, checked later. */
export function readOnlyKeysOf(read: z.ZodObject, write: z.ZodRawShape): string[] {
  return Object.keys(read.shape).filter((key) => !(key in write));
}

/**
 * A strict write body with the write's own `shape` plus the read's other keys (any value,
 * optional: the server compares them with the stored record). Its type shows the write's own
 * keys only: our clients send those; the read-only ones are for clients that send a read back.
 */
export function writeBodyOf<S extends z.ZodRawShape>(read: z.ZodObject, shape: S) {
  const readOnly = Object.fromEntries(
    readOnlyKeysOf(read, shape).map((key) => [key, z.unknown().optional()]),
  );
  return z.strictObject({ ...readOnly, ...shape } as S);
}
