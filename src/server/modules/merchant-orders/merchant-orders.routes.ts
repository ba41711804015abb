// The spec's merchant order calls (§7 "Orders"), for the signed-in merchant of :merchantId.
// Schemas: src/contract/merchant-orders.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/merchant-orders.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import {
  getLatestOrder,
  getOrder,
  listOrders,
  listOrdersByIds,
  queryOrders,
  runLifeCommand,
  sendOrderTimeSms,
  updateOrder,
} from './merchant-orders.service.js';

export const merchantOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'merchant' as const };

    app.get(api.listMerchantOrders.path, { config, schema: api.listMerchantOrders.schema }, (req) =>
      listOrders(ctx, req.params.merchantId, req.query),
    );

    app.get(
      api.queryMerchantOrders.path,
      { config, schema: api.queryMerchantOrders.schema },
      (req) => queryOrders(ctx, req.params.merchantId, req.query),
    );

    app.get(
      api.listMerchantOrdersByIds.path,
      { config, schema: api.listMerchantOrdersByIds.schema },
      (req) => listOrdersByIds(ctx, req.params.merchantId, req.query._idOrders),
    );

    app.get(
      api.getLatestMerchantOrder.path,
      { config, schema: api.getLatestMerchantOrder.schema },
      (req) => getLatestOrder(ctx, req.params.merchantId),
    );

    app.get(
      api.getMerchantOrderByNumber.path,
      { config, schema: api.getMerchantOrderByNumber.schema },
      (req) => getOrder(ctx, req.params.merchantId, { orderNumber: req.params.orderId }),
    );

    app.get(
      api.getMerchantOrderById.path,
      { config, schema: api.getMerchantOrderById.schema },
      (req) => getOrder(ctx, req.params.merchantId, { id: req.params.id }),
    );

    app.put(
      api.updateMerchantOrder.path,
      { config, schema: api.updateMerchantOrder.schema },
      (req) =>
        updateOrder(ctx, req.params.merchantId, req.params.id, req.body, {
          sessionRef: signedInMerchant(req).sessionRef,
        }),
    );

    app.post(api.sendOrderTimeSms.path, { config, schema: api.sendOrderTimeSms.schema }, (req) =>
      sendOrderTimeSms(ctx, req.params.merchantId, req.body, {
        sessionRef: signedInMerchant(req).sessionRef,
      }),
    );

    const actor = (req: Parameters<typeof signedInMerchant>[0]) => ({
      sessionRef: signedInMerchant(req).sessionRef,
    });
    app.post(
      api.acceptMerchantOrder.path,
      { config, schema: api.acceptMerchantOrder.schema },
      (req) =>
        runLifeCommand(
          ctx,
          req.params.merchantId,
          req.params.id,
          'accept',
          actor(req),
          req.body.willBeReadyInMinutes,
        ),
    );
    app.post(
      api.markMerchantOrderReady.path,
      { config, schema: api.markMerchantOrderReady.schema },
      (req) => runLifeCommand(ctx, req.params.merchantId, req.params.id, 'ready', actor(req)),
    );
    app.post(
      api.completeMerchantOrder.path,
      { config, schema: api.completeMerchantOrder.schema },
      (req) => runLifeCommand(ctx, req.params.merchantId, req.params.id, 'complete', actor(req)),
    );
    app.post(
      api.cancelMerchantOrder.path,
      { config, schema: api.cancelMerchantOrder.schema },
      (req) => runLifeCommand(ctx, req.params.merchantId, req.params.id, 'cancel', actor(req)),
    );
  };
