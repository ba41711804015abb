import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkPassword } from '../../lib/passwords.js';
import { findMerchantCredentials } from './merchants.repository.js';

export const INVALID_CREDENTIALS = 'Invalid credentials provided';

/** Checks a merchant's sign-in; the same message whether the id or the password is wrong. */
export async function authenticateMerchant(ctx: AppContext, merchantId: string, password: string) {
  const found = await findMerchantCredentials(ctx.db, merchantId);
  const ok = await checkPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  return { id: found.id, merchantId: found.merchantId };
}
