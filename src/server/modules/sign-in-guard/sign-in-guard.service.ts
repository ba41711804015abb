// Sign-in guesses limited per account (issue 24, docs/decisions/sign-in-guesses.md). Merchant and
// customer sign-in ask `admitSignInTry` before checking a password and tell `signInSucceeded`
// after; the failures are counted in the database, so every instance sees the same counts.
import { createHmac } from 'node:crypto';
import type { AppContext, Clock } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  type GuardRule,
  deleteAccountFailures,
  deleteForgottenFailures,
  forgiveAddress,
  gateTry,
} from './sign-in-guard.repository.js';

export type SignInKind = 'merchant' | 'customer';

/** The numbers of the rule, and why they are these, are in docs/decisions/sign-in-guesses.md. */
export const SIGN_IN_RULE: GuardRule = {
  freeFailures: 5,
  maxWaitS: 15 * 60,
  forgetAfterS: 15 * 60,
};

/**
 * The account a sign-in is for, as stored and as remembered by a known browser: a keyed hash
 * (the session secret) of what was typed, the way sign-in looks it up — a merchant id exactly, an
 * e-mail without case or surrounding spaces. It exists whether or not the account does.
 */
export function signInAccountKey(secret: string, kind: SignInKind, typed: string): string {
  const account = kind === 'customer' ? typed.trim().toLowerCase() : typed;
  return createHmac('sha256', secret)
    .update(`forkful:sign-in:${kind}:${account}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface SignInTry {
  accountKey: string;
  address: string;
}

/** Where a try comes from: its address, and whether the browser is one the account knows. */
export interface SignInSource {
  address: string;
  /** Signed in to this account before (its cookie) or has an open session of it. */
  known: boolean;
}

/**
 * The guard's time never runs backwards. Its counts compare stored times with now, so a clock
 * moved back (the journeys' settable test clock, set again to the same morning for each journey;
 * a system clock stepped back) would leave each success's try unforgiven — a failure counted per
 * sign-in — and lock out the owner. Kept per clock, so two apps in one process share nothing.
 */
const latestNowMs = new WeakMap<Clock, number>();
function guardNow(clock: Clock): Date {
  const ms = Math.max(clock.now().getTime(), latestNowMs.get(clock) ?? 0);
  latestNowMs.set(clock, ms);
  return new Date(ms);
}

/** "1 second", "8 seconds", "15 minutes": how long the refused caller should wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The refusal: the same words whether or not the account exists; a way in that still works. */
export function backoffMessage(kind: SignInKind, seconds: number): string {
  const wait = waitText(seconds);
  return kind === 'merchant'
    ? `Too many sign-in attempts. Please try again in ${wait}, or sign in from a browser you have signed in with before.`
    : `Too many sign-in attempts. Please try again in ${wait}, or choose "Forgot password?" to get a sign-in link by e-mail.`;
}

/**
 * Lets a try go on to the password check, or refuses it (429 with Retry-After) while the
 * account's wait runs. A known browser is never held back nor counted. An unknown browser's try is
 * counted as a failure before its password is checked; `signInSucceeded` takes it back.
 */
export async function admitSignInTry(
  ctx: AppContext,
  kind: SignInKind,
  typed: string,
  from: SignInSource,
): Promise<SignInTry> {
  const accountKey = signInAccountKey(ctx.config.sessionSecret, kind, typed);
  const attempt = { accountKey, address: from.address || 'unknown' };
  if (from.known) return attempt;
  const now = guardNow(ctx.clock);
  const gate = await gateTry(ctx.db, accountKey, attempt.address, now, SIGN_IN_RULE);
  if (gate.refused) {
    const seconds = Math.max(1, Math.ceil((gate.nextTryMs - now.getTime()) / 1000));
    throw new AppError('rate_limited', backoffMessage(kind, seconds), undefined, {
      retryAfterSeconds: seconds,
    });
  }
  return attempt;
}

/**
 * The password was right: the failures counted from this address (this try's, and earlier typos
 * there) are forgiven; those from other addresses stay, so a success somewhere does not hand
 * whoever guesses elsewhere a fresh set of tries.
 */
export async function signInSucceeded(ctx: AppContext, attempt: SignInTry): Promise<void> {
  await forgiveAddress(
    ctx.db,
    attempt.accountKey,
    attempt.address,
    guardNow(ctx.clock),
    SIGN_IN_RULE,
  );
}

/** Forgets every failure of an account (the operator gave it a new password). */
export async function forgetSignInFailures(
  db: Db,
  secret: string,
  kind: SignInKind,
  typed: string,
): Promise<void> {
  await deleteAccountFailures(db, signInAccountKey(secret, kind, typed));
}

/** Deletes the counts that no longer matter (a job; see jobs.ts). */
export async function purgeForgottenSignInFailures(db: Db, now: Date): Promise<void> {
  await deleteForgottenFailures(db, now, SIGN_IN_RULE);
}
