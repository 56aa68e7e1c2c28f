import { and, eq } from 'drizzle-orm';
import type { LikeResponse } from '@fics/contracts';
import type { Db } from '../../db/client';
import { stories, storyLikes } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { loadStoryFor } from './story-gate';
import { eventActor } from './story-lifecycle';

/**
 * POST /stories/:id: the caller likes the fic, or stops liking it if they did (spec 001 §7). Only a
 * PUBLISHED fic (409 otherwise; 404 for one the caller may not even see).
 *
 * One transaction that first locks the fic's row (FOR NO KEY UPDATE, the lock the likes counter's
 * trigger takes anyway to update likes_count): toggles on one fic run one after another, so each
 * sees the likes the previous ones committed, and a user's parallel toggles alternate instead of
 * all reading "not liked". The like is the row of story_likes (its primary key: one per user);
 * likes_count follows it by trigger (migration 0007) and is read back after the write.
 */
export async function toggleStoryLike(options: {
  db: Db;
  actor: Actor;
  storyId: string;
}): Promise<LikeResponse> {
  const { db, actor, storyId } = options;
  return db.transaction(async (tx) => {
    // The lock first, then the gate reads the fic it holds: 404 unknown or hidden, 409 unpublished.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for('no key update');
    const { row: story } = await loadStoryFor({ db: tx, actor, storyId, action: 'like' });
    const mine = and(eq(storyLikes.storyId, storyId), eq(storyLikes.userId, actor.userId));
    const removed = await tx.delete(storyLikes).where(mine).returning({ userId: storyLikes.userId });
    const liked = removed.length === 0;
    if (liked) {
      // The fic's lock makes a conflict impossible; DO NOTHING keeps one like per user regardless.
      await tx.insert(storyLikes).values({ storyId, userId: actor.userId }).onConflictDoNothing();
    }
    const [counted] = await tx
      .select({ likesCount: stories.likesCount })
      .from(stories)
      .where(eq(stories.id, storyId));
    await emitEvent(tx, {
      type: 'story.liked',
      storyId,
      actor: eventActor(actor),
      payload: { authorId: story.authorId, title: story.title, liked },
    });
    return { likesCount: counted!.likesCount, liked };
  });
}
