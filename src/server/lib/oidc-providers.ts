// The social sign-in providers, read from OIDC_PROVIDERS (a JSON list) and checked with zod at
// boot: a bad value stops the app with a message naming the entry and the rule. config.ts
// uses it; it lives in lib/ because configuration imports no feature module (module-boundaries.md).
import { z } from 'zod';

/** Hosts where plain http is allowed: a provider on this machine (tests, local development). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const isLoopbackUrl = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

const providerSchema = z
  .object({
    /** Becomes the path segment and the account's login_portal, e.g. "google". */
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be 1–32 lower-case letters, digits, - or _'),
    /** The button text; default: the name with a capital letter. */
    label: z.string().trim().min(1).max(50).optional(),
    /** The Issuer Identifier; its /.well-known/openid-configuration is fetched on first use. */
    issuer: z.url(),
    clientId: z.string().min(1).max(500),
    clientSecret: z.string().min(1).max(2000).optional(),
    /** How the client authenticates at the token endpoint. Default: basic with a secret. */
    tokenAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
    scope: z
      .string()
      .regex(/(^|\s)openid(\s|$)/, 'must include openid')
      .default('openid email profile'),
  })
  .superRefine((p, ctx) => {
    const url = new URL(p.issuer);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
      ctx.addIssue({
        code: 'custom',
        path: ['issuer'],
        message: 'must be https (plain http only on 127.0.0.1 or localhost)',
      });
    }
    const method = p.tokenAuthMethod ?? (p.clientSecret ? 'client_secret_basic' : 'none');
    if (method !== 'none' && !p.clientSecret) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientSecret'],
        message: `is required with ${method}`,
      });
    }
  });

const providersSchema = z
  .array(providerSchema)
  .max(10)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.name)) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'is used twice' });
      }
      seen.add(p.name);
    });
  });

export interface OidcProviderSettings {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post' | 'none';
  scope: string;
}

export class OidcProvidersError extends Error {
  constructor(problems: string[]) {
    super(`Invalid OIDC_PROVIDERS:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'OidcProvidersError';
  }
}

/** Parses OIDC_PROVIDERS; unset or empty means no social sign-in. */
export function parseOidcProviders(raw: string | undefined): OidcProviderSettings[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new OidcProvidersError(['(root): is not valid JSON']);
  }
  const parsed = providersSchema.safeParse(json);
  if (!parsed.success) {
    throw new OidcProvidersError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return parsed.data.map((p) => ({
    name: p.name,
    label: p.label ?? p.name.charAt(0).toUpperCase() + p.name.slice(1),
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    tokenAuthMethod: p.tokenAuthMethod ?? (p.clientSecret ? 'client_secret_basic' : 'none'),
    scope: p.scope,
  }));
}
