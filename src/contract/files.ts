// The menu pane's image uploads (issue 12; spec §7 "POST /api/files/upload (multipart field file);
// DELETE /api/files/remove/fileName/{name}"; checklist C7.26–C7.28, C7.33, C7.34, V5.94). The
// dashboard uploads the cropped image, gets a file name back, and hands that name to
// `PUT .../item_complete/{id}`, which turns the upload into the item's image. The upload is PNG or
// JPEG by its content (not its name or declared type), at most UPLOAD_MAX_BYTES, and is stored
// re-encoded as WebP at the storefront's item-image size; an unused one expires. See
// docs/decisions/menu-writes-files.md.
import { z } from 'zod';
import { errorAnswers } from './errors.js';
import { defineRoute } from './route.js';

/** The multipart field the image travels in (spec §7). */
export const UPLOAD_FIELD = 'file';
/** The largest upload accepted: 5 MiB (a phone photo; the dashboard's crop makes it smaller). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The formats accepted, judged by the file's content. */
export const UPLOAD_FORMATS = ['png', 'jpeg'] as const;
/**
 * The stored item image: what the storefront's card (3:2, 600×400 CSS pixels at most) and item
 * modal show, the same size as the seeded images. Uploads are cropped to 3:2 around the centre
 * and scaled to it.
 */
export const ITEM_IMAGE_SIZE = { width: 800, height: 533 } as const;
/** How long an upload waits to be used before it is abandoned and deleted. */
export const UPLOAD_TTL_MINUTES = 60;
/** The most unused uploads a merchant may hold at once. */
export const UPLOAD_PENDING_MAX = 20;

/** An upload's name as the upload answered it: `<uuid>.webp`. Nothing else reaches the database. */
export const uploadFileName = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/,
    'Invalid file name: use the fileName the upload answered',
  );

export const uploadAnswer = z.object({
  /** Pass to item_complete (and, once done, to DELETE .../remove/fileName/{name}). */
  fileName: z.string(),
  contentType: z.literal('image/webp'),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored WebP. */
  size: z.number().int(),
  /** ISO time after which the upload is abandoned. */
  expiresAt: z.string(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const uploadFile = defineRoute('POST', '/api/files/upload', {
  tags: ['files'],
  description:
    'multipart/form-data with the image in the field "file": PNG or JPEG (by content), at most ' +
    `${UPLOAD_MAX_BYTES} bytes. Stored as WebP ${ITEM_IMAGE_SIZE.width}×${ITEM_IMAGE_SIZE.height} ` +
    `for ${UPLOAD_TTL_MINUTES} minutes, for item_complete to use. The signed-in merchant's own.`,
  response: { 200: uploadAnswer, ...errorAnswers(400, 401, 403, 409, 413, 429) },
});

export const removeUpload = defineRoute('DELETE', '/api/files/remove/fileName/:name', {
  tags: ['files'],
  description:
    "Deletes one of the signed-in merchant's unused uploads. Idempotent: a name already used by " +
    "item_complete, expired, unknown or another merchant's answers removed: false and changes nothing.",
  params: z.object({ name: uploadFileName }),
  response: {
    200: z.object({ success: z.literal(true), removed: z.boolean() }),
    ...errorAnswers(400, 401, 403),
  },
});
