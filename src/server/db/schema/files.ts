// Uploads waiting to be used (issue 12, spec §7 "POST /api/files/upload"): an image the merchant
// uploaded, already checked and re-encoded, until `item_complete` turns it into an item image, the
// merchant removes it, or it expires and the cleanup job deletes it. Kept in the database, not on
// a local disk, so the instance that takes it need not be the one that received it.
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, id, ownedBy } from './columns.js';
import { merchants } from './merchants.js';

export const pendingUploads = pgTable(
  'pending_uploads',
  {
    /** The upload's handle: the client names it `<id>.webp`. */
    id: id(),
    merchantId: ownedBy('merchant_id', () => merchants.id),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** After this the upload is abandoned: it can no longer be used and the cleanup deletes it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('pending_uploads_merchant').on(t.merchantId, t.expiresAt),
    index('pending_uploads_expires').on(t.expiresAt),
    check('pending_uploads_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
