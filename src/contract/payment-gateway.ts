// The merchant's card gateway and its credentials (ours: the spec has no credentials call;
// docs/decisions/payment-credentials.md). The read never carries a secret: which provider the
// saved credentials are for, their environment, the last 4 characters of the account id and when
// they were saved. The save takes the provider with that provider's credentials (the schemas of
// ./payment-credentials.ts), and switches both at once.
import { z } from 'zod';
import { ECOMM_PROVIDERS } from '../domain/settings/schemas.js';
import { merchantParams } from './common.js';
import { errorAnswers } from './errors.js';
import { type CredentialedProvider, PROVIDER_CREDENTIALS } from './payment-credentials.js';
import { defineRoute } from './route.js';

import { providerLabel } from '../domain/settings/provider-labels.js';

export { PROVIDER_LABELS, providerLabel } from '../domain/settings/provider-labels.js';

/** Whether a provider takes credentials (every one but the sandbox). */
export const takesCredentials = (provider: string): provider is CredentialedProvider =>
  Object.hasOwn(PROVIDER_CREDENTIALS, provider);

/** The field of each provider's credentials that names the merchant's account. */
export const ACCOUNT_FIELD = {
  cardPointe: 'merchid',
  tsys: 'deviceId',
  tsys2: 'deviceId',
  authorizeNet: 'apiLoginId',
  elavon: 'merchantId',
} as const satisfies {
  [P in CredentialedProvider]: keyof z.output<(typeof PROVIDER_CREDENTIALS)[P]>;
};

/** The environment value that means the vendor's live host; every other one is a test host. */
export const LIVE_ENVIRONMENT = 'production';

/** The message of a provider chosen before its credentials are saved. */
export const credentialsFirst = (provider: string) =>
  `Enter the ${providerLabel(provider)} credentials first`;

const provider = z.enum(ECOMM_PROVIDERS);

/** The saved credentials, without any secret. */
export const savedCredentialsView = z.object({
  /** The provider they are for (not always the merchant's current one). */
  provider,
  /** e.g. 'uat', 'stage', 'sandbox', 'demo' (test hosts) or 'production'; null when unknown. */
  environment: z.string().nullable(),
  /** The last 4 characters of the account id (merchid, deviceId, apiLoginId, Converge account). */
  accountHint: z.string().nullable(),
  /** ISO time of the save; null for credentials saved before it was recorded. */
  setAt: z.string().nullable(),
});
export type SavedCredentialsView = z.infer<typeof savedCredentialsView>;

export const paymentGatewayView = z.object({
  /** The merchant's current provider (ecomm_provider). */
  provider,
  /** The providers this server has a gateway for: the only ones a merchant may choose. */
  offered: z.array(provider),
  credentials: savedCredentialsView.nullable(),
});
export type PaymentGatewayView = z.infer<typeof paymentGatewayView>;

/**
 * A provider with its credentials, checked by that provider's schema. `null` keeps the saved
 * credentials, when they are this provider's (switching back); the sandbox takes none.
 */
const withCredentials = <P extends CredentialedProvider>(name: P) =>
  z.object({
    provider: z.literal(name),
    credentials: PROVIDER_CREDENTIALS[name].nullable(),
  });

export const paymentGatewayUpdate = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), credentials: z.null().optional() }),
  withCredentials('cardPointe'),
  withCredentials('tsys'),
  withCredentials('tsys2'),
  withCredentials('authorizeNet'),
  withCredentials('elavon'),
]);
export type PaymentGatewayUpdate = z.output<typeof paymentGatewayUpdate>;

const path = '/api/merchants/merchantId/:merchantId/paymentGateway';
const tags = ['payment gateway'];

/** GET: the merchant's provider, the providers offered, and what is saved (never a secret). */
export const getPaymentGateway = defineRoute('GET', path, {
  tags,
  params: merchantParams,
  response: { 200: paymentGatewayView, ...errorAnswers(400, 401, 403, 404) },
});

/** PUT: switches the provider and saves its credentials together; answers the GET's shape. */
export const savePaymentGateway = defineRoute('PUT', path, {
  tags,
  params: merchantParams,
  body: paymentGatewayUpdate,
  response: { 200: paymentGatewayView, ...errorAnswers(400, 401, 403, 404) },
});
