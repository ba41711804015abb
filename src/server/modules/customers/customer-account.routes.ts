// The User dashboard modal's reads (spec §2): Order History, the order amount and the Loyalty
// Level tab. Only the signed-in diner's own data; amounts in cents.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody } from '../../lib/schemas.js';
import { getLoyaltyPoints, getOrderAmount, getOrderHistory } from './customer-account.service.js';

const historyRow = z.object({
  _id: z.string(),
  merchant_info: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    merchantId: z.string(),
  }),
  /** When the order was placed (ISO 8601). */
  orderSaveDate: z.string(),
  totalCents: z.number().int(),
  orderMethod: z.string(),
  /** The merchant's order number. */
  orderId: z.number().int().nullable(),
  hasVoid: z.boolean(),
});

export const customerAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/usersAuth/getOrderHistory',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['customer account'],
          querystring: z.object({
            /** The `_id` of the last row of the previous page: older orders follow. */
            before: z.uuid('Invalid id').optional(),
          }),
          response: {
            200: z.object({
              success: z.literal(true),
              orderHistory: z.array(historyRow),
              /** Pass as `before` for the next page; null on the last page. */
              nextBefore: z.string().nullable(),
            }),
            400: errorBody,
            401: errorBody,
            404: errorBody,
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await getOrderHistory(ctx, request.auth.customer!.id, request.query.before)),
      }),
    );

    app.get(
      '/api/usersAuth/getOrderAmount',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['customer account'],
          response: {
            200: z.object({
              success: z.literal(true),
              orderAmount: z.object({
                /** Cents of the diner's placed orders that were not voided. */
                total: z.number().int(),
                count: z.number().int(),
              }),
            }),
            401: errorBody,
          },
        },
      },
      async (request) => ({
        success: true as const,
        orderAmount: await getOrderAmount(ctx, request.auth.customer!.id),
      }),
    );

    app.get(
      '/api/usersAuth/getLoyaltyPoints',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['customer account'],
          response: {
            200: z.object({
              success: z.literal(true),
              pointsAvailable: z.number().int(),
              /** Newest first, at most 100 rows. */
              history: z.array(
                z.object({ points: z.number().int(), detail: z.string(), date: z.string() }),
              ),
            }),
            401: errorBody,
          },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await getLoyaltyPoints(ctx, request.auth.customer!.id)),
      }),
    );
  };
