// The failure counts of sign-in (docs/decisions/sign-in-guesses.md). Each statement is one
// round trip and takes the account's row lock first, so concurrent tries are counted one after
// the other: the gate admits exactly as many tries as the rule allows, however many arrive at once.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

export interface GuardRule {
  /** Failures answered at once before the waiting starts. */
  freeFailures: number;
  /** The longest wait, in seconds. */
  maxWaitS: number;
  /** Quiet time after the wait ran out that forgets the failures, in seconds. */
  forgetAfterS: number;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const seconds = (s: number | SQL) => sql`make_interval(secs => ${s})`;

/** The wait after the n-th failure: none below the free failures, then 1 s doubling to the cap. */
const waitAfter = (n: SQL, rule: GuardRule) =>
  sql`case when ${n} < ${rule.freeFailures}::int then 0::float8
    else least(${rule.maxWaitS}::float8, power(2::float8, least(${n} - ${rule.freeFailures}::int, 30))) end`;

export interface GateAnswer {
  refused: boolean;
  /** When the account's next try from an unknown browser may come (ms since the epoch). */
  nextTryMs: number;
  failures: number;
}

/**
 * One try from an unknown browser: refused while the account's wait runs (nothing changes but the
 * refusal mark), else counted as a failure in advance on the account's row and on the
 * (account, address) row — a success takes it back (`forgiveAddress`). Counting before the
 * password is checked is what bounds the checks: 200 tries at once find the row locked one after
 * the other, and only the first `freeFailures` are admitted.
 */
export async function gateTry(
  tx: Tx,
  accountKey: string,
  address: string,
  now: Date,
  rule: GuardRule,
): Promise<GateAnswer> {
  const t = at(now);
  const waiting = sql`f.next_try_at > ${t}`;
  const forgotten = sql`f.next_try_at + ${seconds(rule.forgetAfterS)} <= ${t}`;
  const res = (await tx.execute(sql`with gate as (
      insert into sign_in_failures as f
        (account_key, address, failures, window_started_at, last_failure_at, next_try_at, last_try_refused)
      values (${accountKey}, '', 1, ${t}, ${t}, ${t}, false)
      on conflict (account_key, address) do update set
        failures = case when ${waiting} then f.failures when ${forgotten} then 1
          else f.failures + 1 end,
        window_started_at = case when ${waiting} then f.window_started_at when ${forgotten} then ${t}
          else f.window_started_at end,
        last_failure_at = case when ${waiting} then f.last_failure_at else ${t} end,
        next_try_at = case when ${waiting} then f.next_try_at when ${forgotten} then ${t}
          else ${t} + ${seconds(waitAfter(sql`(f.failures + 1)`, rule))} end,
        last_try_refused = ${waiting}
      returning failures, window_started_at, last_try_refused,
        (extract(epoch from next_try_at) * 1000)::float8 as next_try_ms
    ), counted as (
      insert into sign_in_failures as p
        (account_key, address, failures, window_started_at, last_failure_at, next_try_at, last_try_refused)
      select ${accountKey}, ${address}, 1, ${t}, ${t}, ${t}, false from gate where not gate.last_try_refused
      on conflict (account_key, address) do update set
        failures = case when p.last_failure_at < (select window_started_at from gate) then 1
          else p.failures + 1 end,
        window_started_at = case when p.last_failure_at < (select window_started_at from gate)
          then ${t} else p.window_started_at end,
        last_failure_at = ${t},
        next_try_at = ${t}
    )
    select last_try_refused as refused, next_try_ms, failures from gate`)) as unknown as {
    rows: { refused: boolean; next_try_ms: number; failures: number }[];
  };
  const row = res.rows[0]!;
  return { refused: row.refused, nextTryMs: Number(row.next_try_ms), failures: row.failures };
}

/**
 * A success from `address`: its row goes, and the account's count drops by that row's failures of
 * the current count (the try just admitted, and the address's earlier typos). What other addresses
 * failed stays. The account's row is locked first, in the order `gateTry` locks them.
 */
export async function forgiveAddress(
  db: Db,
  accountKey: string,
  address: string,
  now: Date,
  rule: GuardRule,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from sign_in_failures
      where account_key = ${accountKey} and address = '' for update`);
    await tx.execute(sql`with pair as (
        delete from sign_in_failures where account_key = ${accountKey} and address = ${address}
        returning failures, last_failure_at
      ), forgiven as (
        select coalesce(sum(p.failures), 0)::int as n
        from pair p, sign_in_failures a
        where a.account_key = ${accountKey} and a.address = '' and p.last_failure_at >= a.window_started_at
      )
      update sign_in_failures f set
        failures = greatest(0, f.failures - forgiven.n),
        next_try_at = case when f.failures - forgiven.n < ${rule.freeFailures}::int
          then least(f.next_try_at, ${at(now)}) else f.next_try_at end
      from forgiven
      where f.account_key = ${accountKey} and f.address = ''`);
  });
}

/** Every count of the account (the operator reset its password). */
export async function deleteAccountFailures(tx: Tx, accountKey: string): Promise<void> {
  await tx.execute(sql`delete from sign_in_failures where account_key = ${accountKey}`);
}

/**
 * Deletes the counts that no longer matter: accounts whose failures are forgotten, and address
 * rows that are not part of a live count.
 */
export async function deleteForgottenFailures(tx: Tx, now: Date, rule: GuardRule): Promise<void> {
  const t = at(now);
  const forget = seconds(rule.forgetAfterS);
  await tx.execute(sql`delete from sign_in_failures f where
    (f.address = '' and f.next_try_at + ${forget} <= ${t})
    or (f.address <> '' and not exists (
      select 1 from sign_in_failures a
      where a.account_key = f.account_key and a.address = ''
        and a.next_try_at + ${forget} > ${t} and f.last_failure_at >= a.window_started_at))`);
}
