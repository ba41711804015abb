// The cart calls of spec §7 at /api/shoppingCarts/merchantId/:merchantId/...; every one is keyed
// by the diner id of the caller's own cookie (access 'diner').
// Schemas: src/contract/cart.ts and (checkout info) src/contract/checkout.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartLines,
  checkCartAvailable,
  getCart,
  removeCartLines,
  updateCartLine,
} from '../../../contract/cart.js';
import { putCheckoutInfo } from '../../../contract/checkout.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { toCartView } from './cart.schemas.js';
import {
  type RemoveWhat,
  addLines,
  loadCart,
  removeLines,
  updateCheckout,
  updateLine,
} from './cart.service.js';

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

    app.patch(
      updateCartLine.path,
      { config: { access: 'diner' }, schema: updateCartLine.schema },
      async (req) =>
        toCartView(
          req.params.uid,
          await updateLine(ctx, req.params.merchantId, req.params.uid, req.params.lineId, req.body),
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
      putCheckoutInfo.path,
      {
        // Limited: it checks promo codes, which are guessable secrets.
        config: {
          access: 'diner',
          rateLimit: scaledRateLimit(ctx.config, { max: 30, timeWindow: '1 minute' }),
        },
        schema: putCheckoutInfo.schema,
      },
      async (req) =>
        toCartView(
          req.params.uid,
          await updateCheckout(ctx, req.params.merchantId, req.params.uid, req.body),
        ),
    );
  };
