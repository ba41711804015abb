// Serves item images and logos from the database, so every instance can serve every image.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as api from '../../../contract/images.js';
import type { AppContext } from '../../app-context.js';
import { images } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';

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
        const id = req.params.file.slice(0, 36);
        if (!z.uuid().safeParse(id).success) throw notFound('Image');
        const [img] = await ctx.db
          .select({ bytes: images.bytes, contentType: images.contentType })
          .from(images)
          .where(eq(images.id, id));
        if (!img) throw notFound('Image');
        // Image ids are never reused: a new upload gets a new id, so caching forever is safe.
        return reply
          .header('content-type', img.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(img.bytes);
      },
    );
  };
