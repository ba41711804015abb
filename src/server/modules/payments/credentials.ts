// Per-merchant gateway credentials, encrypted at rest with AES-256-GCM under the configured key
// (config.credentialsKey). Set through setPaymentProvider (seed and tests now, the merchant API
// later); read only by the payment core to talk to the gateway; never returned or logged.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { PROVIDERS, type ProviderName } from '../../adapters/payments/index.js';
import { AppError, invalidInput, notFound } from '../../lib/app-error.js';
import { updateMerchantPayment } from '../merchants/index.js';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** version(1) | iv(12) | tag(16) | ciphertext; the merchant uuid is bound in as associated data. */
export function encryptCredentials(
  key: Buffer,
  merchantUuid: string,
  credentials: Record<string, string>,
): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(merchantUuid));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function decryptCredentials(
  key: Buffer,
  merchantUuid: string,
  blob: Buffer,
): Record<string, string> {
  if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== VERSION) {
    throw new Error('payment credentials: unknown format');
  }
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(merchantUuid));
  decipher.setAuthTag(tag);
  const text = Buffer.concat([
    decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as Record<string, string>;
}

/**
 * Sets a merchant's payment provider and, optionally, its credentials (replacing the old ones;
 * `null` clears them). The credentials are never returned by any call.
 */
export async function setPaymentProvider(
  ctx: AppContext,
  merchantUuid: string,
  input: { provider: ProviderName; credentials?: Record<string, string> | null },
): Promise<void> {
  if (!(PROVIDERS as readonly string[]).includes(input.provider)) {
    throw invalidInput('Unknown payment provider', [{ path: ['provider'], message: 'Invalid' }]);
  }
  const set: Parameters<typeof updateMerchantPayment>[2] = {
    ecommProvider: input.provider,
    updatedAt: ctx.clock.now(),
  };
  if (input.credentials !== undefined) {
    set.paymentCredentials =
      input.credentials === null
        ? null
        : encryptCredentials(ctx.config.credentialsKey, merchantUuid, input.credentials);
  }
  if (!(await updateMerchantPayment(ctx.db, merchantUuid, set))) throw notFound('Merchant');
}

/** The decrypted credentials for a gateway call; null when none are set. */
export function readCredentials(
  ctx: AppContext,
  merchant: { id: string; paymentCredentials: Buffer | null },
): Record<string, string> | null {
  if (!merchant.paymentCredentials) return null;
  try {
    return decryptCredentials(ctx.config.credentialsKey, merchant.id, merchant.paymentCredentials);
  } catch {
    // Wrong key or damaged blob: say so without the blob; card payments cannot proceed.
    ctx.log.error({ merchant: merchant.id }, 'payment credentials cannot be decrypted');
    throw new AppError(
      'upstream_unavailable',
      'Card payments are not available for this store right now.',
    );
  }
}
