import { and, eq } from 'drizzle-orm';
import { likeMessages, storyMessages, type LikeResponse } from '@fics/contracts';
import type { Db } from '../../db/client';
import { evaluations, stories, storyLikes } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { recordActivity } from '../tracking/record';
import { PUBLISHED_STATUS, canView } from './story-status';
import { storyRelation } from './story-view';

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
    const [story] = await tx
      .select({
        id: stories.id,
        title: stories.title,
        status: stories.status,
        authorId: stories.authorId,
        gradeId: stories.gradeId,
        evaluatorId: evaluations.teacherId,
      })
      .from(stories)
      .leftJoin(evaluations, eq(evaluations.storyId, stories.id))
      .where(eq(stories.id, storyId))
      .limit(1)
      .for('no key update', { of: stories });
    if (!story) {
      throw notFound(storyMessages.notFound);
    }
    if (story.status !== PUBLISHED_STATUS) {
      const relation = await storyRelation(tx, actor, story);
      throw canView(relation, story.status)
        ? conflict(likeMessages.notPublished)
        : notFound(storyMessages.notFound);
    }
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
    await recordActivity(tx, actor, {
      resource: 'STORIES',
      action: liked ? 'LIKE' : 'UNLIKE',
      storyId,
      storyTitle: story.title,
    });
    return { likesCount: counted!.likesCount, liked };
  });
}
