// The store's settings at the spec's /api/businessInfos paths: the public read every store page
// makes (cached per merchant), and the signed-in merchant's own read and save (issue 12).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBusinessInfo } from '../../../contract/store.js';
import { getMerchantBusinessInfo, updateBusinessInfo } from '../../../contract/store-settings.js';
import type { AppContext } from '../../app-context.js';
import { signedInMerchant } from '../../plugins/access.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import { menuInvalidation, sendCached } from '../cache/index.js';
import * as settings from './store-settings.service.js';
import { BusinessInfoReader } from './store.service.js';

export const storeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const info = new BusinessInfoReader(ctx, await menuInvalidation(app, ctx));
    app.get(
      getBusinessInfo.path,
      { config: { access: 'public', load: 'browse' }, schema: getBusinessInfo.schema },
      async (request, reply) =>
        sendCached(request, reply, await info.body(request.params.merchantId)),
    );

    app.get(
      getMerchantBusinessInfo.path,
      { config: { access: 'merchant' }, schema: getMerchantBusinessInfo.schema },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return settings.getMerchantBusinessInfo(ctx, request.params.merchantId);
      },
    );

    app.put(
      updateBusinessInfo.path,
      { config: { access: 'merchant' }, attachValidation: true, schema: updateBusinessInfo.schema },
      async (request, reply) => {
        rejectInvalid(request, firstIssueMessage);
        reply.header('cache-control', 'private, no-store');
        return settings.updateBusinessInfo(ctx, request.params.merchantId, request.body, {
          sessionRef: signedInMerchant(request).sessionRef,
        });
      },
    );
  };
