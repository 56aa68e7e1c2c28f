/**
 * Notes on passages of a fic (issue 20.1, docs/decisions/annotations.md). Every action starts from
 * the fic's gate (`loadStoryFor` with 'viewAnnotations' / 'annotate'): whoever may not see the notes
 * gets the fic's 404, whatever its status, so a note never tells a stranger that a fic exists.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  annotationLimits,
  annotationMessages,
  storyMessages,
  type Annotation,
  type AnnotationReply,
  type CreateAnnotationBody,
  type UpdateAnnotationBody,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { annotationReplies, annotations, stories, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { decide, loadStoryFor, maskedAuthorName, ownedAuthorId, type LoadedStory } from '../stories';
import { plainTextOf } from './anchoring';

/** The fic as a caller who may read its notes sees it; anyone else gets the fic's 404, never a 403. */
async function gate(db: DbOrTx, actor: Actor, storyId: string): Promise<LoadedStory> {
  try {
    return await loadStoryFor({ db, actor, storyId, action: 'viewAnnotations' });
  } catch (error) {
    // A published fic is visible to all, its notes are not: hide that they exist.
    if (error instanceof AppError && error.type === 'FORBIDDEN') {
      throw notFound(storyMessages.notFound);
    }
    throw error;
  }
}

/** Locks the fic's row so notes are added one at a time (the 500 cap) and its text cannot change meanwhile. */
async function lockStory(tx: DbOrTx, storyId: string): Promise<void> {
  await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for('no key update');
}

/** A note and the fic it belongs to, the fic's row locked, as `actor` may see it (404 otherwise). */
async function loadAnnotation(tx: DbOrTx, actor: Actor, annotationId: string) {
  const [note] = await tx
    .select({ storyId: annotations.storyId })
    .from(annotations)
    .where(eq(annotations.id, annotationId))
    .limit(1);
  if (!note) {
    throw notFound(annotationMessages.notFound);
  }
  await lockStory(tx, note.storyId);
  let story: LoadedStory;
  try {
    story = await gate(tx, actor, note.storyId);
  } catch (error) {
    throw error instanceof AppError && error.type === 'NOT_FOUND'
      ? notFound(annotationMessages.notFound)
      : error;
  }
  const [row] = await tx.select().from(annotations).where(eq(annotations.id, annotationId)).for('update');
  if (!row) {
    throw notFound(annotationMessages.notFound);
  }
  return { story, row };
}

const isGradeTeacherOrAdmin = (story: LoadedStory) =>
  story.relation === 'gradeTeacher' || story.relation === 'evaluator' || story.relation === 'admin';

/** Names of the writers, the fic's own author shown as this caller may know them (masked when blind). */
async function writersOf(db: DbOrTx, story: LoadedStory, writerIds: (string | null)[]) {
  const ids = [...new Set(writerIds.filter((id): id is string => id !== null))];
  const rows = ids.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const mask = maskedAuthorName(story.row, story.relation);
  return (id: string | null): { _id: string | null; name: string } => {
    if (id === null || !names.has(id)) {
      return { _id: null, name: annotationMessages.deletedWriter };
    }
    if (id === story.row.authorId && mask !== null) {
      return { _id: null, name: mask };
    }
    return { _id: id, name: names.get(id)! };
  };
}

type NoteRow = typeof annotations.$inferSelect;
type ReplyRow = typeof annotationReplies.$inferSelect;

function toReply(row: ReplyRow, writer: ReturnType<Awaited<ReturnType<typeof writersOf>>>): AnnotationReply {
  return { _id: row.id, text: row.text, author: writer, createdAt: row.createdAt.toISOString() };
}

async function toAnnotations(db: DbOrTx, story: LoadedStory, notes: NoteRow[]): Promise<Annotation[]> {
  const replies = notes.length
    ? await db
        .select()
        .from(annotationReplies)
        .where(
          inArray(
            annotationReplies.annotationId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(asc(annotationReplies.createdAt), asc(annotationReplies.id))
    : [];
  const writer = await writersOf(db, story, [
    ...notes.map((n) => n.writerId),
    ...replies.map((r) => r.writerId),
  ]);
  const byNote = new Map<string, AnnotationReply[]>();
  for (const reply of replies) {
    const list = byNote.get(reply.annotationId) ?? [];
    list.push(toReply(reply, writer(reply.writerId)));
    byNote.set(reply.annotationId, list);
  }
  return notes.map((n) => ({
    _id: n.id,
    quote: { exact: n.quoteExact, prefix: n.quotePrefix, suffix: n.quoteSuffix },
    position: { start: n.positionStart, end: n.positionEnd },
    text: n.text,
    author: writer(n.writerId),
    resolved: n.resolved,
    orphan: n.orphan,
    round: n.round,
    replies: byNote.get(n.id) ?? [],
    createdAt: n.createdAt.toISOString(),
  }));
}

/**
 * POST /stories/:id/annotations: a grade teacher or an administrator notes a passage. The selector
 * must describe the current text (its `exact` at `position` in the textContent), else 400. Under
 * the fic's row lock, a conditional INSERT counting the fic's notes keeps them at 500 even when
 * requests race (each waits for the lock and counts the previous one's note).
 */
export async function createAnnotation(options: {
  db: Db;
  actor: Actor;
  storyId: string;
  body: CreateAnnotationBody;
}): Promise<Annotation> {
  const { db, actor, storyId, body } = options;
  return db.transaction(async (tx) => {
    await lockStory(tx, storyId);
    const story = await gate(tx, actor, storyId);
    if (!decide('annotate', story.relation, story.row.status).ok) {
      throw forbidden();
    }
    const text = plainTextOf(story.row.text);
    const { start, end } = body.position;
    if (end - start !== body.quote.exact.length || text.slice(start, end) !== body.quote.exact) {
      throw validationError({ position: annotationMessages.quoteMismatch });
    }
    const inserted = await tx
      .insert(annotations)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            storyId: sql`${storyId}::uuid`.as('story_id'),
            writerId: sql`${actor.userId}::uuid`.as('writer_id'),
            quoteExact: sql`${body.quote.exact}`.as('quote_exact'),
            quotePrefix: sql`${body.quote.prefix}`.as('quote_prefix'),
            quoteSuffix: sql`${body.quote.suffix}`.as('quote_suffix'),
            positionStart: sql`${start}::integer`.as('position_start'),
            positionEnd: sql`${end}::integer`.as('position_end'),
            text: sql`${body.text}`.as('text'),
            resolved: sql`false`.as('resolved'),
            orphan: sql`false`.as('orphan'),
            round: sql`${story.row.rounds}::integer`.as('round'),
            createdAt: sql`now()`.as('created_at'),
            updatedAt: sql`now()`.as('updated_at'),
          })
          .from(sql`(select 1) as one`)
          .where(
            sql`(select count(*) from ${annotations} where ${annotations.storyId} = ${storyId}) < ${annotationLimits.perStory}`,
          ),
      )
      .returning();
    if (inserted.length === 0) {
      throw conflict(annotationMessages.tooMany);
    }
    // The fic's author is told (notifications); written with the note, so one exists iff the other does.
    await emitEvent(tx, {
      type: 'annotation.created',
      storyId,
      actor,
      payload: {
        annotationId: inserted[0]!.id,
        authorId: ownedAuthorId(story.row),
        writerId: actor.userId,
        title: story.row.title,
      },
    });
    const [annotation] = await toAnnotations(tx, story, inserted);
    return annotation!;
  });
}

/** GET /stories/:id/annotations: every note of the fic (at most 500) in the order of its text, orphans last. */
export async function listAnnotations(options: {
  db: Db;
  actor: Actor;
  storyId: string;
}): Promise<Annotation[]> {
  const { db, actor, storyId } = options;
  const story = await gate(db, actor, storyId);
  const notes = await db
    .select()
    .from(annotations)
    .where(eq(annotations.storyId, storyId))
    .orderBy(asc(annotations.orphan), asc(annotations.positionStart), asc(annotations.id))
    .limit(annotationLimits.perStory);
  return toAnnotations(db, story, notes);
}

/**
 * PATCH /annotations/:id. Its text: its writer only. `resolved: true`: the fic's author (whom the
 * note is for) or an administrator; `resolved: false` (reopening): a teacher of the grade or an
 * administrator. Anyone else who may read the note: 403 with the reason.
 */
export async function updateAnnotation(options: {
  db: Db;
  actor: Actor;
  annotationId: string;
  body: UpdateAnnotationBody;
}): Promise<Annotation> {
  const { db, actor, annotationId, body } = options;
  return db.transaction(async (tx) => {
    const { story, row } = await loadAnnotation(tx, actor, annotationId);
    if (body.text !== undefined && row.writerId !== actor.userId) {
      throw forbidden(annotationMessages.editForbidden);
    }
    if (body.resolved === true && story.relation !== 'author' && story.relation !== 'admin') {
      throw forbidden(annotationMessages.resolveForbidden);
    }
    if (body.resolved === false && !isGradeTeacherOrAdmin(story)) {
      throw forbidden(annotationMessages.reopenForbidden);
    }
    const [updated] = await tx
      .update(annotations)
      .set({
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(body.resolved !== undefined ? { resolved: body.resolved } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(annotations.id, annotationId))
      .returning();
    // Only a real change of state is news: resolving a resolved note again tells nobody.
    if (body.resolved !== undefined && body.resolved !== row.resolved) {
      await emitEvent(tx, {
        type: body.resolved ? 'annotation.resolved' : 'annotation.reopened',
        storyId: row.storyId,
        actor,
        payload: {
          annotationId,
          authorId: ownedAuthorId(story.row),
          writerId: row.writerId,
          title: story.row.title,
        },
      });
    }
    const [annotation] = await toAnnotations(tx, story, [updated!]);
    return annotation!;
  });
}

/** DELETE /annotations/:id: its writer or an administrator (its replies go with it). */
export async function deleteAnnotation(options: {
  db: Db;
  actor: Actor;
  annotationId: string;
}): Promise<void> {
  const { db, actor, annotationId } = options;
  await db.transaction(async (tx) => {
    const { story, row } = await loadAnnotation(tx, actor, annotationId);
    if (row.writerId !== actor.userId && story.relation !== 'admin') {
      throw forbidden();
    }
    await tx.delete(annotations).where(eq(annotations.id, annotationId));
  });
}

/**
 * POST /annotations/:id/replies: the fic's author, a grade teacher or an administrator (whoever
 * reads the note). At most 100 a note, by a conditional INSERT under the note's row lock.
 */
export async function addAnnotationReply(options: {
  db: Db;
  actor: Actor;
  annotationId: string;
  text: string;
}): Promise<AnnotationReply> {
  const { db, actor, annotationId, text } = options;
  return db.transaction(async (tx) => {
    const { story, row } = await loadAnnotation(tx, actor, annotationId);
    const inserted = await tx
      .insert(annotationReplies)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            annotationId: sql`${annotationId}::uuid`.as('annotation_id'),
            writerId: sql`${actor.userId}::uuid`.as('writer_id'),
            text: sql`${text}`.as('text'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(sql`(select 1) as one`)
          .where(
            sql`(select count(*) from ${annotationReplies} where ${annotationReplies.annotationId} = ${annotationId}) < ${annotationLimits.repliesPerAnnotation}`,
          ),
      )
      .returning();
    if (inserted.length === 0) {
      throw conflict(annotationMessages.tooManyReplies);
    }
    await emitEvent(tx, {
      type: 'annotation.replied',
      storyId: row.storyId,
      actor,
      payload: {
        annotationId,
        replyId: inserted[0]!.id,
        authorId: ownedAuthorId(story.row),
        writerId: row.writerId,
        title: story.row.title,
      },
    });
    const writer = await writersOf(tx, story, [actor.userId]);
    return toReply(inserted[0]!, writer(actor.userId));
  });
}

/** Used by the re-anchoring subscriber: a fic's placed notes. */
export const placedNotesOf = (tx: DbOrTx, storyId: string) =>
  tx
    .select({
      id: annotations.id,
      writerId: annotations.writerId,
      quoteExact: annotations.quoteExact,
      quotePrefix: annotations.quotePrefix,
      quoteSuffix: annotations.quoteSuffix,
      positionStart: annotations.positionStart,
      positionEnd: annotations.positionEnd,
    })
    .from(annotations)
    .where(and(eq(annotations.storyId, storyId), eq(annotations.orphan, false)))
    .orderBy(asc(annotations.positionStart), asc(annotations.id));
