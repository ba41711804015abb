// The cart calls of spec §7 at /api/shoppingCarts/merchantId/:merchantId/...; every one is keyed
// by the diner id of the caller's own cookie (access 'diner').
// Schemas: src/contract/cart.ts (the checkout-info route's body is still written here).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartLines,
  cartErrors,
  cartParams,
  cartView,
  checkCartAvailable,
  getCart,
  removeCartLines,
} from '../../../contract/cart.js';
import { checkoutInfoSchema } from '../../../domain/index.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { toCartView } from './cart.schemas.js';
import {
  type RemoveWhat,
  addLines,
  loadCart,
  removeLines,
  updateCheckout,
} from './cart.service.js';

const base = '/api/shoppingCarts/merchantId/:merchantId';

export const cartRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(getCart.path, { config: { access: 'diner' }, schema: getCart.schema }, async (req) =>
      toCartView(req.params.uid, await loadCart(ctx, req.params.merchantId, req.params.uid)),
    );

    app.get(
      checkCartAvailable.path,
      { config: { access: 'diner' }, schema: checkCartAvailable.schema },
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
      addCartLines.path,
      { config: { access: 'diner' }, schema: addCartLines.schema },
      async (req) =>
        toCartView(
          req.params.uid,
          await addLines(ctx, req.params.merchantId, req.params.uid, req.body.orderItems),
        ),
    );

    app.delete(
      removeCartLines.path,
      { config: { access: 'diner' }, schema: removeCartLines.schema },
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
          params: cartParams,
          body: checkoutInfoSchema,
          response: { 200: cartView, ...cartErrors },
        },
      },
      async (req) =>
        toCartView(
          req.params.uid,
          await updateCheckout(ctx, req.params.merchantId, req.params.uid, req.body),
        ),
    );
  };
