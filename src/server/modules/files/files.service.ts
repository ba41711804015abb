// The menu pane's uploads (spec §7 files; docs/decisions/menu-writes-files.md): an image is
// checked, re-encoded and kept in the database as a pending upload of the signed-in merchant; the
// menu's item_complete takes it (takePendingUpload, inside its own transaction) and it becomes an
// item image; the merchant may remove it; unused, it expires and the cleanup job deletes it.
import {
  UPLOAD_PENDING_MAX,
  UPLOAD_TTL_MINUTES,
  type UploadAnswer,
  uploadFileName,
} from '../../../contract/files.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { MerchantPrincipal } from '../sessions/index.js';
import {
  countLiveUploads,
  deleteExpiredUploads,
  deletePendingUpload,
  insertPendingUpload,
  moveUploadToImages,
} from './files.repository.js';
import { encodeItemImage } from './upload-image.js';

const TTL_MS = UPLOAD_TTL_MINUTES * 60 * 1000;
const SUFFIX = '.webp';

/** The name a client uses for the upload `id`. */
const fileNameOf = (id: string) => `${id}${SUFFIX}`;
/** The upload id a file name stands for, or null when the name is not one we hand out. */
const idOf = (fileName: string) =>
  uploadFileName.safeParse(fileName).success ? fileName.slice(0, -SUFFIX.length) : null;

const tooMany = () =>
  new AppError(
    'conflict',
    `You have ${UPLOAD_PENDING_MAX} unused uploads: save the items they are for, or remove them, ` +
      `then try again (unused uploads are deleted after ${UPLOAD_TTL_MINUTES} minutes)`,
  );

/** Checks, re-encodes and keeps an uploaded image for the merchant; answers its file name. */
export async function storeUpload(
  ctx: AppContext,
  merchant: MerchantPrincipal,
  bytes: Buffer,
): Promise<UploadAnswer> {
  // The cheap check first, so a merchant at the cap does not cost an image decode.
  if ((await countLiveUploads(ctx.db, merchant.id, ctx.clock.now())) >= UPLOAD_PENDING_MAX)
    throw tooMany();
  const image = await encodeItemImage(bytes);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const id = await insertPendingUpload(ctx.db, {
    merchantId: merchant.id,
    ...image,
    createdAt: now,
    expiresAt,
  });
  return {
    fileName: fileNameOf(id),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    size: image.bytes.length,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Removes one of the merchant's unused uploads. A name that is not one (already taken by
 * item_complete, expired, unknown, another merchant's) changes nothing and answers false: the
 * dashboard removes the file after item_complete (spec §7), when it is already gone.
 */
export async function removeUpload(
  ctx: AppContext,
  merchant: MerchantPrincipal,
  fileName: string,
): Promise<boolean> {
  const id = idOf(fileName);
  return id ? deletePendingUpload(ctx.db, merchant.id, id) : false;
}

/** Deletes the uploads nobody used in time (a background job; safe on several instances). */
export async function purgeAbandonedUploads(ctx: AppContext): Promise<number> {
  const removed = await deleteExpiredUploads(ctx.db, ctx.clock.now());
  if (removed > 0) ctx.log.info({ removed }, 'abandoned uploads deleted');
  return removed;
}

/**
 * For the menu's item_complete, inside its transaction: turns the merchant's pending upload
 * `fileName` (as POST /api/files/upload answered it) into a stored image and deletes the pending
 * upload, both in that transaction. Answers the image id (its URL is `/images/<imageId>.webp`),
 * or null when the merchant holds no unexpired upload by that name (unknown, malformed, expired,
 * already taken, or another merchant's). Of two calls with one name, only one gets the image.
 */
export async function takePendingUpload(
  tx: Tx,
  merchantUuid: string,
  fileName: string,
  now: Date,
): Promise<{ imageId: string } | null> {
  const id = idOf(fileName);
  if (!id) return null;
  const imageId = await moveUploadToImages(tx, merchantUuid, id, now);
  return imageId ? { imageId } : null;
}
