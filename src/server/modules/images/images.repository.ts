// Item images and logos are stored in the database, so every instance can serve every image.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';

export async function findImage(db: Db, id: string) {
  const [img] = await db
    .select({ bytes: images.bytes, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id));
  return img;
}
