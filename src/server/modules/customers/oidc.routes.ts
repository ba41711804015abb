// Social sign-in routes (OpenID Connect, authorization code + PKCE): the configured providers
// for the Sign In tab's buttons, the redirect to a provider, and the callback that signs in.
// Browsers navigate to start and come back to callback, so both answer with redirects; a failed
// sign-in returns to the page with ?loginError=<code>.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/oidc.js';
import type { AppContext } from '../../app-context.js';
import { publicLimited } from '../../lib/route-config.js';
import { AppError } from '../../lib/app-error.js';
import { startSession } from '../../plugins/sessions.js';
import { SESSION_COOKIE } from '../sessions/index.js';
import type { OidcProviderSettings } from '../../lib/oidc-providers.js';
import {
  OIDC_COOKIE_PATH,
  OIDC_STATE_COOKIE,
  OIDC_STATE_TTL_MS,
  OidcClients,
  OidcFailure,
  beginSignIn,
  callbackUrl,
  completeSignIn,
  decodeLoginState,
  encodeLoginState,
  findOrCreateSocialCustomer,
  safeReturnTo,
  withLoginError,
} from './oidc.service.js';

export const OIDC_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Seconds allowed for each call to a provider (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 10;

export const customerOidcRoutes =
  (
    ctx: AppContext,
    providers: OidcProviderSettings[] = ctx.config.oidcProviders,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = publicLimited(ctx.config, OIDC_RATE_LIMIT);

    const clients = new OidcClients(providers, PROVIDER_TIMEOUT_SECONDS);
    const production = ctx.config.env === 'production';

    const settingsFor = (name: string) => {
      const p = clients.settings(name);
      if (!p) throw new AppError('not_found', 'Sign-in provider not found');
      return p;
    };

    app.get(
      api.listOidcProviders.path,
      { config: { access: 'public' }, schema: api.listOidcProviders.schema },
      async () => ({
        providers: clients.list().map((p) => ({
          name: p.name,
          label: p.label,
          startUrl: `${OIDC_COOKIE_PATH}/${p.name}/start`,
        })),
      }),
    );

    app.get(
      api.startOidcSignIn.path,
      { config: limited, schema: api.startOidcSignIn.schema },
      async (request, reply) => {
        const p = settingsFor(request.params.provider);
        const returnTo = safeReturnTo(request.query.returnTo);
        reply.header('cache-control', 'no-store');
        try {
          const { authorizationUrl, loginState } = await beginSignIn(ctx, clients, p, returnTo);
          reply.setCookie(OIDC_STATE_COOKIE, encodeLoginState(loginState), {
            signed: true,
            httpOnly: true,
            sameSite: 'lax',
            secure: production,
            path: OIDC_COOKIE_PATH,
            maxAge: OIDC_STATE_TTL_MS / 1000,
          });
          return reply.redirect(authorizationUrl.href, 302);
        } catch (err) {
          if (!(err instanceof OidcFailure)) throw err;
          request.log.warn({ err, provider: p.name }, 'social sign-in could not start');
          return reply.redirect(withLoginError(returnTo, err.failure), 302);
        }
      },
    );

    app.get(
      api.oidcCallback.path,
      { config: limited, schema: api.oidcCallback.schema },
      async (request, reply) => {
        const p = settingsFor(request.params.provider);
        reply.header('cache-control', 'no-store');
        // The login state is good for this one callback only.
        const raw = request.cookies[OIDC_STATE_COOKIE];
        reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_COOKIE_PATH });
        const unsigned = raw ? request.unsignCookie(raw) : undefined;
        const loginState =
          unsigned?.valid && unsigned.value
            ? decodeLoginState(unsigned.value, ctx.clock.now())
            : undefined;
        if (!loginState || loginState.provider !== p.name) {
          return reply.redirect(withLoginError('/', 'expired'), 302);
        }
        const current = new URL(callbackUrl(ctx, p.name));
        current.search = new URL(request.url, 'http://callback.invalid').search;
        try {
          const claims = await completeSignIn(ctx, clients, p, current, loginState);
          const account = await findOrCreateSocialCustomer(ctx, p.name, claims);
          await startSession(
            ctx,
            reply,
            'customer',
            account.id,
            request.cookies[SESSION_COOKIE.customer],
          );
          request.log.info(
            { provider: p.name, created: account.created, linked: account.linked },
            'social sign-in',
          );
          return reply.redirect(loginState.returnTo, 302);
        } catch (err) {
          if (!(err instanceof OidcFailure)) throw err;
          request.log.warn({ err, provider: p.name }, `social sign-in refused: ${err.message}`);
          return reply.redirect(withLoginError(loginState.returnTo, err.failure), 302);
        }
      },
    );
  };
