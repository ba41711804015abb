// The Menu pane's own writes beside the spec's (src/contract/menu-structure.ts): the session of
// the merchant in the path; a body that fails its schema (an unknown key included) answers 400
// with the first field's own message and every issue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as api from '../../../contract/menu-structure.js';
import type { AppContext } from '../../app-context.js';
import { firstIssueMessage, rejectInvalid } from '../../lib/validation.js';
import { signedInMerchant } from '../../plugins/access.js';
import * as menu from './menu-structure.service.js';

export const menuStructureRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const opts = { config: { access: 'merchant' }, attachValidation: true } as const;
    const writer = (request: FastifyRequest & { params: { merchantId: string } }) => {
      rejectInvalid(request, firstIssueMessage);
      return {
        merchantId: request.params.merchantId,
        sessionRef: signedInMerchant(request).sessionRef,
      };
    };

    app.post(api.addCategory.path, { ...opts, schema: api.addCategory.schema }, async (req) =>
      menu.addCategory(ctx, writer(req), req.body),
    );
    app.put(api.editCategory.path, { ...opts, schema: api.editCategory.schema }, async (req) =>
      menu.editCategory(ctx, writer(req), req.params.id, req.body),
    );
    app.delete(
      api.deleteCategory.path,
      { ...opts, schema: api.deleteCategory.schema },
      async (req) => menu.deleteCategory(ctx, writer(req), req.params.id),
    );
    app.put(
      api.orderCategories.path,
      { ...opts, schema: api.orderCategories.schema },
      async (req) => menu.orderCategories(ctx, writer(req), req.body.ids),
    );
    app.put(api.orderItems.path, { ...opts, schema: api.orderItems.schema }, async (req) =>
      menu.orderItems(ctx, writer(req), req.params.id, req.body.ids),
    );
    app.put(api.editItemSize.path, { ...opts, schema: api.editItemSize.schema }, async (req) =>
      menu.editSize(ctx, writer(req), req.params.id, req.params.sizeId, req.body),
    );
    app.put(api.editItemOption.path, { ...opts, schema: api.editItemOption.schema }, async (req) =>
      menu.editOption(ctx, writer(req), req.params.id, req.params.optionId, req.body),
    );
    app.put(
      api.editItemOptionValue.path,
      { ...opts, schema: api.editItemOptionValue.schema },
      async (req) =>
        menu.editOptionValue(
          ctx,
          writer(req),
          req.params.id,
          req.params.optionId,
          req.params.valueId,
          req.body,
        ),
    );
  };
