// The rules for a new merchant account (the `npm run merchant -- create` command): the merchant
// id that becomes the store's URL slug and sign-in name, the business name, a US street address,
// an IANA time zone (every hour and schedule rule is read in it), phone and email. Messages are
// ours (the spec has no merchant sign-up form); each says what a good value looks like.
import { IANAZone } from 'luxon';
import { z } from 'zod';
import type { Address } from '../settings/schemas.js';
import { isEmailAddress } from './email.js';
import { checkZip, phoneDigits } from './fields.js';

export const MERCHANT_ID_MIN = 2;
export const MERCHANT_ID_MAX = 64;
/**
 * Lower-case letters, digits, "-" and "_", starting and ending with a letter or digit: a slug that
 * reads the same in a URL and at sign-in (sign-in compares it exactly, so no upper case that a
 * merchant would later type differently). A subset of what the routes accept as a merchantId.
 */
const MERCHANT_ID_SHAPE = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;

export const MERCHANT_ACCOUNT_MESSAGES = {
  MERCHANT_ID: `must be ${MERCHANT_ID_MIN}–${MERCHANT_ID_MAX} lower-case letters, digits, "-" or "_", starting and ending with a letter or digit (e.g. golden-lotus)`,
  NAME: 'must be 1–100 characters',
  ADDRESS:
    'must be a US address written "street, city, ST 12345" (e.g. "52 Mott Street, New York, NY 10013")',
  TIME_ZONE: 'must be an IANA time zone name such as America/New_York or America/Los_Angeles',
  PHONE: 'must be a 10-digit US phone number (e.g. 2125550188 or (212)555-0188)',
  EMAIL: 'must be an email address like name@example.com (at most 100 characters)',
} as const;

/** A merchant id, or null when it has the right shape. */
export function checkMerchantId(input: string): string | null {
  return input.length >= MERCHANT_ID_MIN &&
    input.length <= MERCHANT_ID_MAX &&
    MERCHANT_ID_SHAPE.test(input)
    ? null
    : MERCHANT_ACCOUNT_MESSAGES.MERCHANT_ID;
}

/**
 * The canonical IANA name of a zone ("america/new_york" → "America/New_York"), or null for
 * anything that is not one: offsets such as "+05:00" and unknown names are refused, because a
 * fixed offset would put every open hour one hour off for half the year.
 */
export function canonicalTimeZone(input: string): string | null {
  const name = input.trim();
  if (!/^[A-Za-z]/.test(name) || !IANAZone.isValidZone(name)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/** "52 Mott Street, New York, NY 10013" → its parts, or null when it is not written so. */
export function parseUsAddress(input: string): Address | null {
  const parts = input
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3) return null;
  const last = /^([A-Za-z]{2})\s+(\S+)$/.exec(parts.at(-1)!);
  if (!last || checkZip(last[2]!) !== null) return null;
  const street = parts.slice(0, -2).join(', ');
  const city = parts.at(-2)!;
  if (street.length > 200 || city.length > 100) return null;
  return { street, city, state: last[1]!.toUpperCase(), postalCode: last[2]! };
}

/** The command's input as typed → the values to store; each issue's path names the field. */
export const newMerchantSchema = z.object({
  merchantId: z
    .string({ error: 'is required' })
    .trim()
    .refine((v) => checkMerchantId(v) === null, MERCHANT_ACCOUNT_MESSAGES.MERCHANT_ID),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, MERCHANT_ACCOUNT_MESSAGES.NAME)
    .max(100, MERCHANT_ACCOUNT_MESSAGES.NAME),
  address: z.string({ error: 'is required' }).transform((v, ctx) => {
    const address = parseUsAddress(v);
    if (address) return address;
    ctx.addIssue({ code: 'custom', message: MERCHANT_ACCOUNT_MESSAGES.ADDRESS });
    return z.NEVER;
  }),
  timeZone: z.string({ error: 'is required' }).transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: MERCHANT_ACCOUNT_MESSAGES.TIME_ZONE });
    return z.NEVER;
  }),
  phone: z
    .string({ error: 'is required' })
    .transform(phoneDigits)
    .pipe(z.string().regex(/^\d{10}$/, MERCHANT_ACCOUNT_MESSAGES.PHONE)),
  email: z
    .string({ error: 'is required' })
    .trim()
    .max(100, MERCHANT_ACCOUNT_MESSAGES.EMAIL)
    .refine(isEmailAddress, MERCHANT_ACCOUNT_MESSAGES.EMAIL),
});
/** The fields as typed; any may be missing (reported as "is required"). */
export type NewMerchantInput = Partial<Record<keyof z.input<typeof newMerchantSchema>, string>>;
export type NewMerchant = z.output<typeof newMerchantSchema>;
