// Social sign-in (OpenID Connect): the configured providers for the Sign In tab's buttons, and
// the start and callback routes a browser navigates to (they answer with redirects).
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

const providerParams = z.object({ provider: z.string().min(1).max(32) });
const param = z.string().max(4096).optional();
const tags = ['customer auth'];

export const oidcProviderView = z.object({
  name: z.string(),
  label: z.string(),
  startUrl: z.string(),
});

export const listOidcProviders = defineRoute('GET', '/api/usersAuth/oidc/providers', {
  tags,
  response: { 200: z.object({ providers: z.array(oidcProviderView) }) },
});

/** Redirects (302) to the provider, or back with ?loginError=<code>. */
export const startOidcSignIn = defineRoute('GET', '/api/usersAuth/oidc/:provider/start', {
  tags,
  params: providerParams,
  querystring: z.object({
    /** A same-origin path to come back to (default "/"). */
    returnTo: z.string().max(500).optional(),
  }),
  response: { 400: errorBody, 404: errorBody },
});

/** The provider's redirect back; signs in and redirects (302) to where the diner started. */
export const oidcCallback = defineRoute('GET', '/api/usersAuth/oidc/:provider/callback', {
  tags,
  params: providerParams,
  // What the provider sends back; read again from the raw URL by openid-client.
  querystring: z.object({
    code: param,
    state: param,
    iss: param,
    error: param,
    error_description: param,
    session_state: param,
  }),
  response: { 400: errorBody, 404: errorBody },
});
