/**
 * The fic's lifecycle (issue 19.1, 19.3): the only code that writes `stories.status`, each change a
 * conditional write `WHERE status IN (allowed)` (story-status.ts) and its domain event, both in the
 * caller's transaction, so the event exists exactly when the change does. Other modules (the
 * evaluations) call these inside their own transaction; what follows a change (the activity line,
 * the e-mail, the notification, the gallery's cache) is a subscriber of its event.
 */
import { and, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evaluations, stories } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { emitEvent, emitEvents, type EventActor, type NewDomainEvent } from '../events';
import { EVALUATED_STATUS, isPublished, PUBLISHED_STATUS, SENT_STATUS } from './story-status';

type Allowed = readonly (typeof stories.$inferSelect)['status'][];

/** Who made a change, as events name them. */
export const eventActor = (actor: Pick<Actor, 'userId' | 'role'> | null): EventActor | null =>
  actor ? { userId: actor.userId, role: actor.role } : null;

/**
 * The author of a fic that cannot be orphaned: only a published fic is (stories_orphaned_check), and
 * story-status.ts lets no one send, evaluate, publish or annotate one (issue 22.4).
 */
export function ownedAuthorId(row: { id: string; authorId: string | null }): string {
  if (row.authorId === null) {
    throw new Error(`story ${row.id} is orphaned`);
  }
  return row.authorId;
}

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
        authorId: ownedAuthorId(sent),
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
    .returning({ id: stories.id, rounds: stories.rounds, authorId: stories.authorId, title: stories.title });
  if (!story) {
    return undefined;
  }
  const payload = {
    authorId: ownedAuthorId(story),
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
      payload: { authorId: ownedAuthorId(published), title: published.title },
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
  row: { id: string; authorId: string | null; gradeId: string; title: string; status: Allowed[number] },
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

/** What moderation's changes of a fic read back and announce. */
const moderatedColumns = { id: stories.id, authorId: stories.authorId, title: stories.title };

/**
 * Hides a published fic for review (issue 21.2): from then on only those canView lets see a hidden
 * fic (its author, the grade's teachers, administrators) see it, with 'En revisión'. A conditional
 * write (published and not hidden yet), announcing `story.hidden` (the gallery's cache follows).
 * Undefined when it was not published or already hidden.
 */
export async function hideStoryForReview(
  tx: DbOrTx,
  options: { storyId: string; actor: Pick<Actor, 'userId' | 'role'> },
) {
  const [hidden] = await tx
    .update(stories)
    .set({ hiddenReason: 'REPORTED' })
    .where(
      and(
        eq(stories.id, options.storyId),
        eq(stories.status, PUBLISHED_STATUS),
        isNull(stories.hiddenReason),
      ),
    )
    .returning(moderatedColumns);
  if (hidden) {
    await emitEvent(tx, {
      type: 'story.hidden',
      storyId: hidden.id,
      actor: eventActor(options.actor),
      payload: { authorId: hidden.authorId, title: hidden.title },
    });
  }
  return hidden;
}

/** Shows a hidden fic again (the reports were looked at and it stays), announcing `story.shown`. */
export async function showStoryAfterReview(
  tx: DbOrTx,
  options: { storyId: string; actor: Pick<Actor, 'userId' | 'role'> },
) {
  const [shown] = await tx
    .update(stories)
    .set({ hiddenReason: null })
    .where(and(eq(stories.id, options.storyId), isNotNull(stories.hiddenReason)))
    .returning(moderatedColumns);
  if (shown) {
    await emitEvent(tx, {
      type: 'story.shown',
      storyId: shown.id,
      actor: eventActor(options.actor),
      payload: { authorId: shown.authorId, title: shown.title },
    });
  }
  return shown;
}

/**
 * PUBLISHED → EVALUATED by a moderation decision ('Eliminar', issue 21.3): the fic leaves the
 * gallery and goes back to its author, who may correct it and send it again (a child's story is
 * never deleted by moderation; docs/decisions/moderation.md). Announces `story.withdrawn`.
 * Undefined when it was not published any more.
 */
export async function withdrawStoryByModeration(
  tx: DbOrTx,
  options: { storyId: string; actor: Pick<Actor, 'userId' | 'role'> },
) {
  const now = new Date();
  // An orphaned fic (issue 22.4) has no author to go back to: removed, it is deleted.
  const [orphan] = await tx
    .delete(stories)
    .where(
      and(eq(stories.id, options.storyId), eq(stories.status, PUBLISHED_STATUS), isNull(stories.authorId)),
    )
    .returning(deletedColumns);
  if (orphan) {
    await emitEvent(tx, deletedEvent(orphan, eventActor(options.actor)));
    return { id: orphan.id, authorId: orphan.authorId, title: orphan.title };
  }
  const [withdrawn] = await tx
    .update(stories)
    .set({ status: EVALUATED_STATUS, publishedAt: null, hiddenReason: null, updatedAt: now })
    .where(and(eq(stories.id, options.storyId), eq(stories.status, PUBLISHED_STATUS)))
    .returning(moderatedColumns);
  if (withdrawn) {
    await emitEvent(tx, {
      type: 'story.withdrawn',
      storyId: withdrawn.id,
      actor: eventActor(options.actor),
      payload: { authorId: withdrawn.authorId, title: withdrawn.title },
    });
  }
  return withdrawn;
}
