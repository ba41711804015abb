// Per-merchant gateway credentials, encrypted at rest with AES-256-GCM under the configured key
// (config.credentialsKey). One blob per merchant, recording which provider its credentials are for
// (docs/decisions/payment-credentials.md), so a merchant who switched providers never has one
// vendor's secrets sent to another. Set through the merchant API (payment-gateway.service.ts) and
// setPaymentProvider (seed and tests); read only by the payment core to talk to the gateway (the
// fields of the provider asked for) and by the merchant API's summary; never returned or logged.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { PROVIDERS, type ProviderName } from '../../adapters/payments/index.js';
import { AppError, invalidInput, notFound } from '../../lib/app-error.js';
import { findMerchantByUuid, updateMerchantPayment } from '../merchants/index.js';

/** Version 1: JSON of the fields only, written before providers were recorded. */
const UNLABELLED = 1;
/** Version 2: JSON `{ provider, fields, setAt }`; the version is bound in with the merchant. */
const LABELLED = 2;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a blob holds. */
export interface StoredCredentials {
  /** The provider the fields are for; null in a version-1 blob (the merchant's current one). */
  provider: string | null;
  fields: Record<string, string>;
  /** ISO time of the save; null when not recorded (version 1). */
  setAt: string | null;
}

/** A blob's label, when it records one. */
export interface CredentialsLabel {
  provider: string;
  setAt: string | null;
}

/** The associated data: the merchant uuid (and the version from 2 on, so none can be downgraded). */
function associatedData(version: number, merchantUuid: string): Buffer {
  return Buffer.from(version === UNLABELLED ? merchantUuid : `v${version}:${merchantUuid}`);
}

/**
 * version(1) | iv(12) | tag(16) | ciphertext; the merchant uuid is bound in as associated data.
 * With a label the blob records the provider and the time (version 2); without one it is the old
 * unlabelled shape (version 1), still read for rows written before.
 */
export function encryptCredentials(
  key: Buffer,
  merchantUuid: string,
  credentials: Record<string, string>,
  label?: CredentialsLabel,
): Buffer {
  const version = label ? LABELLED : UNLABELLED;
  const plain = label
    ? { provider: label.provider, fields: credentials, setAt: label.setAt }
    : credentials;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(version, merchantUuid));
  const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
}

/** Decrypts a blob of either version; throws on another key, another merchant or a changed byte. */
export function openCredentials(
  key: Buffer,
  merchantUuid: string,
  blob: Buffer,
): StoredCredentials {
  const version = blob[0];
  if (blob.length < 1 + IV_BYTES + TAG_BYTES || (version !== UNLABELLED && version !== LABELLED)) {
    throw new Error('payment credentials: unknown format');
  }
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(associatedData(version, merchantUuid));
  decipher.setAuthTag(tag);
  const text = Buffer.concat([
    decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  if (version === UNLABELLED) {
    return { provider: null, fields: JSON.parse(text) as Record<string, string>, setAt: null };
  }
  const stored = JSON.parse(text) as { provider: string; fields: Record<string, string> } & {
    setAt?: string | null;
  };
  return { provider: stored.provider, fields: stored.fields, setAt: stored.setAt ?? null };
}

/** The fields of a blob of either version (whatever provider they are for). */
export function decryptCredentials(
  key: Buffer,
  merchantUuid: string,
  blob: Buffer,
): Record<string, string> {
  return openCredentials(key, merchantUuid, blob).fields;
}

/** What this module reads of a merchant's row. */
export interface MerchantCredentialsRow {
  id: string;
  ecommProvider: string;
  paymentCredentials: Buffer | null;
}

/** A merchant's saved credentials with the provider they are for; null when none are saved. */
export type SavedCredentials = StoredCredentials & { provider: string; labelled: boolean };

/**
 * The merchant's saved credentials, an unlabelled (version 1) blob counted as the current
 * provider's. A blob that cannot be opened (wrong key, damaged) is logged without its bytes and
 * throws upstream_unavailable.
 */
export function savedCredentials(
  ctx: AppContext,
  merchant: MerchantCredentialsRow,
): SavedCredentials | null {
  if (!merchant.paymentCredentials) return null;
  let stored: StoredCredentials;
  try {
    stored = openCredentials(ctx.config.credentialsKey, merchant.id, merchant.paymentCredentials);
  } catch {
    // Wrong key or damaged blob: say so without the blob; card payments cannot proceed.
    ctx.log.error({ merchant: merchant.id }, 'payment credentials cannot be decrypted');
    throw new AppError(
      'upstream_unavailable',
      'Card payments are not available for this store right now.',
    );
  }
  return {
    ...stored,
    provider: stored.provider ?? merchant.ecommProvider,
    labelled: stored.provider !== null,
  };
}

/** The same, null also when the blob cannot be opened (already logged): nothing usable is saved. */
export function usableCredentials(
  ctx: AppContext,
  merchant: MerchantCredentialsRow,
): SavedCredentials | null {
  try {
    return savedCredentials(ctx, merchant);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * The decrypted credentials for a call to `provider`'s gateway (the merchant's current provider
 * unless named): null when none are saved or the saved ones are another provider's.
 */
export function readCredentials(
  ctx: AppContext,
  merchant: MerchantCredentialsRow,
  provider: string = merchant.ecommProvider,
): Record<string, string> | null {
  const saved = savedCredentials(ctx, merchant);
  return saved && saved.provider === provider ? saved.fields : null;
}

/**
 * Before the provider changes: an unlabelled blob, which counts as the current provider's, gets
 * that provider written in, so it is not read as the next provider's. Undefined when nothing is
 * to be rewritten (no blob, already labelled, or unreadable).
 */
export function labelledBeforeSwitch(
  ctx: AppContext,
  merchant: MerchantCredentialsRow,
): Buffer | undefined {
  const saved = usableCredentials(ctx, merchant);
  if (!saved || saved.labelled) return undefined;
  return encryptCredentials(ctx.config.credentialsKey, merchant.id, saved.fields, {
    provider: saved.provider,
    setAt: null,
  });
}

/** A new labelled blob of `provider`'s credentials, saved now. */
export function sealCredentials(
  ctx: AppContext,
  merchantUuid: string,
  provider: string,
  fields: Record<string, string>,
): Buffer {
  return encryptCredentials(ctx.config.credentialsKey, merchantUuid, fields, {
    provider,
    setAt: ctx.clock.now().toISOString(),
  });
}

/**
 * Sets a merchant's payment provider and, optionally, its credentials (replacing the old ones;
 * `null` clears them). Without new credentials the saved ones stay, kept as their own provider's.
 * The credentials are never returned by any call. For the seed and tests; merchants use the
 * merchant API (payment-gateway.service.ts), which also checks and audits.
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
  if (input.credentials === undefined) {
    const merchant = await findMerchantByUuid(ctx.db, merchantUuid);
    if (!merchant) throw notFound('Merchant');
    const labelled =
      merchant.ecommProvider === input.provider ? undefined : labelledBeforeSwitch(ctx, merchant);
    if (labelled) set.paymentCredentials = labelled;
  } else {
    set.paymentCredentials =
      input.credentials === null
        ? null
        : sealCredentials(ctx, merchantUuid, input.provider, input.credentials);
  }
  if (!(await updateMerchantPayment(ctx.db, merchantUuid, set))) throw notFound('Merchant');
}
