// Serves item images and logos from the database, so every instance can serve every image.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorBody } from '../../lib/schemas.js';
import { imageByFileName } from './images.service.js';

export const imageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/images/:file',
      {
        config: { access: 'public' },
        schema: {
          tags: ['images'],
          params: z.object({
            file: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Invalid image name'),
          }),
          response: { 200: z.any(), 400: errorBody, 404: errorBody },
        },
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
