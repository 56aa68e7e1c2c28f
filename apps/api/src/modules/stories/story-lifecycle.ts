/**
 * The fic's lifecycle (issue 19.1, 19.3): the only code that writes `stories.status`, each change a
 * conditional write `WHERE status IN (allowed)` (story-status.ts) and its domain event, both in the
 * caller's transaction, so the event exists exactly when the change does. Other modules (the
 * evaluations) call these inside their own transaction; what follows a change (the activity line,
 * the e-mail, the notification, the gallery's cache) is a subscriber of its event.
 */
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evaluations, stories } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { emitEvent, emitEvents, type EventActor, type NewDomainEvent } from '../events';
import { EVALUATED_STATUS, isPublished, PUBLISHED_STATUS, SENT_STATUS } from './story-status';

type Allowed = readonly (typeof stories.$inferSelect)['status'][];

/** Who made a change, as events name them. */
export const eventActor = (actor: Pick<Actor, 'userId' | 'role'> | null): EventActor | null =>
  actor ? { userId: actor.userId, role: actor.role } : null;

/** What a send's revision copies from the fic, read back by the write that sends it. */
const sentColumns = {
  id: stories.id,
  authorId: stories.authorId,
  gradeId: stories.gradeId,
  rounds: stories.rounds,
  title: stories.title,
  text: stories.text,
  writingTime: stories.writingTime,
};

/**
 * EDITING → REVIEWING or EVALUATED → REVIEWING: counts the round and announces `story.sent`
 * (`resent` from the second round on: it had been evaluated). Undefined when the status no longer
 * allows it (the caller explains why).
 */
export async function markStorySent(
  tx: DbOrTx,
  options: { storyId: string; allowed: Allowed; actor: Actor },
) {
  const now = new Date();
  const [sent] = await tx
    .update(stories)
    .set({ status: SENT_STATUS, rounds: sql`${stories.rounds} + 1`, sentAt: now, updatedAt: now })
    .where(and(eq(stories.id, options.storyId), inArray(stories.status, [...options.allowed])))
    .returning(sentColumns);
  if (sent) {
    await emitEvent(tx, {
      type: 'story.sent',
      storyId: sent.id,
      actor: eventActor(options.actor),
      payload: {
        authorId: sent.authorId,
        gradeId: sent.gradeId,
        title: sent.title,
        writingTime: sent.writingTime,
        resent: sent.rounds > 1,
      },
    });
  }
  return sent;
}

/**
 * → EVALUATED: the first evaluation (REVIEWING → EVALUATED, `story.evaluated`) or the evaluator's
 * rewrite (`evaluation.updated`; a resent fic goes back to EVALUATED). `score` is the evaluation's,
 * computed before the write. Answers the fic's current round, or undefined when the status no
 * longer allows it.
 */
export async function markStoryEvaluated(
  tx: DbOrTx,
  options: {
    storyId: string;
    allowed: Allowed;
    actor: Actor;
    score: number;
    first: boolean;
  },
): Promise<{ rounds: number } | undefined> {
  const [story] = await tx
    .update(stories)
    .set({ status: EVALUATED_STATUS, updatedAt: new Date() })
    .where(and(eq(stories.id, options.storyId), inArray(stories.status, [...options.allowed])))
    .returning({ rounds: stories.rounds, authorId: stories.authorId, title: stories.title });
  if (!story) {
    return undefined;
  }
  const payload = {
    authorId: story.authorId,
    evaluatorId: options.actor.userId,
    title: story.title,
    score: options.score,
  };
  const actor = eventActor(options.actor);
  await emitEvent(
    tx,
    options.first
      ? { type: 'story.evaluated', storyId: options.storyId, actor, payload }
      : { type: 'evaluation.updated', storyId: options.storyId, actor, payload },
  );
  return { rounds: story.rounds };
}

/**
 * → PUBLISHED, only once an evaluation exists (checked by the same write, so ten racing publishes
 * make one), announcing `story.published`. Undefined when the write matched nothing.
 */
export async function markStoryPublished(
  tx: DbOrTx,
  options: { storyId: string; allowed: Allowed; actor: Actor },
) {
  const now = new Date();
  const [published] = await tx
    .update(stories)
    .set({ status: PUBLISHED_STATUS, publishedAt: now, updatedAt: now })
    .where(
      and(
        eq(stories.id, options.storyId),
        inArray(stories.status, [...options.allowed]),
        exists(
          tx
            .select({ one: sql`1` })
            .from(evaluations)
            .where(eq(evaluations.storyId, options.storyId)),
        ),
      ),
    )
    .returning({ id: stories.id, authorId: stories.authorId, title: stories.title });
  if (published) {
    await emitEvent(tx, {
      type: 'story.published',
      storyId: published.id,
      actor: eventActor(options.actor),
      payload: { authorId: published.authorId, title: published.title },
    });
  }
  return published;
}

const deletedColumns = {
  id: stories.id,
  authorId: stories.authorId,
  gradeId: stories.gradeId,
  title: stories.title,
  status: stories.status,
  coverId: stories.coverId,
};

const deletedEvent = (
  row: { id: string; authorId: string; gradeId: string; title: string; status: Allowed[number] },
  actor: EventActor | null,
): NewDomainEvent => ({
  type: 'story.deleted',
  storyId: row.id,
  actor,
  payload: {
    authorId: row.authorId,
    gradeId: row.gradeId,
    title: row.title,
    wasPublished: isPublished(row.status),
  },
});

/** Deletes the fic if its status allows it, announcing `story.deleted`; undefined when it did not. */
export async function deleteStoryRow(
  tx: DbOrTx,
  options: { storyId: string; allowed: Allowed; actor: Actor },
) {
  const [deleted] = await tx
    .delete(stories)
    .where(and(eq(stories.id, options.storyId), inArray(stories.status, [...options.allowed])))
    .returning(deletedColumns);
  if (deleted) {
    await emitEvent(tx, deletedEvent(deleted, eventActor(options.actor)));
  }
  return deleted;
}

/** Deletes every fic of an author (their account is going), one `story.deleted` each. */
export async function deleteStoryRowsOf(
  tx: DbOrTx,
  options: { authorId: string; actor: Pick<Actor, 'userId' | 'role'> | null },
) {
  const deleted = await tx
    .delete(stories)
    .where(eq(stories.authorId, options.authorId))
    .returning(deletedColumns);
  const actor = eventActor(options.actor);
  await emitEvents(
    tx,
    deleted.map((row) => deletedEvent(row, actor)),
  );
  return deleted;
}
