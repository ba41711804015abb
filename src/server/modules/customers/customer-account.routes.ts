// The User dashboard modal's reads (spec §2): Order History, the order amount and the Loyalty
// Level tab. Only the signed-in diner's own data; amounts in cents.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/customers.js';
import type { AppContext } from '../../app-context.js';
import { getLoyaltyPoints, getOrderAmount, getOrderHistory } from './customer-account.service.js';

export const customerAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.getOrderHistory.path,
      { config: { access: 'customer' }, schema: api.getOrderHistory.schema },
      async (request) => ({
        success: true as const,
        ...(await getOrderHistory(ctx, request.auth.customer!.id, request.query.before)),
      }),
    );

    app.get(
      api.getOrderAmount.path,
      { config: { access: 'customer' }, schema: api.getOrderAmount.schema },
      async (request) => ({
        success: true as const,
        orderAmount: await getOrderAmount(ctx, request.auth.customer!.id),
      }),
    );

    app.get(
      api.getLoyaltyPoints.path,
      { config: { access: 'customer' }, schema: api.getLoyaltyPoints.schema },
      async (request) => ({
        success: true as const,
        ...(await getLoyaltyPoints(ctx, request.auth.customer!.id)),
      }),
    );
  };
