// Background jobs of a running instance (session purge, forgotten sign-in failures, outbox worker,
// abandoned uploads; the payment reconciler lives in its module). app.ts lists the app's jobs;
// server.ts starts them. Each job must be safe to run on several instances at once.
import type { AppContext } from './app-context.js';
import { describeDatabaseError, isDatabaseUnavailable } from './db/connection-errors.js';
import { purgeAbandonedUploads } from './modules/files/index.js';
import { runOutboxWorker } from './modules/outbox/index.js';
import { dispatchAutoPrint, dispatchCancelTickets } from './modules/printers/index.js';
import { purgeExpiredSessions } from './modules/sessions/index.js';
import { purgeForgottenSignInFailures } from './modules/sign-in-guard/index.js';

export interface Job {
  name: string;
  /** Milliseconds between runs; the first run starts right away. */
  everyMs: number;
  run(ctx: AppContext): Promise<void>;
}

export const sessionPurgeJob: Job = {
  name: 'purge expired sessions',
  everyMs: 60 * 60 * 1000,
  run: (ctx) => purgeExpiredSessions(ctx.db, ctx.clock.now()),
};

export const signInFailurePurgeJob: Job = {
  // Failure counts are forgotten 15 minutes after their wait ran out (sign-in-guesses.md); the
  // rows go here. A forgotten row left until then changes nothing: the next try starts it anew.
  name: 'purge forgotten sign-in failures',
  everyMs: 10 * 60 * 1000,
  run: (ctx) => purgeForgottenSignInFailures(ctx.db, ctx.clock.now()),
};

export const uploadCleanupJob: Job = {
  // Uploads never used by item_complete expire (UPLOAD_TTL_MINUTES) and are deleted here; an
  // expired one can no longer be taken even before this runs.
  name: 'delete abandoned uploads',
  everyMs: 10 * 60 * 1000,
  run: async (ctx) => {
    await purgeAbandonedUploads(ctx);
  },
};

export const outboxWorkerJob: Job = {
  // Delivers queued SMS and email: polls every OUTBOX_POLL_MS (the worker skips ticks until
  // then) and is also woken at once by NOTIFY when a message is queued.
  name: 'outbox worker',
  everyMs: 250,
  run: (ctx) => runOutboxWorker(ctx),
};

export const autoPrintJob: Job = {
  // Queues the kitchen tickets of orders placed at stores that print by themselves (issue 29):
  // after placement commits, so printing never slows or fails an order; printers then fetch
  // (CloudPRNT) their jobs. Two seconds between runs: a ticket is out within a few seconds.
  name: 'queue automatic kitchen tickets',
  everyMs: 2000,
  run: async (ctx) => {
    await dispatchAutoPrint(ctx);
    // Cancel tickets for cancelled orders that had printed (any store, whatever its setting).
    await dispatchCancelTickets(ctx);
  },
};

/** The longest pause of a job while the database is away (it is tried again after it). */
export const JOB_PAUSE_MAX_MS = 5000;

/** Starts every job on its interval; resolves the returned stop function once runs in flight end. */
export function startJobs(ctx: AppContext, list: readonly Job[]): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of list) {
    // While the database is away a job skips its ticks with a growing pause (one warning, not
    // one error per tick), and runs at its own pace again once a run gets through.
    let outages = 0;
    let pausedUntil = 0;
    const tick = () => {
      if (stopped || Date.now() < pausedUntil) return;
      const p = job
        .run(ctx)
        .then(() => {
          if (outages > 0) ctx.log.info({ job: job.name }, 'background job: database back');
          outages = 0;
        })
        .catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) {
            ctx.log.error({ err, job: job.name }, 'background job failed');
            return;
          }
          if (outages === 0) {
            ctx.log.warn(
              { job: job.name, db: describeDatabaseError(err) },
              'background job: database unavailable, pausing',
            );
          }
          outages++;
          pausedUntil = Date.now() + Math.min(JOB_PAUSE_MAX_MS, 250 * 2 ** (outages - 1));
        })
        .finally(() => running.delete(p));
      running.add(p);
    };
    tick();
    timers.push(setInterval(tick, job.everyMs));
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.all(running);
  };
}
