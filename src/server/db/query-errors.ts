// Recognises drizzle's query error, so code outside the data layer (the logger) can describe it
// without importing drizzle itself (module-boundaries.md: only src/server/db and repositories do).
import { DrizzleQueryError } from 'drizzle-orm';

export function isQueryError(err: unknown): err is Error & { query: string; cause?: unknown } {
  return err instanceof DrizzleQueryError;
}
