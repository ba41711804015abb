// A forgotten password (docs/decisions/password-reset.md): an emailed one-time link, valid 30
// minutes, at most 3 per account an hour; the same answer whether or not the email has an
// account; the token itself is never stored or logged, only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { RESET_LINK_INVALID } from '../../../contract/customers.js';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { enqueueMessage } from '../outbox/index.js';
import { findCustomerByEmail } from './customers.repository.js';
import {
  countRecentResets,
  finishReset,
  insertReset,
  useReset,
} from './password-reset.repository.js';

export const RESET_TTL_MS = 30 * 60_000;
/** Links one account may be sent per hour (a mailbox is not to be flooded through us). */
export const RESETS_PER_HOUR = 3;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Queues the email when the account exists and may have another link; says nothing either way. */
export async function requestReset(
  ctx: AppContext,
  input: { email: string; merchantId: string },
): Promise<void> {
  const merchant = await findMerchantBySlug(ctx.db, input.merchantId);
  if (!merchant) return;
  const customer = await findCustomerByEmail(ctx.db, input.email);
  if (!customer) return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (
      (await countRecentResets(tx, customer.id, new Date(now.getTime() - 3_600_000))) >=
      RESETS_PER_HOUR
    )
      return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    await insertReset(tx, {
      customerId: customer.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
    const base = ctx.config.publicUrl.replace(/\/$/, '');
    const link = `${base}/store/${encodeURIComponent(merchant.merchantId)}?resetToken=${token}`;
    await enqueueMessage(tx, {
      kind: 'email',
      merchantId: merchant.id,
      messageKey: `password-reset:${tokenHash}`,
      payload: {
        to: [customer.email],
        subject: `Choose a new password for ${merchant.name}`,
        text: `Hello ${customer.name},\n\nTo choose a new password, open this link within 30 minutes:\n${link}\n\nIt works once. If you did not ask for it, ignore this email: your password stays as it is.`,
        purpose: 'password_reset',
      },
    });
  });
}

/** Sets the new password with a link's token; the link and the account's sessions end. */
export async function confirmReset(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<string> {
  // Hashed before the link is used, so a slow hash cannot hold the row.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const used = await useReset(tx, sha256(input.token), now);
    if (!used)
      throw new AppError('invalid_input', RESET_LINK_INVALID, [
        { path: ['body', 'token'], message: RESET_LINK_INVALID },
      ]);
    return finishReset(tx, used, passwordHash, now);
  });
}
