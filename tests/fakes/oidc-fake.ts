// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for social sign-in tests. Its
// login and consent step is replaced by a headless interaction: the test says which account
// signs in next (or that the person cancels), and `authorize` walks the browser's redirects.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';

export interface FakeOidcOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** How the client authenticates at the token endpoint (default client_secret_basic). */
  tokenAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface FakeOidc {
  issuer: string;
  /** Accounts by subject, with the claims the provider releases (email, email_verified, name). */
  accounts: Map<string, AccountClaims>;
  /** Who signs in at the next interaction; 'deny' = the person cancels. */
  nextLogin: string | 'deny' | undefined;
  /** Paths of every request the provider received, in order. */
  requests: string[];
  /** The authorization request parameters the provider last saw. */
  lastAuthorizationParams: Record<string, unknown> | undefined;
  /**
   * Follows a browser from the authorization URL through the provider's interaction to the
   * redirect back to the client; returns that final URL (with code and state, or an error).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startFakeOidc(opts: FakeOidcOptions): Promise<FakeOidc> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const accounts = new Map<string, AccountClaims>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: opts.tokenAuthMethod ?? 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'fake-oidc-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['fake-oidc-cookie-signing-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/i/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ ...claims, sub }) } : undefined;
    },
  });

  const fake: FakeOidc = {
    issuer,
    accounts,
    nextLogin: undefined,
    requests: [],
    lastAuthorizationParams: undefined,
    authorize: (url) => follow(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const handle = provider.callback();
  server.on('request', (req, res) => {
    fake.requests.push(new URL(req.url ?? '/', issuer).pathname);
    if (!req.url?.startsWith('/i/')) return handle(req, res);
    // Headless login + consent: sign in the chosen account and grant what was asked.
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        fake.lastAuthorizationParams = details.params;
        const who = fake.nextLogin;
        if (!who || who === 'deny' || !accounts.has(who)) {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The person cancelled' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = new provider.Grant({
          accountId: who,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: who }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  /** A minimal browser: follows redirects on the provider's origin, keeping its cookies. */
  async function follow(start: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(start);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (!location) {
        throw new Error(`provider stopped at ${url.pathname}: ${res.status} ${await res.text()}`);
      }
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  return fake;
}
