import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import type { ProcessedImage } from './images';

/** Public URL of a stored image (served by media.routes.ts). */
export const mediaUrl = (mediaId: string) => `/api/v1/media/${mediaId}`;

/** Stores a processed image; returns its id (served at /api/v1/media/<id>). */
export async function storeImage(options: {
  db: DbOrTx;
  ownerId: string | null;
  image: ProcessedImage;
}): Promise<string> {
  const [row] = await options.db
    .insert(media)
    .values({
      ownerId: options.ownerId,
      contentType: options.image.contentType,
      width: options.image.width,
      height: options.image.height,
      bytes: options.image.bytes,
    })
    .returning({ id: media.id });
  return row!.id;
}

export async function deleteMedia(options: { db: DbOrTx; ids: string[] }): Promise<void> {
  if (options.ids.length > 0) {
    await options.db.delete(media).where(inArray(media.id, options.ids));
  }
}

/** Every image a user uploaded (removed with the account). */
export async function deleteMediaOwnedBy(options: { db: DbOrTx; ownerId: string }): Promise<void> {
  await options.db.delete(media).where(eq(media.ownerId, options.ownerId));
}

export async function findMedia(options: {
  db: DbOrTx;
  id: string;
}): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await options.db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, options.id))
    .limit(1);
  return row;
}
