// Read routes of the menu at the spec's /api/categories7 and /api/items7 paths. Bodies come
// pre-serialized from the menu cache (menu.service.ts); the response schemas below document
// them in OpenAPI and the tests check the bodies against them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { errorBody, merchantIdParam, uuidParam } from '../../lib/schemas.js';
import { menuInvalidation, sendCached } from '../cache/index.js';
import { categoryView, optionGroupView, publicItemView, sizeView } from './menu.schemas.js';
import { MAX_ITEMS, MenuReader } from './menu.service.js';

const merchantParams = z.object({ merchantId: merchantIdParam });
const errors = { 400: errorBody, 404: errorBody };

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

    const base = '/api/categories7/merchantId/:merchantId';
    app.get(
      base,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams,
          response: { 200: z.array(categoryView), ...errors },
        },
      },
      async (req, reply) =>
        sendCached(req, reply, (await snapshotOf(req.params.merchantId)).categoriesBody),
    );
    app.get(
      `${base}/_id/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: categoryView, ...errors },
        },
      },
      async (req, reply) => {
        const body = (await snapshotOf(req.params.merchantId)).category(req.params.id);
        if (!body) throw notFound('Category');
        return sendCached(req, reply, body);
      },
    );

    const items = '/api/items7/merchantId/:merchantId';
    app.get(
      `${items}/items`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams,
          response: { 200: z.array(publicItemView), ...errors },
        },
      },
      async (req, reply) => sendCached(req, reply, (await menuNow(req.params.merchantId)).all),
    );
    app.get(
      `${items}/limit/:n/items`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ n: z.coerce.number().int().min(1).max(MAX_ITEMS) }),
          response: { 200: z.array(publicItemView), ...errors },
        },
      },
      async (req, reply) =>
        sendCached(req, reply, (await menuNow(req.params.merchantId)).limit(req.params.n)),
    );
    app.get(
      `${items}/item/_id/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: publicItemView, ...errors },
        },
      },
      async (req, reply) => {
        const body = (await menuNow(req.params.merchantId)).item(req.params.id);
        if (!body) throw notFound('Item');
        return sendCached(req, reply, body);
      },
    );
    app.get(
      `${items}/items/_idCategory/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: z.array(publicItemView), ...errors },
        },
      },
      async (req, reply) => {
        const snap = await snapshotOf(req.params.merchantId);
        if (!snap.category(req.params.id)) throw notFound('Category');
        return sendCached(req, reply, snap.at(ctx.clock.now()).inCategory(req.params.id));
      },
    );

    // The menu grouped by category (spec items_category): each category with its items.
    const grouped = z.array(categoryView.extend({ items: z.array(publicItemView) }));
    const groupsOf = async (merchantId: string, only?: string) => {
      const snap = await snapshotOf(merchantId);
      const variant = snap.at(ctx.clock.now());
      const cats = only ? snap.categories.filter((c) => c._id === only) : snap.categories;
      return cats.map((c) => ({
        ...c,
        items: variant.items.filter((i) => i._idCategory === c._id),
      }));
    };
    app.get(
      `${items}/items_category`,
      {
        config: { access: 'public' },
        schema: { tags: ['menu'], params: merchantParams, response: { 200: grouped, ...errors } },
      },
      async (req) => groupsOf(req.params.merchantId),
    );
    app.get(
      `${items}/items_category/_idCategory/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: grouped, ...errors },
        },
      },
      async (req) => {
        const groups = await groupsOf(req.params.merchantId, req.params.id);
        if (groups.length === 0) throw notFound('Category');
        return groups;
      },
    );

    // One item's option groups and sizes (spec itemOptions / itemSizes).
    const itemOf = async (merchantId: string, id: string) => {
      const snap = await snapshotOf(merchantId);
      const item = snap.items.find((i) => i._id === id);
      if (!item) throw notFound('Item');
      return item;
    };
    app.get(
      `${items}/itemOptions/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: z.array(optionGroupView), ...errors },
        },
      },
      async (req) => (await itemOf(req.params.merchantId, req.params.id)).options,
    );
    app.get(
      `${items}/itemSizes/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: z.array(sizeView), ...errors },
        },
      },
      async (req) => (await itemOf(req.params.merchantId, req.params.id)).size,
    );
  };
