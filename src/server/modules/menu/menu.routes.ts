// Read routes of the menu (src/contract/menu.ts). Most bodies come pre-serialized from the menu
// cache (menu.service.ts); the contract's answer schemas document them in OpenAPI and the tests
// check the bodies against them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/menu.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { menuInvalidation, sendCached } from '../cache/index.js';
import { MenuReader } from './menu.service.js';

export const menuRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const menu = new MenuReader(ctx, await menuInvalidation(app, ctx));
    const snapshotOf = async (merchantId: string) => {
      const snap = await menu.snapshot(merchantId);
      if (!snap) throw notFound('Merchant');
      return snap;
    };
    const menuNow = async (merchantId: string) => {
      const variant = await menu.now(merchantId);
      if (!variant) throw notFound('Merchant');
      return variant;
    };
    // Shed first under overload (load-shedding.md): the web retries them, no money waits on them.
    const config = { access: 'public', load: 'browse' } as const;

    app.get(
      api.listCategories.path,
      { config, schema: api.listCategories.schema },
      async (req, reply) =>
        sendCached(req, reply, (await snapshotOf(req.params.merchantId)).categoriesBody),
    );
    app.get(
      api.getCategory.path,
      { config, schema: api.getCategory.schema },
      async (req, reply) => {
        const body = (await snapshotOf(req.params.merchantId)).category(req.params.id);
        if (!body) throw notFound('Category');
        return sendCached(req, reply, body);
      },
    );

    app.get(api.listItems.path, { config, schema: api.listItems.schema }, async (req, reply) =>
      sendCached(req, reply, (await menuNow(req.params.merchantId)).all),
    );
    app.get(
      api.listFirstItems.path,
      { config, schema: api.listFirstItems.schema },
      async (req, reply) =>
        sendCached(req, reply, (await menuNow(req.params.merchantId)).limit(req.params.n)),
    );
    app.get(api.getItem.path, { config, schema: api.getItem.schema }, async (req, reply) => {
      const body = (await menuNow(req.params.merchantId)).item(req.params.id);
      if (!body) throw notFound('Item');
      return sendCached(req, reply, body);
    });
    app.get(
      api.listCategoryItems.path,
      { config, schema: api.listCategoryItems.schema },
      async (req, reply) => {
        const snap = await snapshotOf(req.params.merchantId);
        if (!snap.category(req.params.id)) throw notFound('Category');
        return sendCached(req, reply, snap.at(ctx.clock.now()).inCategory(req.params.id));
      },
    );

    // The menu grouped by category (spec items_category): each category with its items.
    const groupsOf = async (merchantId: string, only?: string) => {
      const snap = await snapshotOf(merchantId);
      const variant = snap.at(ctx.clock.now());
      const cats = only ? snap.categories.filter((c) => c._id === only) : snap.categories;
      return cats.map((c) => ({
        ...c,
        items: variant.items.filter((i) => i._idCategory === c._id),
      }));
    };
    app.get(api.listMenuGroups.path, { config, schema: api.listMenuGroups.schema }, async (req) =>
      groupsOf(req.params.merchantId),
    );
    app.get(api.getMenuGroup.path, { config, schema: api.getMenuGroup.schema }, async (req) => {
      const groups = await groupsOf(req.params.merchantId, req.params.id);
      if (groups.length === 0) throw notFound('Category');
      return groups;
    });

    // One item's option groups and sizes (spec itemOptions / itemSizes).
    const itemOf = async (merchantId: string, id: string) => {
      const snap = await snapshotOf(merchantId);
      const item = snap.items.find((i) => i._id === id);
      if (!item) throw notFound('Item');
      return item;
    };
    app.get(
      api.listItemOptions.path,
      { config, schema: api.listItemOptions.schema },
      async (req) => (await itemOf(req.params.merchantId, req.params.id)).options,
    );
    app.get(
      api.listItemSizes.path,
      { config, schema: api.listItemSizes.schema },
      async (req) => (await itemOf(req.params.merchantId, req.params.id)).size,
    );
  };
