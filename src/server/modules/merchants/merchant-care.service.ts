// The platform's care of its merchants (`npm run merchant -- list | disable | enable`, issue 31).
// A disabled merchant's store takes no orders and its dashboard no sign-ins (every session ends at
// once); what it already holds keeps going: orders placed still settle — the reconciler, the
// capture sweep and voids do not look at the flag — and diners' order pages keep working.
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../domain/messages.js';
import { notifyMenuChanged } from '../cache/index.js';
import { checkMerchantId } from '../../../domain/validation/merchant-account.js';
import { endMerchantSessions } from '../sessions/index.js';
import { listMerchantsForCare, setMerchantDisabledAt } from './merchants.repository.js';

/** What a disabled merchant is told at sign-in (ours: the spec has no disabled merchant). */
export const MERCHANT_DISABLED =
  'This store has been disabled by the platform. Please contact Forkful support to re-enable it.';
/** What a diner is told when sending an order to a disabled store. */
export const STORE_UNAVAILABLE = MESSAGES.STORE_UNAVAILABLE;

export const listMerchants = (db: Db) => listMerchantsForCare(db);

/** Checks the id with the domain's rule: 400 naming the field, before the database is touched. */
export function checkedMerchantId(merchantId: string | undefined): string {
  const problem = merchantId === undefined ? 'is required' : checkMerchantId(merchantId);
  if (problem)
    throw new AppError('invalid_input', 'Invalid merchant', [
      { path: ['merchantId'], message: problem },
    ]);
  return merchantId!;
}

/**
 * Disables (at `now`) or re-enables the merchant; disabling ends its sessions in the same
 * transaction. Returns whether anything changed (false: it already was so).
 */
export async function setMerchantDisabled(
  db: Db,
  merchantId: string | undefined,
  disabled: boolean,
  now: Date,
): Promise<{ merchantId: string; changed: boolean }> {
  const id = checkedMerchantId(merchantId);
  return db.transaction(async (tx) => {
    const row = await setMerchantDisabledAt(tx, id, disabled ? now : null);
    if (!row)
      throw new AppError('not_found', 'No such merchant', [
        { path: ['merchantId'], message: `no merchant has the id "${id}"` },
      ]);
    if (disabled) await endMerchantSessions(tx, row.id);
    // The running instances drop the store's cached business info, so its page says at once
    // that it is unavailable (or, re-enabled, no longer does).
    if (row.changed) await notifyMenuChanged(tx, row.id);
    return { merchantId: id, changed: row.changed };
  });
}
