// Phone verification for anonymous diners (spec §1, §4 step 3, §5): a 4-digit code by SMS,
// stored only as a keyed hash, expiring, with a resend cooldown and a lock after repeated wrong
// codes. Signed-in customers do not verify (docs/decisions/domain-rules.md).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { enqueueVerificationSms } from '../notifications/index.js';
import {
  findVerification,
  markVerified,
  recentCodesTo,
  recordFailure,
  upsertCode,
} from './verification.repository.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 30 * 1000;
export const MAX_WRONG_CODES = 5;
export const LOCK_MS = 15 * 60 * 1000;
export const MAX_CODES_PER_PHONE_HOUR = 5;

/**
 * A keyed hash: with only 10,000 possible codes a plain hash is no protection if the table leaks;
 * the server secret and the row's owner make the hash useless elsewhere.
 */
function codeHash(ctx: AppContext, anonUserId: string, phone: string, code: string): string {
  return createHmac('sha256', ctx.config.sessionSecret)
    .update(`${anonUserId}:${phone}:${code}`)
    .digest('hex');
}

function verificationFailed(): AppError {
  return new AppError('invalid_input', MESSAGES.VERIFICATION_FAILED, [
    { path: ['body', 'verificationCode'], message: MESSAGES.VERIFICATION_FAILED },
  ]);
}

export async function sendCode(
  ctx: AppContext,
  input: { anonUserId: string; phone: string; merchantName?: string },
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  const now = ctx.clock.now();
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await ctx.db.transaction(async (tx) => {
    const existing = await findVerification(tx, input.anonUserId, input.phone, true);
    if (existing?.lockedUntil && existing.lockedUntil > now) {
      throw new AppError('rate_limited', 'Too many wrong codes: please try again later');
    }
    // Per phone, whoever asks: a new diner id cannot be used to flood someone's phone.
    if (
      (await recentCodesTo(tx, input.phone, new Date(now.getTime() - 60 * 60 * 1000))) >=
      MAX_CODES_PER_PHONE_HOUR
    ) {
      throw new AppError(
        'rate_limited',
        'Too many codes sent to this phone: please try again later',
      );
    }
    if (existing && now.getTime() - existing.lastSentAt.getTime() < RESEND_COOLDOWN_MS) {
      const wait = Math.ceil(
        (RESEND_COOLDOWN_MS - (now.getTime() - existing.lastSentAt.getTime())) / 1000,
      );
      throw new AppError(
        'rate_limited',
        `Please wait ${wait} seconds before asking for a new code`,
      );
    }
    const row = await upsertCode(tx, {
      anonUserId: input.anonUserId,
      phone: input.phone,
      codeHash: codeHash(ctx, input.anonUserId, input.phone, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      now,
    });
    const queued = await enqueueVerificationSms(tx, {
      phone: input.phone,
      code,
      // Unique per send (the cooldown keeps sends of a row apart): a retry of this send is the
      // same message, a resend is a new one.
      sendId: `${row.id}:${row.lastSentAt.getTime()}`,
      expiresInMinutes: CODE_TTL_MS / 60_000,
      ...(input.merchantName ? { storeName: input.merchantName } : {}),
    });
    if (!queued.queued) {
      throw new AppError('invalid_input', MESSAGES.PHONE_INVALID, [
        { path: ['body', 'phoneNum'], message: MESSAGES.PHONE_INVALID },
      ]);
    }
  });
  return { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_COOLDOWN_MS / 1000 };
}

export async function verifyCode(
  ctx: AppContext,
  input: { anonUserId: string; phone: string; code: string },
): Promise<void> {
  const now = ctx.clock.now();
  // The outcome is decided inside the transaction but a wrong code must still be counted, so
  // failures are returned, not thrown, until the counter is committed.
  const outcome = await ctx.db.transaction(async (tx): Promise<'ok' | 'failed' | 'locked'> => {
    const row = await findVerification(tx, input.anonUserId, input.phone, true);
    if (!row) return 'failed';
    if (row.lockedUntil && row.lockedUntil > now) return 'locked';
    if (row.verifiedAt) return 'ok';
    if (row.expiresAt <= now) return 'failed';
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(codeHash(ctx, input.anonUserId, input.phone, input.code), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await markVerified(tx, row.id, now);
      return 'ok';
    }
    const failures = row.failedAttempts + 1;
    await recordFailure(
      tx,
      row.id,
      failures,
      failures >= MAX_WRONG_CODES ? new Date(now.getTime() + LOCK_MS) : null,
    );
    return failures >= MAX_WRONG_CODES ? 'locked' : 'failed';
  });
  if (outcome === 'locked')
    throw new AppError('rate_limited', 'Too many wrong codes: please try again later');
  if (outcome === 'failed') throw verificationFailed();
}

/** Whether this anonymous diner has verified this phone. */
export async function isPhoneVerified(tx: Tx, anonUserId: string, phone: string): Promise<boolean> {
  const row = await findVerification(tx, anonUserId, phone);
  return !!row?.verifiedAt;
}
