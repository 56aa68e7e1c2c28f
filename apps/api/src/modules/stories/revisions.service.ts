/**
 * The rounds of a fic (issue 20.3): `story_revisions` keeps what the fic said at each send, and
 * the author, the grade's teachers and administrators compare them ('Cambios'). Nobody else learns
 * the rounds exist, not even of a published fic: 404, as for a fic they may not see.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  revisionLimits,
  revisionMessages,
  storyMessages,
  type Revision,
  type RevisionSummary,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { storyRevisions } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { cleanStoryHtml } from '../../lib/rich-text';
import type { Actor } from '../../plugins/auth';
import { loadStoryFor } from './story-gate';

/** The gate for the rounds; a relation that never may see them gets the fic's 404, not a 403. */
async function gate(db: DbOrTx, actor: Actor, storyId: string): Promise<void> {
  try {
    await loadStoryFor({ db, actor, storyId, action: 'viewRevisions' });
  } catch (error) {
    if (error instanceof AppError && error.type === 'FORBIDDEN') {
      throw notFound(storyMessages.notFound);
    }
    throw error;
  }
}

/** GET /stories/:id/revisions: every round, oldest first, with its word count. */
export async function listRevisions(options: {
  db: DbOrTx;
  actor: Actor;
  storyId: string;
}): Promise<RevisionSummary[]> {
  const { db, actor, storyId } = options;
  await gate(db, actor, storyId);
  const rows = await db
    .select({
      round: storyRevisions.round,
      title: storyRevisions.title,
      text: storyRevisions.text,
      sentAt: storyRevisions.createdAt,
    })
    .from(storyRevisions)
    .where(eq(storyRevisions.storyId, storyId))
    .orderBy(asc(storyRevisions.round))
    .limit(revisionLimits.maxRounds);
  // The stored text is already clean; cleaning it again measures it exactly as the fic's wordCount.
  return rows.map((row) => ({
    round: row.round,
    title: row.title,
    words: cleanStoryHtml(row.text).wordCount,
    sentAt: row.sentAt.toISOString(),
  }));
}

/** GET /stories/:id/revisions/:round: one round's title and sanitised HTML. */
export async function getRevision(options: {
  db: DbOrTx;
  actor: Actor;
  storyId: string;
  round: number;
}): Promise<Revision> {
  const { db, actor, storyId, round } = options;
  await gate(db, actor, storyId);
  const [row] = await db
    .select({
      round: storyRevisions.round,
      title: storyRevisions.title,
      text: storyRevisions.text,
      sentAt: storyRevisions.createdAt,
    })
    .from(storyRevisions)
    .where(and(eq(storyRevisions.storyId, storyId), eq(storyRevisions.round, round)))
    .limit(1);
  if (!row) {
    throw notFound(revisionMessages.notFound);
  }
  return { ...row, sentAt: row.sentAt.toISOString() };
}
