// The spec's payment-provider paths (§7 "Payment providers"), one plugin per family: cardPointe,
// tsys, authorizeNet, tsys2 (elavon's hosted flow is elsewhere). docs/decisions/provider-routes.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { authorizeNetRoutes } from './authorizenet.routes.js';
import { cardPointeRoutes } from './cardpointe.routes.js';
import type { ProviderDeps } from './provider-routes.service.js';
import { tsysRoutes } from './tsys.routes.js';
import { tsys2Routes } from './tsys2.routes.js';

export type { ProviderDeps } from './provider-routes.service.js';

export const providerRoutes =
  (ctx: AppContext, deps: ProviderDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(cardPointeRoutes(ctx, deps));
    await app.register(tsysRoutes(ctx, deps));
    await app.register(authorizeNetRoutes(ctx, deps));
    await app.register(tsys2Routes(ctx, deps));
  };
