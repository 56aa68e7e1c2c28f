import { eq, inArray, sql } from 'drizzle-orm';
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

/**
 * A stored image, and whether it is a fic's cover or one of its sizes (anything else is a profile
 * photo, which media.routes.ts lets browsers keep for a day only).
 */
export async function findMedia(options: {
  db: DbOrTx;
  id: string;
}): Promise<{ contentType: string; bytes: Buffer; cover: boolean } | undefined> {
  const [row] = await options.db
    .select({
      contentType: media.contentType,
      bytes: media.bytes,
      // Columns qualified by hand: drizzle leaves them bare in a one-table select, and inside the
      // subquery a bare "id" would be the fic's.
      cover: sql<boolean>`exists (select 1 from "stories" where "stories"."cover_id" = coalesce("media"."variant_of", "media"."id"))`,
    })
    .from(media)
    .where(eq(media.id, options.id))
    .limit(1);
  return row;
}
