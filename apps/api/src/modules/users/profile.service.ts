import { eq } from 'drizzle-orm';
import type * as Libphonenumber from 'libphonenumber-js/max';
import type { UpdateProfileBody, User } from '@fics/contracts';
import { userMessages } from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../lib/errors';
import { lazyRequire } from '../../lib/lazy-require';
import type { Actor } from '../../plugins/auth';
import { processImage, storeImage } from '../media';
import { emitEvent, type EventPayloads } from '../events';
import { replaceProfilePicture } from './profile-picture';
import { loadUserView } from './user-view';

/** Its metadata (every country's numbering plan) loads with the first phone number, not at start (lib/lazy-require.ts). */
const libphonenumber = lazyRequire<typeof Libphonenumber>('libphonenumber-js/max');

/** The spec's default phone country (000 §5 Profile). */
const DEFAULT_PHONE_COUNTRY = 'CL';

/** A phone number in E.164 ('+56912345678'), or null to clear it; refuses what is not a valid number. */
export function normalisePhoneNumber(value: string | null): string | null {
  if (value === null || value.trim() === '') {
    return null;
  }
  const phone = libphonenumber().parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  if (!phone?.isValid()) {
    throw validationError({ phoneNumber: userMessages.phoneInvalid });
  }
  return phone.number;
}

async function viewOf(db: Db, userId: string): Promise<User> {
  const user = await loadUserView(db, userId);
  if (!user) {
    throw notFound();
  }
  return user;
}

function assertOwnProfile(actor: Actor, userId: string): void {
  if (actor.userId !== userId) {
    throw forbidden(userMessages.profileOwnOnly);
  }
}

/** The caller's own profile changed (nothing when nothing really did). */
async function announceProfileChange(
  tx: DbOrTx,
  actor: Actor,
  changed: EventPayloads['user.profile_updated']['changed'],
): Promise<void> {
  if (changed.length > 0) {
    await emitEvent(tx, { type: 'user.profile_updated', actor, payload: { userId: actor.userId, changed } });
  }
}

/**
 * Edits the caller's own profile (spec 000 §2 Profile): name, bio, phone (students only, spec §6)
 * and photo. A new photo replaces and deletes the previous one. A real change of name, bio or
 * photo is announced (`user.profile_updated`): a student's becomes their activity lines, and what
 * lists show of a person changed (the phone is not one of the spec's events, nor shown anywhere).
 */
export async function updateProfile(options: {
  db: Db;
  actor: Actor;
  userId: string;
  input: UpdateProfileBody;
  file: Buffer | undefined;
}): Promise<User> {
  const { db, actor, userId, input } = options;
  assertOwnProfile(actor, userId);
  let phoneNumber: string | null | undefined;
  if (input.phoneNumber !== undefined) {
    phoneNumber = normalisePhoneNumber(input.phoneNumber);
    if (phoneNumber !== null && actor.role !== 'STUDENT') {
      throw forbidden(userMessages.phoneStudentsOnly);
    }
  }
  const image = options.file ? await processImage(options.file) : undefined;
  await db.transaction(async (tx) => {
    // The values before, read under the row's lock: only a real change is the student's activity.
    const [before] = await tx
      .select({ name: users.name, bio: users.bio })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(phoneNumber !== undefined ? { phoneNumber } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    let avatarChanged = false;
    if (image) {
      const pictureId = await storeImage({ db: tx, ownerId: userId, image });
      avatarChanged = await replaceProfilePicture({ tx, userId, pictureId });
    }
    const changed: EventPayloads['user.profile_updated']['changed'][number][] = [];
    if (input.name !== undefined && input.name !== before?.name) {
      changed.push('name');
    }
    if (input.bio !== undefined && input.bio !== before?.bio) {
      changed.push('bio');
    }
    if (avatarChanged) {
      changed.push('photo');
    }
    await announceProfileChange(tx, actor, changed);
  });
  return viewOf(db, userId);
}

/** Removes the caller's own profile photo ('Imagen eliminada exitosamente'). */
export async function deleteProfilePhoto(options: { db: Db; actor: Actor; userId: string }): Promise<User> {
  const { db, actor, userId } = options;
  assertOwnProfile(actor, userId);
  await db.transaction(async (tx) => {
    if (await replaceProfilePicture({ tx, userId, pictureId: null })) {
      await announceProfileChange(tx, actor, ['photo']);
    }
  });
  return viewOf(db, userId);
}
