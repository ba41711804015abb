// Each payment provider's credentials as the merchant enters them in the dashboard (the form and
// the merchant API both use these schemas) and as the server keeps them, encrypted (payments
// module, credentials.ts). They are never sent back to any browser: a read answers only which
// fields are set. `environment` picks the vendor's test or live host (docs/protocols/: each
// gateway's "Transport"); a deployment may point every provider at another host (tests: the local
// fakes).
import { z } from 'zod';

const field = (label: string, max: number, pattern?: RegExp, rule?: string) => {
  const s = z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);
  return pattern ? s.regex(pattern, rule ?? `${label} is not valid`) : s;
};

export const cardPointeCredentials = z.object({
  /** The site name of the gateway host: https://<site>[-uat].cardconnect.com. */
  site: field('Site', 40, /^[a-z0-9-]+$/i, 'Site may hold letters, digits and dashes only'),
  merchid: field('Merchant ID', 16, /^\d+$/, 'Merchant ID is digits only'),
  username: field('API username', 100),
  password: field('API password', 200),
  environment: z.enum(['uat', 'production']),
});

/** TransIT (tsys and tsys2): the transactionKey comes from GenerateKey, run on the server. */
export const transitCredentials = z.object({
  deviceId: field('Device ID', 30, /^\d+$/, 'Device ID is digits only'),
  transactionKey: field(
    'Transaction key',
    64,
    /^[A-Za-z0-9]+$/,
    'Transaction key is letters and digits only',
  ),
  developerId: field('Developer ID', 30).optional(),
  environment: z.enum(['stage', 'production']),
});

/** What GenerateKey needs, once: the merchant's TransIT login (not kept). */
export const transitKeyRequest = z.object({
  mid: field('MID', 30, /^\d+$/, 'MID is digits only'),
  userId: field('User ID', 100),
  password: field('Password', 200),
  deviceId: field('Device ID', 30, /^\d+$/, 'Device ID is digits only'),
  developerId: field('Developer ID', 30).optional(),
  environment: z.enum(['stage', 'production']),
});

export const authorizeNetCredentials = z.object({
  apiLoginId: field('API Login ID', 25),
  transactionKey: field('Transaction Key', 16),
  environment: z.enum(['sandbox', 'production']),
});

export const convergeCredentials = z.object({
  /** ssl_merchant_id: the 6–7 digit Converge account id, not the 10-digit Elavon MID. */
  merchantId: field('Account ID', 7, /^\d{6,7}$/, 'Account ID is 6 or 7 digits'),
  userId: field('User ID', 64),
  pin: field('PIN', 64, /^[A-Za-z0-9]+$/, 'PIN is letters and digits only'),
  environment: z.enum(['demo', 'production']),
});

export type CardPointeCredentials = z.infer<typeof cardPointeCredentials>;
export type TransitCredentials = z.infer<typeof transitCredentials>;
export type TransitKeyRequest = z.infer<typeof transitKeyRequest>;
export type AuthorizeNetCredentials = z.infer<typeof authorizeNetCredentials>;
export type ConvergeCredentials = z.infer<typeof convergeCredentials>;

/** The credentials schema of each provider that takes any (the sandbox takes none). */
export const PROVIDER_CREDENTIALS = {
  cardPointe: cardPointeCredentials,
  tsys: transitCredentials,
  tsys2: transitCredentials,
  authorizeNet: authorizeNetCredentials,
  elavon: convergeCredentials,
} as const;
export type CredentialedProvider = keyof typeof PROVIDER_CREDENTIALS;
