// Pending uploads (db/schema/files.ts): written by the upload, taken by item_complete, removed by
// the merchant or by the cleanup once expired. Every query names the merchant it acts for, except
// the cleanup, which deletes whatever has expired.
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { images, pendingUploads } from '../../db/schema/index.js';

export interface NewPendingUpload {
  merchantId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  createdAt: Date;
  expiresAt: Date;
}

/** How many uploads the merchant holds that have not expired at `now`. */
export async function countLiveUploads(db: Db, merchantUuid: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pendingUploads)
    .where(and(eq(pendingUploads.merchantId, merchantUuid), gt(pendingUploads.expiresAt, now)));
  return Number(row?.n ?? 0);
}

/** Stores an upload; answers its id. */
export async function insertPendingUpload(db: Db, upload: NewPendingUpload): Promise<string> {
  const [row] = await db.insert(pendingUploads).values(upload).returning({ id: pendingUploads.id });
  return row!.id;
}

/** Deletes the merchant's upload `id`; false when it holds none by that id. */
export async function deletePendingUpload(
  db: Db,
  merchantUuid: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(pendingUploads)
    .where(and(eq(pendingUploads.id, id), eq(pendingUploads.merchantId, merchantUuid)))
    .returning({ id: pendingUploads.id });
  return rows.length > 0;
}

/** Deletes every upload expired at `now`; answers how many. */
export async function deleteExpiredUploads(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(pendingUploads)
    .where(lte(pendingUploads.expiresAt, now))
    .returning({ id: pendingUploads.id });
  return rows.length;
}

/**
 * Moves the merchant's unexpired upload `id` into `images` in one statement (the bytes never leave
 * the database) and answers the new image's id, or null when there is no such upload. The delete
 * locks the row: of two takes at once, the second finds nothing once the first commits.
 */
export async function moveUploadToImages(
  tx: Tx,
  merchantUuid: string,
  id: string,
  now: Date,
): Promise<string | null> {
  const p = pendingUploads;
  const res = (await tx.execute(sql`with taken as (
      delete from ${p}
      where ${p.id} = ${id} and ${p.merchantId} = ${merchantUuid} and ${p.expiresAt} > ${now.toISOString()}::timestamptz
      returning ${p.merchantId}, ${p.contentType}, ${p.width}, ${p.height}, ${p.bytes})
    insert into ${images} (merchant_id, content_type, width, height, bytes)
    select merchant_id, content_type, width, height, bytes from taken
    returning id`)) as unknown as { rows: { id: string }[] };
  return res.rows[0]?.id ?? null;
}
