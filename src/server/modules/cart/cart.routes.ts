// The cart calls of spec §7 at /api/shoppingCarts/merchantId/:merchantId/...; every one is keyed
// by the diner id of the caller's own cookie (access 'diner').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutInfoSchema, itemChoiceSchema } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { errorBody, merchantIdParam } from '../../lib/schemas.js';
import { cartView, toCartView } from './cart.schemas.js';
import {
  type RemoveWhat,
  MAX_CART_LINES,
  addLines,
  loadCart,
  removeLines,
  updateCheckout,
} from './cart.service.js';

const base = '/api/shoppingCarts/merchantId/:merchantId';
const params = z.object({ merchantId: merchantIdParam, uid: z.string().min(1).max(64) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const cartRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/userId/:uid`,
      {
        config: { access: 'diner' },
        schema: { tags: ['cart'], params, response: { 200: cartView, ...errors } },
      },
      async (req) =>
        toCartView(req.params.uid, await loadCart(ctx, req.params.merchantId, req.params.uid)),
    );

    app.get(
      `${base}/checkIfShoppingCartAvailable/:uid`,
      {
        config: { access: 'diner' },
        schema: {
          tags: ['cart'],
          params,
          response: {
            200: z.object({
              available: z.boolean(),
              cartButton: z.enum(['storeClosed', 'removeUnavailable', 'checkout']),
              unavailableItems: z.array(z.string()),
            }),
            ...errors,
          },
        },
      },
      async (req) => {
        const { priced } = await loadCart(ctx, req.params.merchantId, req.params.uid);
        const unavailable = priced.lines.filter((l) => !l.available).map((l) => l.id);
        return {
          available: unavailable.length === 0,
          cartButton: priced.cartButton,
          unavailableItems: unavailable,
        };
      },
    );

    app.post(
      `${base}/orderItems/:uid`,
      {
        config: { access: 'diner' },
        schema: {
          tags: ['cart'],
          params,
          body: z.object({ orderItems: z.array(itemChoiceSchema).min(1).max(MAX_CART_LINES) }),
          response: { 200: cartView, ...errors },
        },
      },
      async (req) =>
        toCartView(
          req.params.uid,
          await addLines(ctx, req.params.merchantId, req.params.uid, req.body.orderItems),
        ),
    );

    app.delete(
      `${base}/orderItems/:uid`,
      {
        config: { access: 'diner' },
        schema: {
          tags: ['cart'],
          description:
            'Remove one line (_id), the unavailable lines (unavailable=true), or every line.',
          params,
          querystring: z.object({
            _id: z.uuid().optional(),
            unavailable: z.enum(['true', 'false']).optional(),
          }),
          response: { 200: cartView, ...errors },
        },
      },
      async (req) => {
        const what: RemoveWhat = req.query._id
          ? { kind: 'line', lineId: req.query._id }
          : req.query.unavailable === 'true'
            ? { kind: 'unavailable' }
            : { kind: 'all' };
        return toCartView(
          req.params.uid,
          await removeLines(ctx, req.params.merchantId, req.params.uid, what),
        );
      },
    );

    app.put(
      `${base}/checkoutInfo/:uid`,
      {
        // Limited: it checks promo codes, which are guessable secrets.
        config: {
          access: 'diner',
          rateLimit: scaledRateLimit(ctx.config, { max: 30, timeWindow: '1 minute' }),
        },
        schema: {
          tags: ['cart'],
          description:
            'Saves the checkout choices; every amount in the answer is computed by the server.',
          params,
          body: checkoutInfoSchema,
          response: { 200: cartView, ...errors },
        },
      },
      async (req) =>
        toCartView(
          req.params.uid,
          await updateCheckout(ctx, req.params.merchantId, req.params.uid, req.body),
        ),
    );
  };
