// Diner accounts: sign-in, registration and the profile (spec §5 "Sign-in and sign-up",
// "Profile"; §7 Customer auth). Passwords are argon2id (docs/design/security.md).
import type { ProfileUpdate, ProfileView } from '../../../contract/customers.js';
import { MESSAGES } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { checkPassword, hashPassword } from '../../lib/passwords.js';
import {
  type CustomerRow,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  updateCustomerProfile,
} from './customers.repository.js';
import { type SignInSource, admitSignInTry, signInSucceeded } from '../sign-in-guard/index.js';

export const CUSTOMER_LOGIN_FAILED = 'Incorrect email or password';
/** Ours: the spec shows "the server's errMessage" without giving the text. */
export const EMAIL_TAKEN = 'This email is already registered';
export const EMAIL_MANAGED_BY_PROVIDER = 'The email of an account signed in through a provider';

/**
 * Checks a diner's sign-in. An unknown browser waits once the account has had too many failures
 * (sign-in-guard), before anything is looked up, whether or not the account exists.
 */
export async function authenticateCustomer(
  ctx: AppContext,
  email: string,
  password: string,
  from: SignInSource,
) {
  const attempt = await admitSignInTry(ctx, 'customer', email, from);
  const found = await findCustomerByEmail(ctx.db, email);
  // checkPassword hashes against a dummy when the account or its password does not exist, so
  // the answer takes as long for an unknown email as for a wrong password.
  const ok = await checkPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('unauthenticated', CUSTOMER_LOGIN_FAILED);
  await signInSucceeded(ctx, attempt);
  return {
    id: found.id,
    name: found.name,
    email: found.email,
    loginPortal: found.loginPortal,
    signInKey: attempt.accountKey,
  };
}

/**
 * Creates a password account. The email is stored lower-cased (sign-in ignores case anyway).
 * It does not sign in: the browser signs in itself after its success message (spec T4.48).
 */
export async function registerCustomer(
  ctx: AppContext,
  input: { name: string; email: string; password: string },
) {
  const email = input.email.trim().toLowerCase();
  // Cheap check first so a taken email does not cost an argon2 hash; the insert below still
  // settles a race between two registrations of one email.
  if (await findCustomerByEmail(ctx.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const row = await insertCustomer(
    ctx.db,
    { name: input.name.trim(), email, passwordHash },
    ctx.clock.now(),
  );
  if (!row) throw emailTaken();
  return { id: row.id, name: row.name, email: row.email };
}

const emailTaken = () =>
  new AppError('conflict', EMAIL_TAKEN, [{ path: ['body', 'email'], message: EMAIL_TAKEN }]);

function toProfile(c: CustomerRow): ProfileView {
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

const loggedOut = () => new AppError('unauthenticated', MESSAGES.LOGGED_OUT);

/** The signed-in diner's profile (spec User), without the password hash. */
export async function getProfile(ctx: AppContext, customerId: string): Promise<ProfileView> {
  const c = await findCustomerById(ctx.db, customerId);
  if (!c) throw loggedOut();
  return toProfile(c);
}

/**
 * Saves the User Info tab. The email may change only on a password account (a social account's
 * email is the provider's), and never to one another account uses.
 */
export async function updateProfile(
  ctx: AppContext,
  customerId: string,
  input: ProfileUpdate,
): Promise<ProfileView> {
  const current = await findCustomerById(ctx.db, customerId);
  if (!current) throw loggedOut();
  let email: string | undefined;
  if (input.email !== undefined) {
    const wanted = input.email.trim().toLowerCase();
    if (wanted !== current.email.toLowerCase()) {
      if (current.loginPortal) {
        throw new AppError('invalid_input', MESSAGES.PROFILE_UPDATE_FAILED, [
          { path: ['body', 'email'], message: `${EMAIL_MANAGED_BY_PROVIDER} cannot be changed` },
        ]);
      }
      const other = await findCustomerByEmail(ctx.db, wanted);
      if (other && other.id !== customerId) {
        throw new AppError('conflict', MESSAGES.PROFILE_UPDATE_FAILED, [
          { path: ['body', 'email'], message: EMAIL_TAKEN },
        ]);
      }
      email = wanted;
    }
  }
  let row: CustomerRow | undefined;
  try {
    row = await updateCustomerProfile(
      ctx.db,
      customerId,
      {
        name: input.username,
        ...(email ? { email } : {}),
        orderName: input.order_name,
        orderAddress: input.order_address,
        orderPhone: input.order_phone,
        orderZipcode: input.order_zipcode,
      },
      ctx.clock.now(),
    );
  } catch (err) {
    // Another account took the email between the check and the update.
    if (email && isUniqueViolation(err)) {
      throw new AppError('conflict', MESSAGES.PROFILE_UPDATE_FAILED, [
        { path: ['body', 'email'], message: EMAIL_TAKEN },
      ]);
    }
    throw err;
  }
  if (!row) throw loggedOut();
  return toProfile(row);
}

/** PostgreSQL's unique_violation, through node-postgres or PGlite (possibly wrapped). */
export function isUniqueViolation(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
