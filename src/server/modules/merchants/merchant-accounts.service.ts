// Creating a merchant account and resetting its password, for the operator's command
// (src/server/cli/merchant.ts): production starts with no merchant, and nobody picks the first
// password. Each password is generated here and returned once for the caller to show; only its
// argon2 hash is stored, and it is never logged.
import type { GeoAdapter } from '../../adapters/geo/index.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import {
  newMerchantSchema,
  type NewMerchantInput,
} from '../../../domain/validation/merchant-account.js';
import { endMerchantSessions } from '../sessions/index.js';
import { forgetSignInFailures } from '../sign-in-guard/index.js';
import { insertMerchant, updateMerchantPasswordHash } from './merchants.repository.js';

export interface MerchantSignIn {
  merchantId: string;
  /** The generated password, in clear: show it once, store it nowhere. */
  password: string;
}

/** The input's problems as the error handler's field issues, or the parsed merchant. */
export function parseNewMerchant(input: NewMerchantInput) {
  const parsed = newMerchantSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'invalid_input',
    'Invalid merchant',
    parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  );
}

export async function createMerchantAccount(
  deps: { db: Db; geo: GeoAdapter },
  input: NewMerchantInput,
): Promise<MerchantSignIn> {
  const m = parseNewMerchant(input);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const { street, city, state, postalCode } = m.address;
  // The store's point, for delivery distances: Google when configured, else the ZIP centroid.
  const found = await deps.geo.geocode(`${street}, ${city}, ${state} ${postalCode}`);
  const created = await deps.db.transaction((tx) =>
    insertMerchant(tx, {
      ...m,
      passwordHash,
      lat: found?.location.lat ?? null,
      lng: found?.location.lng ?? null,
    }),
  );
  if (!created)
    throw new AppError('conflict', 'Merchant id taken', [
      { path: ['merchantId'], message: `a merchant with id "${m.merchantId}" exists already` },
    ]);
  return { merchantId: created.merchantId, password };
}

/**
 * A new generated password for the merchant; every session it had is signed out, and its sign-in
 * failures are forgotten, so the owner signs in from any browser at once (sign-in-guesses.md).
 */
export async function resetMerchantPassword(
  db: Db,
  merchantId: string | undefined,
  config: { sessionSecret: string },
): Promise<MerchantSignIn> {
  if (!merchantId?.trim())
    throw new AppError('invalid_input', 'Invalid merchant', [
      { path: ['merchantId'], message: 'is required' },
    ]);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const updated = await db.transaction(async (tx) => {
    const row = await updateMerchantPasswordHash(tx, merchantId, passwordHash);
    if (row) await endMerchantSessions(tx, row.id);
    return row;
  });
  if (!updated)
    throw new AppError('not_found', 'No such merchant', [
      { path: ['merchantId'], message: `no merchant has the id "${merchantId}"` },
    ]);
  await forgetSignInFailures(db, config.sessionSecret, 'merchant', updated.merchantId);
  return { merchantId: updated.merchantId, password };
}
