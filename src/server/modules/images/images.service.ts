// Looks up an image by the name in its URL (`<uuid>.webp`).
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findImage } from './images.repository.js';

export async function imageByFileName(ctx: AppContext, file: string) {
  const id = file.slice(0, 36);
  if (!z.uuid().safeParse(id).success) throw notFound('Image');
  const img = await findImage(ctx.db, id);
  if (!img) throw notFound('Image');
  return img;
}
