// Item images and logos, served by id (a WebP file name).
import { z } from 'zod';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

export const getImage = defineRoute('GET', '/images/:file', {
  tags: ['images'],
  params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Invalid image name') }),
  // The image bytes, not JSON.
  response: { 200: z.any(), 400: errorBody, 404: errorBody },
});
