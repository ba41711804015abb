// Read routes of the menu at the spec's /api/categories7 and /api/items7 paths.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody, merchantIdParam, uuidParam } from '../../lib/schemas.js';
import { categoryView, itemView } from './menu.schemas.js';
import { getCategories, getCategory, getItem, getItems } from './menu.service.js';

const merchantParams = z.object({ merchantId: merchantIdParam });
const errors = { 400: errorBody, 404: errorBody };

export const menuRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
      async (req) => getCategories(ctx, req.params.merchantId),
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
      async (req) => getCategory(ctx, req.params.merchantId, req.params.id),
    );

    const items = '/api/items7/merchantId/:merchantId';
    app.get(
      `${items}/items`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams,
          response: { 200: z.array(itemView), ...errors },
        },
      },
      async (req) => getItems(ctx, req.params.merchantId),
    );
    app.get(
      `${items}/limit/:n/items`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ n: z.coerce.number().int().min(1).max(2000) }),
          response: { 200: z.array(itemView), ...errors },
        },
      },
      async (req) => getItems(ctx, req.params.merchantId, { limit: req.params.n }),
    );
    app.get(
      `${items}/item/_id/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: itemView, ...errors },
        },
      },
      async (req) => getItem(ctx, req.params.merchantId, req.params.id),
    );
    app.get(
      `${items}/items/_idCategory/:id`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['menu'],
          params: merchantParams.extend({ id: uuidParam }),
          response: { 200: z.array(itemView), ...errors },
        },
      },
      async (req) => getItems(ctx, req.params.merchantId, { categoryId: req.params.id }),
    );
  };
