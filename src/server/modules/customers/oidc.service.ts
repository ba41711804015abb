// Social sign-in through OpenID Connect: the authorization code flow with PKCE, state and nonce,
// through openid-client. The short-lived login state (state, nonce, code verifier, where to go
// back) travels in a signed HttpOnly cookie, so any instance can finish a sign-in another began.
// Accounts are found by (login_portal, sub); an existing password account is linked only when
// the provider says its email is verified.
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from './customer-auth.service.js';
import {
  findCustomerByEmail,
  findCustomerBySocialSubject,
  insertCustomer,
  linkSocialSubject,
} from './customers.repository.js';
import { isLoopbackUrl, type OidcProviderSettings } from '../../lib/oidc-providers.js';

export const OIDC_STATE_COOKIE = 'fk_oidc_login';
export const OIDC_COOKIE_PATH = '/api/usersAuth/oidc';
/** How long a sign-in may take at the provider. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

/** Why a social sign-in ended without a session; sent back as ?loginError=… */
export type OidcFailureCode =
  'cancelled' | 'expired' | 'failed' | 'provider_unavailable' | 'email_required' | 'email_in_use';

export class OidcFailure extends Error {
  constructor(
    readonly failure: OidcFailureCode,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'OidcFailure';
  }
}

/** Discovered provider metadata, fetched on first use and kept; a failed fetch is retried. */
export class OidcClients {
  readonly #byName: Map<string, OidcProviderSettings>;
  readonly #configs = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    providers: OidcProviderSettings[],
    private readonly timeoutSeconds: number,
  ) {
    this.#byName = new Map(providers.map((p) => [p.name, p]));
  }

  list(): OidcProviderSettings[] {
    return [...this.#byName.values()];
  }

  settings(name: string): OidcProviderSettings | undefined {
    return this.#byName.get(name);
  }

  async configuration(p: OidcProviderSettings): Promise<oidc.Configuration> {
    let pending = this.#configs.get(p.name);
    if (!pending) {
      pending = this.#discover(p);
      this.#configs.set(p.name, pending);
      pending.catch(() => this.#configs.delete(p.name));
    }
    try {
      return await pending;
    } catch (err) {
      throw new OidcFailure('provider_unavailable', `discovery of ${p.issuer} failed`, err);
    }
  }

  #discover(p: OidcProviderSettings): Promise<oidc.Configuration> {
    const issuer = new URL(p.issuer);
    const auth =
      p.tokenAuthMethod === 'none'
        ? oidc.None()
        : p.tokenAuthMethod === 'client_secret_post'
          ? oidc.ClientSecretPost(p.clientSecret)
          : oidc.ClientSecretBasic(p.clientSecret);
    return oidc.discovery(
      issuer,
      p.clientId,
      p.clientSecret ? { client_secret: p.clientSecret } : undefined,
      auth,
      {
        timeout: this.timeoutSeconds,
        // Plain http is accepted only for a provider on this machine (lib/oidc-providers.ts).
        ...(issuer.protocol === 'http:' && isLoopbackUrl(issuer)
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      },
    );
  }
}

// ---------------------------------------------------------------- the login-state cookie

const loginStateSchema = z.object({
  provider: z.string().max(32),
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  verifier: z.string().min(43).max(128),
  returnTo: z.string().max(600),
  issuedAt: z.number().int(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

export const encodeLoginState = (s: LoginState) =>
  Buffer.from(JSON.stringify(s)).toString('base64url');

/** The state a signed cookie carried, or undefined when it is garbage or too old. */
export function decodeLoginState(value: string, now: Date): LoginState | undefined {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = loginStateSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const age = now.getTime() - parsed.data.issuedAt;
  return age >= 0 && age <= OIDC_STATE_TTL_MS ? parsed.data : undefined;
}

// ---------------------------------------------------------------- where to go back

const BASE = 'http://forkful.invalid';

/**
 * A same-origin path to return to after sign-in; anything else (another host, "//host",
 * backslashes, control characters, an API path) becomes "/".
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 500) return '/';
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || url.pathname.startsWith('/api/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path with ?loginError=<code> added, for the page to show a message. */
export function withLoginError(returnTo: string, code: OidcFailureCode): string {
  const url = new URL(safeReturnTo(returnTo), BASE);
  url.searchParams.set('loginError', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

// ---------------------------------------------------------------- the flow

export function callbackUrl(ctx: AppContext, provider: string): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${OIDC_COOKIE_PATH}/${provider}/callback`;
}

/** Step 1: the provider's authorization URL and the state to keep until the callback. */
export async function beginSignIn(
  ctx: AppContext,
  clients: OidcClients,
  p: OidcProviderSettings,
  returnTo: string,
): Promise<{ authorizationUrl: URL; loginState: LoginState }> {
  const config = await clients.configuration(p);
  const verifier = oidc.randomPKCECodeVerifier();
  const loginState: LoginState = {
    provider: p.name,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    returnTo: safeReturnTo(returnTo),
    issuedAt: ctx.clock.now().getTime(),
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, p.name),
    response_type: 'code',
    scope: p.scope,
    state: loginState.state,
    nonce: loginState.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl, loginState };
}

export interface SocialClaims {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function readClaims(source: Record<string, unknown>, sub: string): SocialClaims {
  const given = [str(source.given_name), str(source.family_name)].filter(Boolean).join(' ');
  return {
    sub,
    email: str(source.email),
    // Some providers send the flag as the string "true".
    emailVerified: source.email_verified === true || source.email_verified === 'true',
    name: str(source.name) ?? (given || undefined) ?? str(source.preferred_username),
  };
}

/**
 * Step 2: checks the provider's answer (state, iss, PKCE, the ID token with its nonce) and
 * returns the person's claims, asking the userinfo endpoint when the ID token lacks the email.
 */
export async function completeSignIn(
  ctx: AppContext,
  clients: OidcClients,
  p: OidcProviderSettings,
  currentUrl: URL,
  loginState: LoginState,
): Promise<SocialClaims> {
  const error = currentUrl.searchParams.get('error');
  if (error) {
    throw new OidcFailure(
      error === 'access_denied' ? 'cancelled' : 'failed',
      `provider answered ${error}`,
    );
  }
  const config = await clients.configuration(p);
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: loginState.verifier,
      expectedState: loginState.state,
      expectedNonce: loginState.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw new OidcFailure('failed', 'the authorization response or code exchange failed', err);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new OidcFailure('failed', 'no ID token');
  let claims = readClaims(idClaims, idClaims.sub);
  if (!claims.email && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
    try {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...readClaims(info, idClaims.sub), name: claims.name ?? str(info.name) };
    } catch (err) {
      throw new OidcFailure('failed', 'userinfo request failed', err);
    }
  }
  return claims;
}

/** The account name for a new social account: the person's name, else the email's local part. */
function accountName(claims: SocialClaims & { email: string }): string {
  const name = claims.name ?? claims.email.split('@')[0] ?? claims.email;
  return name.slice(0, 50);
}

/**
 * Step 3: the account for these claims. By (login_portal, sub) first; else an existing account
 * with the same email is linked when the provider vouches for the email and the account has no
 * provider yet; else a new account without a password.
 */
export async function findOrCreateSocialCustomer(
  ctx: AppContext,
  portal: string,
  claims: SocialClaims,
): Promise<{ id: string; created: boolean; linked: boolean }> {
  const known = await findCustomerBySocialSubject(ctx.db, portal, claims.sub);
  if (known) return { id: known.id, created: false, linked: false };
  if (!claims.email) {
    throw new OidcFailure('email_required', 'the provider shared no email address');
  }
  const email = claims.email.toLowerCase();
  const now = ctx.clock.now();
  const existing = await findCustomerByEmail(ctx.db, email);
  if (existing) {
    if (!claims.emailVerified || existing.loginPortal) {
      throw new OidcFailure(
        'email_in_use',
        existing.loginPortal
          ? `the email belongs to an account of provider ${existing.loginPortal}`
          : 'the email belongs to a password account and the provider did not verify it',
      );
    }
    let linked;
    try {
      linked = await linkSocialSubject(ctx.db, existing.id, portal, claims.sub, now);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    if (linked) return { id: linked.id, created: false, linked: true };
    // A concurrent callback linked it first (to this sub, or another).
    const again = await findCustomerBySocialSubject(ctx.db, portal, claims.sub);
    if (again) return { id: again.id, created: false, linked: false };
    throw new OidcFailure('email_in_use', 'the account was linked to another sign-in meanwhile');
  }
  const row = await insertCustomer(
    ctx.db,
    {
      name: accountName({ ...claims, email }),
      email,
      passwordHash: null,
      loginPortal: portal,
      oidcSubject: claims.sub,
    },
    now,
  );
  if (row) return { id: row.id, created: true, linked: false };
  // Lost a race: the same person finishing twice, or someone registering the email meanwhile.
  const again = await findCustomerBySocialSubject(ctx.db, portal, claims.sub);
  if (again) return { id: again.id, created: false, linked: false };
  throw new OidcFailure('email_in_use', 'the email was registered meanwhile');
}
