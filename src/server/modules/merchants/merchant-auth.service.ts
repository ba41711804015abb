import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkPassword, hashPassword } from '../../lib/passwords.js';
import { auditEntry, insertAudit } from '../audit/index.js';
import { endMerchantSessions } from '../sessions/index.js';
import { type SignInSource, admitSignInTry, signInSucceeded } from '../sign-in-guard/index.js';
import { MERCHANT_DISABLED } from './merchant-care.service.js';
import { findMerchantCredentials, updateMerchantPasswordHash } from './merchants.repository.js';

export const INVALID_CREDENTIALS = 'Invalid credentials provided';

/**
 * Checks a merchant's sign-in; the same message whether the id or the password is wrong. An
 * unknown browser waits once the account has had too many failures (sign-in-guard), before the
 * password is looked at, whether or not the merchant exists.
 */
export async function authenticateMerchant(
  ctx: AppContext,
  merchantId: string,
  password: string,
  from: SignInSource,
) {
  const attempt = await admitSignInTry(ctx, 'merchant', merchantId, from);
  const found = await findMerchantCredentials(ctx.db, merchantId);
  const ok = await checkPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  // Told only to whoever knows the password: the store itself says it is unavailable anyway.
  if (found.disabledAt) throw new AppError('forbidden', MERCHANT_DISABLED);
  await signInSucceeded(ctx, attempt);
  return { id: found.id, merchantId: found.merchantId, signInKey: attempt.accountKey };
}

/**
 * The merchant's own password change (checklist S2.105, C7.6): the current password is required
 * and checked, the new one must follow the password rule and differ; every session of the
 * merchant is signed out (the caller gets a new one from the route), and the change is recorded.
 */
export async function changeMerchantPassword(
  ctx: AppContext,
  merchantId: string,
  input: { currentPassword: string; newPassword: string },
  actor: { sessionRef: string },
): Promise<{ id: string }> {
  const found = await findMerchantCredentials(ctx.db, merchantId);
  if (!found || !(await checkPassword(found.passwordHash, input.currentPassword))) {
    throw new AppError('invalid_input', 'The current password is not right', [
      { path: ['body', 'currentPassword'], message: 'The current password is not right' },
    ]);
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('invalid_input', 'The new password must differ from the current one', [
      {
        path: ['body', 'newPassword'],
        message: 'The new password must differ from the current one',
      },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateMerchantPasswordHash(tx, merchantId, passwordHash);
    await endMerchantSessions(tx, found.id);
    await insertAudit(
      tx,
      auditEntry(
        { merchantUuid: found.id, sessionRef: actor.sessionRef },
        'password_change',
        now,
        {},
      ),
    );
  });
  return { id: found.id };
}
