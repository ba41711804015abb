import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkPassword } from '../../lib/passwords.js';
import { findCustomerByEmail, findCustomerById } from './customers.repository.js';

export const CUSTOMER_LOGIN_FAILED = 'Incorrect email or password';

export async function authenticateCustomer(ctx: AppContext, email: string, password: string) {
  const found = await findCustomerByEmail(ctx.db, email);
  const ok = await checkPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('unauthenticated', CUSTOMER_LOGIN_FAILED);
  return { id: found.id, name: found.name, email: found.email, loginPortal: found.loginPortal };
}

/** The signed-in diner's profile (spec User), without the password hash. */
export async function getProfile(ctx: AppContext, customerId: string) {
  const c = await findCustomerById(ctx.db, customerId);
  if (!c)
    throw new AppError('unauthenticated', 'You have been logged out, please refresh this page;');
  return {
    name: c.name,
    email: c.email,
    login_portal: c.loginPortal,
    order_name: c.orderName,
    order_address: c.orderAddress,
    order_phone: c.orderPhone,
    order_zipcode: c.orderZipcode,
  };
}
