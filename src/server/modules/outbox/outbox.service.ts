// The outbox: messages are queued with enqueueMessage inside the caller's transaction (an insert
// and a NOTIFY, nothing else), so a slow or failing provider can never block or fail an order.
// A worker on every instance then delivers them at least once: it claims due rows with
// FOR UPDATE SKIP LOCKED and a lease, sends through the SMS or email adapter with a time limit,
// and records sent / failed (retried with exponential backoff) / dead (after
// OUTBOX_MAX_ATTEMPTS, or at once for a permanent refusal such as an invalid number).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context.js';
import type { Statement, Tx } from '../../db/client.js';
import { describeDatabaseError, isDatabaseUnavailable } from '../../db/connection-errors.js';
import { invalidInput } from '../../lib/app-error.js';
import { currentRequestId, runAsRequest } from '../../lib/request-context.js';
import {
  type OutboxRow,
  claimDue,
  type NewMessage,
  insertMessages,
  insertMessagesStatement,
  markFailed,
  markSentMany,
} from './outbox.repository.js';
import * as outboxRows from './outbox.repository.js';
import {
  OUTBOX_CHANNEL,
  type OutboxMessage,
  emailPayloadSchema,
  printPayloadSchema,
  smsPayloadSchema,
} from './outbox.types.js';

/**
 * Queues a message in the caller's transaction. The same messageKey queues it once: a second
 * call returns the first row (created: false). Workers are woken by NOTIFY on commit.
 */
export async function enqueueMessage(
  tx: Tx,
  message: OutboxMessage,
): Promise<{ id: number; created: boolean }> {
  // The multi-row insert: one statement that also wakes the workers, only when it queued the row.
  const [result] = await insertMessages(tx, [checkedMessage(message)]);
  return result!;
}

/**
 * Queues several messages at once (an order's notifications): each is checked as enqueueMessage
 * checks it, then all go in with one statement that also wakes the workers on commit.
 */
export async function enqueueMessages(
  tx: Tx,
  messages: readonly OutboxMessage[],
): Promise<{ id: number; created: boolean }[]> {
  return insertMessages(tx, messages.map(checkedMessage));
}

/**
 * The statement that queues several messages, each checked as enqueueMessage checks it, and wakes
 * the workers on commit: for a caller that runs it inside a statement of its own (placement, which
 * then needs no round trip for it). Null when there is nothing to queue.
 */
export function messagesStatement(messages: readonly OutboxMessage[]): Statement | null {
  return insertMessagesStatement(messages.map(checkedMessage));
}

/** A message as stored, or 400 naming what is wrong with it. */
function checkedMessage(message: OutboxMessage): NewMessage {
  if (!message.messageKey || message.messageKey.length > 200) {
    throw invalidInput('messageKey must be 1 to 200 characters');
  }
  const parsed =
    message.kind === 'sms'
      ? smsPayloadSchema.safeParse(message.payload)
      : message.kind === 'print'
        ? printPayloadSchema.safeParse(message.payload)
        : emailPayloadSchema.safeParse(message.payload);
  if (!parsed.success) {
    throw invalidInput(
      `Invalid ${message.kind} message`,
      parsed.error.issues.map((i) => ({
        path: ['payload', ...i.path.map(String)],
        message: i.message,
      })),
    );
  }
  return {
    kind: message.kind,
    merchantId: message.merchantId ?? null,
    messageKey: message.messageKey,
    // The request that queued it, so the worker's log lines name it too (lib/request-context.ts).
    payload: { ...(parsed.data as Record<string, unknown>), ...requestIdField() },
    ...(message.notBefore ? { nextAttemptAt: message.notBefore } : {}),
  };
}

/** Delay before the next attempt after `attempts` failed ones: exponential, capped, +0–10 %. */
export function backoffMs(
  attempts: number,
  opts: { backoffBaseMs: number; backoffMaxMs: number },
  id = 0,
): number {
  const exp = Math.min(opts.backoffMaxMs, opts.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
  // Deterministic jitter per message spreads retries after an outage without random tests.
  const jitter = ((id * 2654435761) % 1000) / 10_000;
  return Math.round(exp * (1 + jitter));
}

const maskPhone = (e164: string) => `${e164.slice(0, 5)}***${e164.slice(-2)}`;

interface Delivery {
  providerMessageId: string;
}

class DeliveryTimeout extends Error {
  readonly permanent = false;
  constructor(ms: number) {
    super(`provider did not answer within ${ms} ms`);
  }
}

/** Hands one claimed row to its adapter. Throws the adapter's error (with `permanent`). */
async function deliver(ctx: AppContext, row: OutboxRow): Promise<Delivery> {
  const limitMs = ctx.config.outsideTimeoutMs + 1000;
  let timer: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DeliveryTimeout(limitMs));
    }, limitMs);
  });
  try {
    if (row.kind === 'sms') {
      const p = smsPayloadSchema.safeParse(row.payload);
      if (!p.success) throw Object.assign(new Error('malformed sms payload'), { permanent: true });
      const r = await Promise.race([
        ctx.adapters.sms.send(
          { to: p.data.to, body: p.data.body, messageKey: row.messageKey },
          controller.signal,
        ),
        timeout,
      ]);
      return { providerMessageId: r.providerMessageId };
    }
    if (row.kind === 'email') {
      const p = emailPayloadSchema.safeParse(row.payload);
      if (!p.success)
        throw Object.assign(new Error('malformed email payload'), { permanent: true });
      const r = await Promise.race([
        ctx.adapters.email.send({
          to: p.data.to,
          subject: p.data.subject,
          text: p.data.text,
          ...(p.data.html ? { html: p.data.html } : {}),
          ...(p.data.replyTo ? { replyTo: p.data.replyTo } : {}),
          messageKey: row.messageKey,
        }),
        timeout,
      ]);
      return { providerMessageId: r.providerMessageId };
    }
    // Print jobs are delivered by the printing module's hook (registered in app.ts): this worker
    // gives them its lease, retries and give-up rule, and knows nothing of printers.
    const printer = row.kind === 'print' ? ctx.hooks.outboxDeliverers?.print : undefined;
    if (printer) {
      const p = printPayloadSchema.safeParse(row.payload);
      if (!p.success)
        throw Object.assign(new Error('malformed print payload'), { permanent: true });
      const r = await Promise.race([
        printer(ctx, {
          jobId: p.data.jobId,
          attempt: row.attempts,
          lastAttempt: row.attempts >= ctx.config.outbox.maxAttempts,
        }),
        timeout,
      ]);
      return { providerMessageId: r.providerMessageId };
    }
    throw Object.assign(new Error(`unknown kind ${row.kind}`), { permanent: true });
  } finally {
    clearTimeout(timer);
  }
}

export interface OutboxRunResult {
  claimed: number;
  sent: number;
  retrying: number;
  dead: number;
}

/** One worker's id: host, process and a random part (two apps in one process differ). */
export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Claims and delivers due messages until none are left (or `maxBatches` batches ran). Safe to run
 * on any number of instances at once: each message is held by one worker at a time.
 */
export async function processOutbox(
  ctx: AppContext,
  opts: { workerId?: string; maxBatches?: number } = {},
): Promise<OutboxRunResult> {
  const workerId = opts.workerId ?? workerState(ctx).workerId;
  const cfg = ctx.config.outbox;
  const total: OutboxRunResult = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
  for (let batch = 0; batch < (opts.maxBatches ?? 50); batch++) {
    const now = ctx.clock.now();
    // One statement, atomic on its own: no transaction around it (two round trips fewer per batch).
    const rows = await claimDue(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + cfg.leaseMs),
      workerId,
      limit: cfg.batchSize,
    });
    total.claimed += rows.length;
    await Promise.all(
      rows.map(async (row) => {
        const outcome = await deliverOne(ctx, row, workerId);
        total[outcome] += 1;
      }),
    );
    if (rows.length < cfg.batchSize) break;
  }
  return total;
}

function requestIdField(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/** Delivers one message as work of the request that queued it (its log lines name it). */
async function deliverOne(
  ctx: AppContext,
  row: OutboxRow,
  workerId: string,
): Promise<'sent' | 'retrying' | 'dead'> {
  const requestId = (row.payload as { requestId?: unknown }).requestId;
  return typeof requestId === 'string'
    ? runAsRequest(requestId, () => deliverMessage(ctx, row, workerId))
    : deliverMessage(ctx, row, workerId);
}

async function deliverMessage(
  ctx: AppContext,
  row: OutboxRow,
  workerId: string,
): Promise<'sent' | 'retrying' | 'dead'> {
  const purpose = (row.payload as { purpose?: unknown }).purpose;
  const logFields = { outboxId: row.id, kind: row.kind, purpose, attempt: row.attempts };
  let delivery: Delivery;
  try {
    delivery = await deliver(ctx, row);
  } catch (err) {
    return recordFailure(ctx, row, workerId, err, logFields);
  }
  const { providerMessageId } = delivery;
  const held = await recordSent(ctx, row, workerId, providerMessageId);
  if (!held) ctx.log.warn(logFields, 'outbox message sent after its lease was taken over');
  const offline =
    (row.kind === 'sms' && ctx.adapters.sms.name === 'offline') ||
    (row.kind === 'email' && ctx.adapters.email.name === 'offline');
  if (offline) {
    const to = row.kind === 'sms' ? maskPhone(String(row.payload.to)) : row.payload.to;
    ctx.log.info(
      { ...logFields, to },
      `${row.kind} kept in the outbox (offline): read it in the dev outbox view`,
    );
    // Bodies can hold verification codes: only at debug level, and only offline.
    ctx.log.debug({ ...logFields, text: row.payload.body ?? row.payload.text }, 'offline body');
  } else {
    ctx.log.info({ ...logFields, providerMessageId }, 'outbox message sent');
  }
  return 'sent';
}

/**
 * Records a delivered message as sent. The provider has it: recording it as failed, or giving up
 * while the database is away, would send it again once the lease ends. So a lost connection is
 * retried (with backoff) for as long as the lease surely still holds — half of it, the other half
 * being the most a delivery can take (OUTBOX_LEASE_MS ≥ 2 × OUTSIDE_TIMEOUT_MS).
 */
async function recordSent(
  ctx: AppContext,
  row: OutboxRow,
  workerId: string,
  providerMessageId: string,
): Promise<boolean> {
  // Deliveries that end in the same moment (an order's SMS and emails) are recorded together.
  return new Promise((resolve, reject) => {
    const key = workerId;
    let batch = sentBatches.get(ctx)?.get(key);
    if (!batch) {
      batch = [];
      if (!sentBatches.has(ctx)) sentBatches.set(ctx, new Map());
      sentBatches.get(ctx)!.set(key, batch);
      setImmediate(() => {
        sentBatches.get(ctx)?.delete(key);
        recordSentBatch(ctx, workerId, batch!).catch(() => {});
      });
    }
    batch.push({ id: row.id, providerMessageId, resolve, reject });
  });
}

interface PendingSent {
  id: number;
  providerMessageId: string;
  resolve: (held: boolean) => void;
  reject: (err: unknown) => void;
}

const sentBatches = new WeakMap<AppContext, Map<string, PendingSent[]>>();

/**
 * Records delivered messages as sent. The provider has them: recording them as failed, or giving
 * up while the database is away, would send them again once the lease ends. So a lost connection is
 * retried (with backoff) for as long as the lease surely still holds — half of it, the other half
 * being the most a delivery can take (OUTBOX_LEASE_MS ≥ 2 × OUTSIDE_TIMEOUT_MS).
 */
async function recordSentBatch(
  ctx: AppContext,
  workerId: string,
  batch: PendingSent[],
): Promise<void> {
  const giveUpAt = Date.now() + ctx.config.outbox.leaseMs / 2 - 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      const held = await markSentMany(ctx.db, {
        sent: batch.map(({ id, providerMessageId }) => ({ id, providerMessageId })),
        workerId,
        now: ctx.clock.now(),
      });
      for (const m of batch) m.resolve(held.has(m.id));
      return;
    } catch (err) {
      const delay = Math.min(2000, 100 * 2 ** attempt);
      if (!isDatabaseUnavailable(err) || Date.now() + delay > giveUpAt) {
        for (const m of batch) m.reject(err);
        return;
      }
      await sleep(delay);
    }
  }
}

async function recordFailure(
  ctx: AppContext,
  row: OutboxRow,
  workerId: string,
  err: unknown,
  logFields: Record<string, unknown>,
): Promise<'retrying' | 'dead'> {
  const cfg = ctx.config.outbox;
  const error = err instanceof Error ? err.message : String(err);
  const permanent = (err as { permanent?: unknown }).permanent === true;
  const dead = permanent || row.attempts >= cfg.maxAttempts;
  const now = ctx.clock.now();
  const nextAttemptAt = dead ? now : new Date(now.getTime() + backoffMs(row.attempts, cfg, row.id));
  await markFailed(ctx.db, {
    id: row.id,
    workerId,
    status: dead ? 'dead' : 'failed',
    nextAttemptAt,
    error,
  });
  if (dead) {
    ctx.log.error({ ...logFields, error, permanent }, 'outbox message given up');
    return 'dead';
  }
  ctx.log.warn({ ...logFields, error, nextAttemptAt }, 'outbox message failed, will retry');
  return 'retrying';
}

// --- The background worker of one app: polled by the jobs table, woken by NOTIFY. ---

interface WorkerState {
  workerId: string;
  draining: Promise<void> | null;
  again: boolean;
  closed: boolean;
  listening: Promise<(() => Promise<void>) | null> | null;
  lastPollAt: number;
  /** LISTEN failures in a row, and when to try again (polling meanwhile). */
  listenFailures: number;
  listenRetryAt: number;
}

const states = new WeakMap<AppContext, WorkerState>();

function workerState(ctx: AppContext): WorkerState {
  let s = states.get(ctx);
  if (!s) {
    s = {
      workerId: newWorkerId(),
      draining: null,
      again: false,
      closed: false,
      listening: null,
      lastPollAt: 0,
      listenFailures: 0,
      listenRetryAt: 0,
    };
    states.set(ctx, s);
  }
  return s;
}

/** Runs processOutbox, never twice at once in one app; a wake-up during a run runs it again. */
function drain(ctx: AppContext): Promise<void> {
  const s = workerState(ctx);
  if (s.draining) {
    s.again = true;
    return s.draining;
  }
  s.draining = (async () => {
    try {
      do {
        s.again = false;
        await processOutbox(ctx, { workerId: s.workerId });
      } while (s.again && !s.closed);
    } finally {
      s.draining = null;
    }
  })();
  return s.draining;
}

/**
 * The job's tick: subscribes to NOTIFY on first use, then, every OUTBOX_POLL_MS, delivers what is
 * due (retries whose time came, messages queued while the LISTEN connection was down).
 */
export async function runOutboxWorker(ctx: AppContext): Promise<void> {
  const s = workerState(ctx);
  if (s.closed) return;
  const now = Date.now();
  if (s.listening && now - s.lastPollAt < ctx.config.outbox.pollMs - 50) return;
  s.lastPollAt = now;
  if (!s.listening && now >= s.listenRetryAt) s.listening = subscribe(ctx, s);
  await s.listening;
  // Also right after a new LISTEN: messages queued while the old one was down go out now.
  await drain(ctx);
}

/** LISTENs for wake-ups; a failure is retried with backoff (250 ms doubling to 30 s). */
function subscribe(ctx: AppContext, s: WorkerState): Promise<(() => Promise<void>) | null> {
  return ctx.database
    .listen(
      OUTBOX_CHANNEL,
      () => {
        if (s.closed) return;
        drain(ctx).catch((err: unknown) => ctx.log.error({ err }, 'outbox worker failed'));
      },
      {
        // The LISTEN connection dropped: poll meanwhile, subscribe again on the next tick.
        onLost: () => {
          s.listening = null;
        },
      },
    )
    .then((unlisten) => {
      s.listenFailures = 0;
      return unlisten;
    })
    .catch((err: unknown) => {
      s.listenFailures++;
      const delay = Math.min(30_000, 250 * 2 ** (s.listenFailures - 1));
      s.listenRetryAt = Date.now() + delay;
      if (s.listenFailures === 1) {
        ctx.log.warn(describeDatabaseError(err), 'outbox LISTEN failed; polling until it works');
      }
      s.listening = null;
      return null;
    });
}

/** Stops the worker of this app: no more wake-ups, and the run in flight finishes. */
export async function stopOutboxWorker(ctx: AppContext): Promise<void> {
  const s = states.get(ctx);
  if (!s) return;
  s.closed = true;
  const unlisten = s.listening ? await s.listening : null;
  await unlisten?.().catch(() => {});
  await s.draining?.catch(() => {});
}

/** The messages one business event queued (their keys share a prefix), oldest first. */
export const findByKeyPrefix: typeof outboxRows.findByKeyPrefix = (tx, prefix) =>
  outboxRows.findByKeyPrefix(tx, prefix);

/** The read model of the developer's outbox view: SMS and email, newest first. */
export const listRecent: typeof outboxRows.listRecent = (tx, opts) =>
  outboxRows.listRecent(tx, opts);

/** The metrics' read model: messages waiting or dead, by kind and status. */
export const outboxBacklog: typeof outboxRows.outboxBacklog = (tx) => outboxRows.outboxBacklog(tx);
