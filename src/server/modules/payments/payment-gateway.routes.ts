// The merchant's card gateway and its credentials, for the signed-in merchant of :merchantId
// (ours: docs/decisions/payment-credentials.md). Schemas: src/contract/payment-gateway.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/payment-gateway.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { getPaymentGateway, savePaymentGateway } from './payment-gateway.service.js';

export const paymentGatewayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'merchant' as const };

    app.get(
      api.getPaymentGateway.path,
      { config, schema: api.getPaymentGateway.schema },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return getPaymentGateway(ctx, req.params.merchantId);
      },
    );

    app.put(
      api.savePaymentGateway.path,
      { config, schema: api.savePaymentGateway.schema },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return savePaymentGateway(ctx, req.params.merchantId, req.body, {
          sessionRef: signedInMerchant(req).sessionRef,
        });
      },
    );
  };
