// Readiness: whether this instance's database answers within a bound, for /readyz.
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from './health.repository.js';

/** Resolves when the database answers within `timeoutMs`; rejects (its error, or a timeout) else. */
export async function databaseAnswers(ctx: AppContext, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(ctx.database),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness check timed out')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
