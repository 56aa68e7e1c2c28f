import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  commentModerationMessages,
  gradeLabel,
  pageOf,
  type ApprovalDecision,
  type HeldComment,
  type HeldCommentsQuery,
  type Paged,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { commentReplies, comments, stories } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { listedWordsIn } from '../moderation-words';
import { userShownTo } from '../consent-visibility';
import { approvesOn } from './comment-access';
import { plainTextOf } from './comments.service';

/**
 * Comments and replies held for approval (issue 21.5-6, docs/decisions/moderation.md): the list of
 * those waiting for the caller, and the decision on one, taken once. Who decides is comment-access.ts
 * mayApprove/approvesOn: a teacher of the fic's grade, an administrator.
 */

/** Only teachers and administrators approve; a student is refused before anything is read. */
function assertApprover(actor: Actor): void {
  if (actor.role !== 'TEACHER' && actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

/**
 * A comment's HTML as words for the list's `words`, in SQL: paragraphs and line breaks become spaces,
 * other tags vanish (a word in bold stays one word). The decision itself was taken on the cleaner's
 * plain text when it was written.
 */
const plainInSql = (html: SQL): SQL =>
  sql`regexp_replace(regexp_replace(${html}, '</?(p|br|blockquote)[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g')`;

interface HeldRow extends Record<string, unknown> {
  target: 'COMMENT' | 'REPLY';
  id: string;
  comment_id: string;
  text: string;
  parent_text: string | null;
  story_id: string;
  story_title: string;
  writer_id: string;
  writer_name: string;
  grade_level: string;
  grade_cicle: string;
  grade_name: string;
  college_name: string;
  held_for: 'MODERATED' | 'WORDS';
  words: string[] | null;
  was_edited: boolean;
  created_at: Date | string;
}

/**
 * The held comments and replies the caller decides on, as one list (comments_held_idx,
 * comment_replies_held_idx). A consent-less student's (issue 22.5) only within their school:
 * another school's teacher neither reads nor decides on it; administrators do.
 */
function heldUnion(actor: Actor): SQL {
  return sql`
    select 'COMMENT' as target, c.id, c.id as comment_id, c.text, null::text as parent_text,
      c.story_id, c.author_id as writer_id, c.held_for, c.was_edited, c.created_at
    from comments c
    where c.hidden_reason = 'HELD' and ${approvesOn(actor, sql`c.story_id`)}
      and ${userShownTo(actor, sql`c.author_id`)}
    union all
    select 'REPLY' as target, r.id, r.comment_id, r.text, pc.text as parent_text,
      pc.story_id, r.author_id as writer_id, r.held_for, r.was_edited, r.created_at
    from comment_replies r
    join comments pc on pc.id = r.comment_id
    where r.hidden_reason = 'HELD' and ${approvesOn(actor, sql`pc.story_id`)}
      and ${userShownTo(actor, sql`r.author_id`)}`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * GET /comments/held: what waits for the caller's approval, newest first, paged in SQL: teachers, on
 * the fics of their grades; administrators, all. Each in context: the fic, its writer, the comment a
 * reply answers, why it is held and which listed words it contains.
 */
export async function listHeldComments(options: {
  db: DbOrTx;
  actor: Actor;
  query: HeldCommentsQuery;
}): Promise<Paged<HeldComment>> {
  const { db, actor, query } = options;
  assertApprover(actor);
  const offset = (query.page - 1) * query.limit;
  const [page, total] = await Promise.all([
    db.execute(sql`
      select held.target, held.id, held.comment_id, held.text, held.parent_text, held.story_id,
        s.title as story_title, held.writer_id, u.name as writer_name,
        g.level as grade_level, g.cicle as grade_cicle, g.name as grade_name, col.name as college_name,
        held.held_for, held.was_edited, held.created_at,
        ${listedWordsIn(plainInSql(sql`held.text`))} as words
      from (${heldUnion(actor)}) held
      join stories s on s.id = held.story_id
      join users u on u.id = held.writer_id
      join grades g on g.id = s.grade_id
      join colleges col on col.id = g.college_id
      order by held.created_at desc, held.id desc
      limit ${query.limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from (${heldUnion(actor)}) held`),
  ]);
  const docs = rowsOf<HeldRow>(page).map((row): HeldComment => ({
    target: row.target,
    _id: row.id,
    commentId: row.comment_id,
    text: plainTextOf(row.text),
    parentText: row.parent_text === null ? null : plainTextOf(row.parent_text),
    storyId: row.story_id,
    storyTitle: row.story_title,
    writer: { _id: row.writer_id, name: row.writer_name },
    grade: `${gradeLabel({ level: row.grade_level, cicle: row.grade_cicle, name: row.grade_name })} — ${row.college_name}`,
    heldFor: row.held_for,
    words: row.words ?? [],
    wasEdited: row.was_edited,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return pageOf(docs, query, rowsOf<{ n: number }>(total)[0]?.n ?? 0);
}

/** The held item as its decision needs it: its fic, its writer, its comment's writer. */
interface HeldItem {
  id: string;
  commentId: string;
  /** Null: erased (issue 22.4). */
  writerId: string | null;
  hiddenReason: 'REPORTED' | 'HELD' | null;
  storyId: string;
  storyTitle: string;
  storyAuthorId: string | null;
  commentAuthorId: string | null;
}

async function findHeldItem(
  db: DbOrTx,
  actor: Actor,
  target: 'COMMENT' | 'REPLY',
  ids: { commentId: string; replyId?: string },
): Promise<HeldItem | undefined> {
  if (target === 'COMMENT') {
    const [row] = await db
      .select({
        id: comments.id,
        commentId: comments.id,
        writerId: comments.authorId,
        hiddenReason: comments.hiddenReason,
        storyId: stories.id,
        storyTitle: stories.title,
        storyAuthorId: stories.authorId,
        commentAuthorId: comments.authorId,
      })
      .from(comments)
      .innerJoin(stories, eq(stories.id, comments.storyId))
      .where(
        and(
          eq(comments.id, ids.commentId),
          approvesOn(actor, stories.id),
          userShownTo(actor, comments.authorId),
        ),
      )
      .limit(1);
    return row;
  }
  const [row] = await db
    .select({
      id: commentReplies.id,
      commentId: comments.id,
      writerId: commentReplies.authorId,
      hiddenReason: commentReplies.hiddenReason,
      storyId: stories.id,
      storyTitle: stories.title,
      storyAuthorId: stories.authorId,
      commentAuthorId: comments.authorId,
    })
    .from(commentReplies)
    .innerJoin(comments, eq(comments.id, commentReplies.commentId))
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .where(
      and(
        eq(commentReplies.id, ids.replyId!),
        eq(commentReplies.commentId, ids.commentId),
        approvesOn(actor, stories.id),
        userShownTo(actor, commentReplies.authorId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * PATCH /comments/:id/approval and …/replies/:replyId/approval: approves ('APPROVE': shown, and who
 * would have been told of it when written is told now) or rejects ('REJECT': deleted as a moderator's
 * deletion, its writer told) a held comment or reply, once. The write is conditional on the row still
 * being held (`WHERE hidden_reason = 'HELD'`), so of parallel decisions exactly one matches and the
 * rest get 409. One the caller does not decide on (another grade's fic) is 404, as if it did not exist.
 */
export async function decideHeldComment(options: {
  db: Db;
  actor: Actor;
  target: 'COMMENT' | 'REPLY';
  commentId: string;
  replyId?: string;
  decision: ApprovalDecision;
}): Promise<void> {
  const { db, actor, target, decision } = options;
  assertApprover(actor);
  const item = await findHeldItem(db, actor, target, options);
  if (!item) {
    throw notFound(commentModerationMessages.notFound);
  }
  // An erased writer's held rows went with their account (issue 22.4): one held has its writer.
  if (item.hiddenReason !== 'HELD' || item.writerId === null) {
    throw conflict(commentModerationMessages.alreadySettled);
  }
  const eventActor = { userId: actor.userId, role: actor.role };
  const about = {
    target,
    commentId: item.commentId,
    replyId: target === 'REPLY' ? item.id : null,
    writerId: item.writerId,
    title: item.storyTitle,
  };
  await db.transaction(async (tx) => {
    const table = target === 'COMMENT' ? comments : commentReplies;
    const held = and(eq(table.id, item.id), eq(table.hiddenReason, 'HELD'));
    if (decision === 'APPROVE') {
      // Shown: the triggers count it from now on (migration 0020).
      const [approved] = await tx
        .update(table)
        .set({ hiddenReason: null, heldFor: null })
        .where(held)
        .returning({ id: table.id });
      if (!approved) {
        throw conflict(commentModerationMessages.alreadySettled);
      }
      await emitEvent(tx, {
        type: 'comment.approved',
        storyId: item.storyId,
        actor: eventActor,
        payload: { ...about, storyAuthorId: item.storyAuthorId, commentAuthorId: item.commentAuthorId },
      });
      return;
    }
    const [rejected] = await tx.delete(table).where(held).returning({ id: table.id });
    if (!rejected) {
      throw conflict(commentModerationMessages.alreadySettled);
    }
    // A deletion like any other (caches, activity), by a moderator; then why, for its writer.
    await emitEvent(
      tx,
      target === 'COMMENT'
        ? {
            type: 'comment.deleted',
            storyId: item.storyId,
            actor: eventActor,
            payload: { commentId: item.id, commentAuthorId: item.writerId, title: item.storyTitle },
          }
        : {
            type: 'reply.deleted',
            storyId: item.storyId,
            actor: eventActor,
            payload: {
              replyId: item.id,
              commentId: item.commentId,
              replyAuthorId: item.writerId,
              title: item.storyTitle,
            },
          },
    );
    await emitEvent(tx, {
      type: 'comment.rejected',
      storyId: item.storyId,
      actor: eventActor,
      payload: about,
    });
  });
}
