import { eq } from 'drizzle-orm';
import type { CommentsMode, Story } from '@fics/contracts';
import type { Db } from '../../db/client';
import { stories } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { loadStoryFor, raceErrorFor } from './story-gate';
import { buildStoryView, findStoryRow } from './story-view';

/**
 * PUT /stories/:id/comments-mode (issue 21.5): who may comment on the fic — 'OPEN', 'MODERATED' (new
 * comments and replies wait for approval) or 'CLOSED' ('Comentarios cerrados'). Decided by
 * story-status.ts's `manageComments`: its author, the teachers of its grade, administrators (403 to
 * anyone else who sees it; 404 to who does not). The comments module applies the mode when a comment
 * or reply is written. The row is locked so the event names the mode it replaced; choosing the mode
 * it already has changes nothing and announces nothing.
 */
export async function setCommentsMode(options: {
  db: Db;
  actor: Actor;
  storyId: string;
  mode: CommentsMode;
}): Promise<Story> {
  const { db, actor, storyId, mode } = options;
  const { relation } = await loadStoryFor({ db, actor, storyId, action: 'manageComments' });
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ mode: stories.commentsMode, authorId: stories.authorId, title: stories.title })
      .from(stories)
      .where(eq(stories.id, storyId))
      .for('no key update');
    if (!current) {
      throw await raceErrorFor({ db: tx, actor, storyId, action: 'manageComments' });
    }
    if (current.mode === mode) {
      return;
    }
    await tx.update(stories).set({ commentsMode: mode }).where(eq(stories.id, storyId));
    await emitEvent(tx, {
      type: 'story.comments_mode_changed',
      storyId,
      actor,
      payload: { authorId: current.authorId, title: current.title, mode, previousMode: current.mode },
    });
  });
  const row = await findStoryRow(db, storyId);
  if (!row) {
    throw await raceErrorFor({ db, actor, storyId, action: 'manageComments' });
  }
  return buildStoryView({ db, actor, row, relation });
}
