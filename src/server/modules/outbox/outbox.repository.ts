// Outbox queries. Claiming uses FOR UPDATE SKIP LOCKED plus a lease (locked_until/locked_by), so
// one worker at a time holds a message across any number of instances, and a crashed worker's
// message is taken over when its lease ends.
import { and, asc, desc, eq, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Statement, Tx } from '../../db/client.js';
import { preparedIn, rowsShape } from '../../db/prepared.js';
import { outbox } from '../../db/schema/index.js';
import { OUTBOX_CHANNEL, type OutboxStatus } from './outbox.types.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** A message as its outbox row (the next attempt defaults to now in the table). */
const outboxRow = (row: NewMessage) => ({
  kind: row.kind,
  merchantId: row.merchantId,
  messageKey: row.messageKey,
  payload: row.payload,
  ...(row.nextAttemptAt ? { nextAttemptAt: row.nextAttemptAt } : {}),
});

export interface NewMessage {
  kind: 'sms' | 'email' | 'print';
  merchantId: string | null;
  messageKey: string;
  payload: Record<string, unknown>;
  nextAttemptAt?: Date;
}

/**
 * The statement that queues `rows` (a key queued before keeps its first row) and wakes the workers
 * at commit, for a caller that runs it as a data-modifying CTE of its own statement (placement).
 */
export function insertMessagesStatement(rows: readonly NewMessage[]): Statement | null {
  if (rows.length === 0) return null;
  const values = rows.map(outboxRow);
  return {
    key: `outbox:${rowsShape(values).id}`,
    build: (tx, prefix) =>
      tx
        .insert(outbox)
        .values(rowsShape(values, prefix).templates)
        .onConflictDoNothing({ target: outbox.messageKey })
        .returning({ woke: sql<string>`pg_notify(${OUTBOX_CHANNEL}, '')::text` })
        .getSQL(),
    params: (prefix) => rowsShape(values, prefix).params,
  };
}

/**
 * Queues several messages in one statement that also wakes the workers (the NOTIFY is sent at
 * commit, once per transaction however many rows ask for it). A key queued before keeps its
 * first row (created: false); only then is a second statement needed, to read those rows' ids.
 */
export async function insertMessages(
  tx: Tx,
  rows: readonly NewMessage[],
): Promise<{ id: number; created: boolean }[]> {
  if (rows.length === 0) return [];
  const insert = tx
    .insert(outbox)
    .values(rows.map(outboxRow))
    .onConflictDoNothing({ target: outbox.messageKey })
    .returning({ id: outbox.id, messageKey: outbox.messageKey });
  const result = (await tx.execute(
    sql`with inserted as (${insert.getSQL()})
      select id, message_key as "messageKey", pg_notify(${OUTBOX_CHANNEL}, '')::text as woke
      from inserted`,
  )) as unknown as { rows: { id: number | string; messageKey: string }[] };
  const ids = new Map(result.rows.map((r) => [r.messageKey, Number(r.id)]));
  const missing = rows.map((r) => r.messageKey).filter((k) => !ids.has(k));
  const earlier =
    missing.length === 0
      ? []
      : await tx
          .select({ id: outbox.id, messageKey: outbox.messageKey })
          .from(outbox)
          .where(inArray(outbox.messageKey, missing));
  const before = new Map(earlier.map((r) => [r.messageKey, r.id]));
  return rows.map((r) => {
    const created = ids.get(r.messageKey);
    if (created !== undefined) return { id: created, created: true };
    const existing = before.get(r.messageKey);
    if (existing === undefined) throw new Error('outbox insert conflicted but no row has the key');
    return { id: existing, created: false };
  });
}

/**
 * Claims up to `limit` due messages for `workerId` until `leaseUntil`: pending or failed ones
 * whose time has come, and sending ones whose lease ran out (their worker died). Rows another
 * worker is claiming at this instant are skipped, never waited for. Counts the attempt.
 */
export async function claimDue(
  tx: Tx,
  opts: { now: Date; leaseUntil: Date; workerId: string; limit: number },
): Promise<OutboxRow[]> {
  // Every wake-up of every worker runs it: prepared (built once, parsed once per connection).
  return preparedIn(tx, 'outbox_claim_due', claimDueQuery).execute(opts);
}

function claimDueQuery(tx: Tx) {
  const now = sql.placeholder('now');
  const due = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        // Print jobs are delivered by the printing module's hook (AppHooks.outboxDeliverers).
        inArray(outbox.kind, ['sms', 'email', 'print']),
        or(
          // Compared at millisecond precision: the database stamps microseconds, the clock passed
          // in has milliseconds, so a message queued in this very millisecond is due now too.
          and(
            inArray(outbox.status, ['pending', 'failed']),
            lte(sql`date_trunc('milliseconds', ${outbox.nextAttemptAt})`, sql`${now}::timestamptz`),
          ),
          and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, sql`${now}::timestamptz`)),
        ),
      ),
    )
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return tx
    .update(outbox)
    .set({
      status: 'sending',
      lockedBy: sql`${sql.placeholder('workerId')}::text`,
      lockedUntil: sql`${sql.placeholder('leaseUntil')}::timestamptz`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning()
    .prepare('outbox_claim_due');
}

/** Marks a claimed message sent; false when this worker no longer holds it. */
export async function markSent(
  tx: Tx,
  opts: { id: number; workerId: string; now: Date; providerMessageId: string },
): Promise<boolean> {
  const { id, providerMessageId, ...rest } = opts;
  return (await markSentMany(tx, { sent: [{ id, providerMessageId }], ...rest })).has(id);
}

/**
 * Marks several claimed messages sent in one statement (messages delivered in the same moment);
 * the ids this worker still held, which are now sent.
 */
export async function markSentMany(
  tx: Tx,
  opts: { sent: { id: number; providerMessageId: string }[]; workerId: string; now: Date },
): Promise<Set<number>> {
  const rows = await preparedIn(tx, 'outbox_mark_sent_many', markSentManyQuery).execute({
    ids: opts.sent.map((m) => m.id),
    providerMessageIds: opts.sent.map((m) => m.providerMessageId),
    workerId: opts.workerId,
    now: opts.now,
  });
  return new Set(rows.map((r) => r.id));
}

function markSentManyQuery(tx: Tx) {
  return tx
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: sql`${sql.placeholder('now')}::timestamptz`,
      providerMessageId: sql`d.provider_message_id`,
      lockedUntil: null,
      lastError: null,
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::bigint[], ${sql.placeholder('providerMessageIds')}::text[])
        as d(id, provider_message_id)`,
    )
    .where(
      and(
        sql`${outbox.id} = d.id`,
        eq(outbox.lockedBy, sql.placeholder('workerId')),
        eq(outbox.status, 'sending'),
      ),
    )
    .returning({ id: outbox.id })
    .prepare('outbox_mark_sent_many');
}

/** Records a failed attempt: retried at nextAttemptAt (status failed) or given up (dead). */
export async function markFailed(
  tx: Tx,
  opts: {
    id: number;
    workerId: string;
    status: Extract<OutboxStatus, 'failed' | 'dead'>;
    nextAttemptAt: Date;
    error: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(outbox)
    .set({
      status: opts.status,
      nextAttemptAt: opts.nextAttemptAt,
      lockedUntil: null,
      lastError: opts.error.slice(0, 500),
    })
    .where(
      and(eq(outbox.id, opts.id), eq(outbox.lockedBy, opts.workerId), eq(outbox.status, 'sending')),
    )
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export async function findByKey(tx: Tx, messageKey: string): Promise<OutboxRow | undefined> {
  const [row] = await tx.select().from(outbox).where(eq(outbox.messageKey, messageKey));
  return row;
}

/** The messages whose key starts with `prefix` (one business event's attempts), oldest first. */
export async function findByKeyPrefix(tx: Tx, prefix: string): Promise<OutboxRow[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx.select().from(outbox).where(like(outbox.messageKey, pattern)).orderBy(asc(outbox.id));
}

/** SMS and email, newest first, for the dev outbox view. */
export async function listRecent(
  tx: Tx,
  opts: { kind?: 'sms' | 'email'; limit: number },
): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(outbox)
    .where(inArray(outbox.kind, opts.kind ? [opts.kind] : ['sms', 'email']))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(opts.limit);
}

/**
 * Messages waiting (pending, failed awaiting a retry, sending) and given up (dead), by kind, for
 * the metrics. Sent rows are not counted: the status index answers without reading them.
 */
export async function outboxBacklog(
  tx: Tx,
): Promise<{ kind: string; status: OutboxStatus; count: number }[]> {
  return tx
    .select({ kind: outbox.kind, status: outbox.status, count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'failed', 'sending', 'dead']))
    .groupBy(outbox.kind, outbox.status) as Promise<
    { kind: string; status: OutboxStatus; count: number }[]
  >;
}
