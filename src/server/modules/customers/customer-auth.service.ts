import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkPassword } from '../../lib/passwords.js';
import { findCustomerByEmail } from './customers.repository.js';

export const CUSTOMER_LOGIN_FAILED = 'Incorrect email or password';

export async function authenticateCustomer(ctx: AppContext, email: string, password: string) {
  const found = await findCustomerByEmail(ctx.db, email);
  const ok = await checkPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('unauthenticated', CUSTOMER_LOGIN_FAILED);
  return { id: found.id, name: found.name, email: found.email, loginPortal: found.loginPortal };
}
