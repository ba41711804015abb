// The menu pane's writes at the spec's paths (src/contract/menu-writes.ts). Each requires the
// session of the merchant named in the path; a body that fails its schema answers 400 with the
// first field's own message and every issue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as api from '../../../contract/menu-writes.js';
import type { AppContext } from '../../app-context.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import { signedInMerchant } from '../../plugins/access.js';
import * as menu from './menu-writes.service.js';

export const menuWriteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'merchant' } as const;
    const opts = { config, attachValidation: true } as const;
    /** The writer, once the request passed its schema. */
    const writer = (request: FastifyRequest & { params: { merchantId: string } }) => {
      rejectInvalid(request, firstIssueMessage);
      return {
        merchantId: request.params.merchantId,
        sessionRef: signedInMerchant(request).sessionRef,
      };
    };

    app.post(api.addItem.path, { ...opts, schema: api.addItem.schema }, async (req) =>
      menu.addItem(ctx, writer(req), req.body),
    );
    app.put(api.updateItem.path, { ...opts, schema: api.updateItem.schema }, async (req) =>
      menu.updateItem(ctx, writer(req), req.params.id, req.body),
    );
    app.put(api.completeItem.path, { ...opts, schema: api.completeItem.schema }, async (req) =>
      menu.updateItem(ctx, writer(req), req.params.id, req.body),
    );
    app.delete(api.deleteItem.path, { ...opts, schema: api.deleteItem.schema }, async (req) =>
      menu.deleteItem(ctx, writer(req), req.params.id),
    );
    app.post(api.addItemSize.path, { ...opts, schema: api.addItemSize.schema }, async (req) =>
      menu.addSize(ctx, writer(req), req.params.id, req.body),
    );
    app.delete(
      api.deleteItemSize.path,
      { ...opts, schema: api.deleteItemSize.schema },
      async (req) => menu.deleteSize(ctx, writer(req), req.params.id, req.params.sizeId),
    );
    app.post(api.addItemOption.path, { ...opts, schema: api.addItemOption.schema }, async (req) =>
      menu.addOption(ctx, writer(req), req.params.id, req.body),
    );
    app.delete(
      api.deleteItemOption.path,
      { ...opts, schema: api.deleteItemOption.schema },
      async (req) => menu.deleteOption(ctx, writer(req), req.params.id, req.params.optionId),
    );
    app.post(
      api.addItemOptionValue.path,
      { ...opts, schema: api.addItemOptionValue.schema },
      async (req) =>
        menu.addOptionValue(ctx, writer(req), req.params.id, req.params.optionId, req.body),
    );
    app.delete(
      api.deleteItemOptionValue.path,
      { ...opts, schema: api.deleteItemOptionValue.schema },
      async (req) =>
        menu.deleteOptionValue(
          ctx,
          writer(req),
          req.params.id,
          req.params.optionId,
          req.params.valueId,
        ),
    );
    app.put(api.updateCategory.path, { ...opts, schema: api.updateCategory.schema }, async (req) =>
      menu.updateCategory(ctx, writer(req), req.params.id, req.body),
    );
    app.delete(
      api.deleteCategoryPromo.path,
      { ...opts, schema: api.deleteCategoryPromo.schema },
      async (req) => menu.deleteCategoryPromo(ctx, writer(req), req.params.id),
    );
  };
