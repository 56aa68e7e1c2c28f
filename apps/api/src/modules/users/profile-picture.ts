import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { deleteMedia } from '../media';

/**
 * Points the user at a new picture (or none) and deletes the previous one. The user's row is
 * locked first, so two uploads at once cannot both keep a picture nobody points at. Answers whether
 * the picture changed (removing a photo the user does not have changes nothing).
 */
export async function replaceProfilePicture(options: {
  tx: DbOrTx;
  userId: string;
  pictureId: string | null;
}): Promise<boolean> {
  const { tx, userId, pictureId } = options;
  const [row] = await tx
    .select({ previous: users.profilePictureId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row || row.previous === pictureId) {
    return false;
  }
  await tx
    .update(users)
    .set({ profilePictureId: pictureId, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (row.previous) {
    await deleteMedia({ db: tx, ids: [row.previous] });
  }
  return true;
}
