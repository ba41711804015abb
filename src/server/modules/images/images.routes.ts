// Serves item images and logos from the database, so every instance can serve every image.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/images.js';
import type { AppContext } from '../../app-context.js';
import { imageByFileName } from './images.service.js';

export const imageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      api.getImage.path,
      {
        config: { access: 'public' },
        schema: api.getImage.schema,
      },
      async (req, reply) => {
        const img = await imageByFileName(ctx, req.params.file);
        // Image ids are never reused: a new upload gets a new id, so caching forever is safe.
        return reply
          .header('content-type', img.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(img.bytes);
      },
    );
  };
