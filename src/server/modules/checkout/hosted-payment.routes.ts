// The hosted card page's calls (Converge): the spec's tokenSession, and the end of the attempt.
// tokenSession's spec path names no diner: the handler takes the diner from the cookie and the
// order must be that diner's (docs/decisions/gateway-converge.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/hosted-payments.js';
import type { AppContext } from '../../app-context.js';
import { scaledRateLimit } from '../../config.js';
import { missingAnonId, readAnonId } from '../diners/index.js';
import { finishHostedPayment, openHostedSession } from '../payments/index.js';
import { sendOrderAnswerOf } from './send-order.routes.js';

export const hostedPaymentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = scaledRateLimit(ctx.config, { max: 20, timeWindow: '1 minute' });

    app.get(
      api.elavonTokenSession.path,
      // 'public' at the door: the path has no :uid; the order is checked against the cookie below.
      {
        config: { access: 'public', load: 'priority', rateLimit },
        schema: api.elavonTokenSession.schema,
      },
      async (req) => {
        const uid = readAnonId(req);
        if (!uid) throw missingAnonId();
        const [dollars, cents] = req.params.amount.split('.');
        return openHostedSession(ctx, {
          merchantId: req.query.merchantId,
          anonUserId: uid,
          orderId: req.query.orderId,
          amountCents: Number(dollars) * 100 + Number(cents),
        });
      },
    );

    app.post(
      api.finishHostedPayment.path,
      {
        config: { access: 'diner', load: 'priority', rateLimit },
        schema: api.finishHostedPayment.schema,
      },
      async (req) =>
        sendOrderAnswerOf(
          await finishHostedPayment(ctx, {
            merchantId: req.params.merchantId,
            anonUserId: req.params.uid,
            orderId: req.body.orderId,
            outcome: req.body.outcome,
          }),
        ),
    );
  };
