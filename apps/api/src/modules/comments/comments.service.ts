import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  blockMessages,
  commentLimits,
  commentMessages,
  commentModerationMessages,
  storyMessages,
  type Comment,
  type CommentsQuery,
  type HeldReason,
  type Paged,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { commentReplies, comments, evaluations, stories } from '../../db/schema';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import { cleanCommentHtml, hasVisibleText } from '../../lib/rich-text';
import type { Actor } from '../../plugins/auth';
import { isPublished, loadStoryFor, storyAuthorShown, storyIsPublished } from '../stories';
import { emitEvent } from '../events';
import { assertNotBlocked, notBlockedWith } from '../blocks';
import { containsListedWord } from '../moderation-words';
import {
  assertNotRepeated,
  commentPermissions,
  hiddenSeenBy,
  lockWriter,
  loadWriters,
  mayApprove,
  spendCommentRate,
  teachesGrade,
  visibleTo,
  type Writer,
} from './comment-access';
import { buildCommentViews, commentColumns } from './comment-view';
import { blockedCommentsOf, minusBlockedReplies } from './comment-blocks';

/**
 * Comments on published fics (spec 001 §2, §7): read by anyone, written by anyone logged in, changed
 * by whom `commentPermissions` allows. `stories.comments_count` and `comments.replies_count` follow
 * the rows through triggers (migration 0007); nothing here writes them.
 */

const storyNotFound = () => notFound(storyMessages.notFound);
export const commentNotFound = () => notFound(commentMessages.notFound);

/**
 * The comment editor's HTML cleaned to its toolbar, or 400 on `text`: nothing visible left
 * (`required`, the message of the call), or more visible characters than the limit (`max`).
 */
export function cleanCommentText(html: string, messages: { required: string; max: string }): string {
  const cleaned = cleanCommentHtml(html);
  if (!hasVisibleText(cleaned)) {
    throw validationError({ text: messages.required });
  }
  if ([...cleaned.plainText].length > commentLimits.plainTextMax) {
    throw validationError({ text: messages.max });
  }
  return cleaned.html;
}

/** A comment's or reply's words as plain text (what the words list is matched against). */
export const plainTextOf = (html: string): string => cleanCommentHtml(html).plainText;

/** 409 when the fic's comments are closed ('Comentarios cerrados', issue 21.5): nothing new, comment or reply. */
export function assertCommentsOpen(mode: 'OPEN' | 'MODERATED' | 'CLOSED'): void {
  if (mode === 'CLOSED') {
    throw conflict(commentModerationMessages.closed);
  }
}

/**
 * Whether a new comment or reply is held for approval, and why (issue 21.5-6), decided in the
 * write's transaction: only a student's writing is held (teachers and administrators are the ones
 * who approve); a listed word holds it on any fic ('WORDS', decided in SQL), a fic whose comments are
 * 'MODERATED' holds everything but its own author's. Null: shown at once.
 */
export async function heldForOnWrite(
  tx: DbOrTx,
  options: {
    actor: Actor;
    storyAuthorId: string | null;
    mode: 'OPEN' | 'MODERATED' | 'CLOSED';
    html: string;
  },
): Promise<HeldReason | null> {
  const { actor, storyAuthorId, mode, html } = options;
  if (actor.role !== 'STUDENT') {
    return null;
  }
  if (await containsListedWord(tx, plainTextOf(html))) {
    return 'WORDS';
  }
  return mode === 'MODERATED' && actor.userId !== storyAuthorId ? 'MODERATED' : null;
}

/**
 * The hidden state an edit leaves (issue 21.6): a student's visible comment or reply whose new words
 * contain a listed one is held ('WORDS'); anything already hidden stays as it is. As SET values that
 * read the row's own state, so the decision and the write are one statement.
 */
export function heldOnEdit(held: boolean) {
  if (!held) {
    return {};
  }
  return {
    hiddenReason: sql<'HELD' | 'REPORTED'>`coalesce(hidden_reason, 'HELD')`,
    heldFor: sql<'WORDS' | 'MODERATED'>`case when hidden_reason is null then 'WORDS' else held_for end`,
  };
}

/**
 * A published fic to comment on: 404 when it does not exist or the caller may not see it, 409 when
 * they may see it but it is not published (a draft, one under review).
 */
async function storyToComment(db: DbOrTx, actor: Actor, storyId: string) {
  return (await loadStoryFor({ db, actor, storyId, action: 'comment' })).row;
}

/**
 * What a comment's answers need of its fic: how its author appears (storyAuthorShown) and, for the
 * activity line, its title. Read with the comment or reply (`stories` and its evaluation joined).
 */
export const commentStoryColumns = {
  storyTitle: stories.title,
  storyStatus: stories.status,
  storyCommentsMode: stories.commentsMode,
  story: {
    authorId: stories.authorId,
    gradeId: stories.gradeId,
    anonymity: stories.anonymity,
    nicknameValue: stories.nicknameValue,
    evaluatorId: evaluations.teacherId,
  },
};

/** A comment with its fic's title, status and author (see commentStoryColumns), or undefined. */
export async function findCommentTarget(db: DbOrTx, commentId: string) {
  const [row] = await db
    .select({ ...commentColumns, ...commentStoryColumns })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .leftJoin(evaluations, eq(evaluations.storyId, stories.id))
    .where(eq(comments.id, commentId))
    .limit(1);
  return row;
}

/** The writer of something the caller wants to change, or 403 when they may not. */
export async function writerAllowing(db: DbOrTx, actor: Actor, authorId: string | null): Promise<Writer> {
  // An erased writer's comment or reply (issue 22.4) is no one's to edit or delete.
  if (authorId === null) {
    throw forbidden();
  }
  const writers = await loadWriters(db, actor, [authorId]);
  const writer = writers.get(authorId);
  if (!writer || !commentPermissions(actor, writer).canEdit) {
    throw forbidden();
  }
  return writer;
}

const hiddenReply = alias(commentReplies, 'hidden_reply');

/**
 * A comment's replies as the caller counts them: the visible ones (comments.replies_count) and, for
 * whoever still sees hidden ones, those (comment_replies_comment_hidden_idx).
 */
export function repliesCountFor(actor: Actor | null) {
  if (!actor) {
    return comments.repliesCount;
  }
  return sql<number>`(${comments.repliesCount} + (select count(*) from comment_replies hidden_reply
    where ${hiddenReply.commentId} = ${comments.id} and ${hiddenReply.hiddenReason} is not null
      and ${hiddenSeenBy(actor, {
        writerId: hiddenReply.authorId,
        hiddenReason: hiddenReply.hiddenReason,
        storyId: comments.storyId,
      })}))::int`.mapWith(Number);
}

/**
 * The hidden comments of a fic the caller still sees (comments_story_hidden_idx), added to the
 * visible count (stories.comments_count) so the total follows what each person sees.
 */
async function hiddenCommentsSeen(db: DbOrTx, actor: Actor | null, storyId: string): Promise<number> {
  if (!actor) {
    return 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.storyId, storyId),
        isNotNull(comments.hiddenReason),
        hiddenSeenBy(actor, {
          writerId: comments.authorId,
          hiddenReason: comments.hiddenReason,
          storyId: comments.storyId,
        }),
      ),
    );
  return row?.n ?? 0;
}

/** GET /comments?storyId: a published fic's comments, newest first, 5 a page (public). */
export async function listComments(options: {
  db: DbOrTx;
  actor: Actor | null;
  query: CommentsQuery;
}): Promise<Paged<Comment>> {
  const { db, actor, query } = options;
  // The fic's gate: one the caller may not see (hidden for review included) is unknown to them.
  const { row: story } = await loadStoryFor({ db, actor, storyId: query.storyId, action: 'view' });
  // Unpublished fics have no comments to show, to anyone.
  if (!isPublished(story.status)) {
    throw storyNotFound();
  }
  const storyAuthor = await storyAuthorShown(db, actor, story);
  // Held comments carry 'Aprobar'/'Rechazar' for those who decide on them (comment-access.ts).
  const approver = mayApprove(actor, { teachesStoryGrade: await teachesGrade(db, actor, story.gradeId) });
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      // comments_story_created_idx (story_id, created_at DESC, id), in its order.
      const rows = await db
        .select({ ...commentColumns, repliesCount: minusBlockedReplies(actor, repliesCountFor(actor)) })
        .from(comments)
        .where(
          and(
            eq(comments.storyId, story.id),
            visibleTo(actor, comments),
            notBlockedWith(actor, comments.authorId),
          ),
        )
        .orderBy(desc(comments.createdAt), asc(comments.id))
        .limit(limit)
        .offset(offset);
      return buildCommentViews(db, actor, storyAuthor, rows, { approver });
    },
    count: async () =>
      story.commentsCount +
      (await hiddenCommentsSeen(db, actor, story.id)) -
      // Those of people blocked either way are out of the list (comment-blocks.ts).
      (await blockedCommentsOf(db, actor, story.id)),
  });
}

/** POST /comments: a new comment on a published fic, recorded in the writer's activity. */
export async function createComment(options: {
  db: Db;
  limiter: RateLimiter;
  actor: Actor;
  storyId: string;
  text: string;
}): Promise<Comment> {
  const { db, limiter, actor } = options;
  const story = await storyToComment(db, actor, options.storyId);
  assertCommentsOpen(story.commentsMode);
  // A block either way between the caller and the fic's author closes its comments to them.
  await assertNotBlocked({ db, actor, userIds: [story.authorId], message: blockMessages.cannotComment });
  const text = cleanCommentText(options.text, {
    required: commentMessages.textRequired,
    max: commentMessages.textMax,
  });
  const row = await db.transaction(async (tx) => {
    // One new comment or reply of a user at a time: the repeat check sees the previous one, and a
    // refused repeat costs nothing of the rate (docs/decisions/social.md).
    await lockWriter(tx, actor);
    await assertNotRepeated(tx, actor, text);
    await spendCommentRate(limiter, actor, 'posts');
    // KEY SHARE keeps the fic from being deleted until the comment is in, without blocking the
    // counter's update (the trigger's own lock) by other comments arriving at once.
    const [locked] = await tx
      .select({ id: stories.id, commentsMode: stories.commentsMode })
      .from(stories)
      .where(and(eq(stories.id, story.id), storyIsPublished))
      .for('key share');
    if (!locked) {
      throw storyNotFound();
    }
    // The mode as it is now (it may have changed since the fic was loaded).
    assertCommentsOpen(locked.commentsMode);
    const heldFor = await heldForOnWrite(tx, {
      actor,
      storyAuthorId: story.authorId,
      mode: locked.commentsMode,
      html: text,
    });
    const [inserted] = await tx
      .insert(comments)
      .values({
        storyId: story.id,
        authorId: actor.userId,
        text,
        ...(heldFor ? { hiddenReason: 'HELD' as const, heldFor } : {}),
      })
      .returning(commentColumns);
    // The writer's activity records it now; the fic's author is told once it shows (held: on approval).
    await emitEvent(tx, {
      type: 'comment.added',
      storyId: story.id,
      actor,
      payload: {
        commentId: inserted!.id,
        storyAuthorId: story.authorId,
        title: story.title,
        ...(heldFor ? { held: true } : {}),
      },
    });
    if (heldFor) {
      await emitEvent(tx, {
        type: 'comment.held',
        storyId: story.id,
        actor,
        payload: {
          target: 'COMMENT',
          commentId: inserted!.id,
          replyId: null,
          writerId: actor.userId,
          gradeId: story.gradeId,
          heldFor,
          title: story.title,
        },
      });
    }
    return inserted!;
  });
  const [comment] = await buildCommentViews(db, actor, await storyAuthorShown(db, actor, story), [row]);
  return comment!;
}

/** PATCH /comments/:id: new text, marked as edited. */
export async function updateComment(options: {
  db: Db;
  limiter: RateLimiter;
  actor: Actor;
  commentId: string;
  text: string;
}): Promise<Comment> {
  const { db, limiter, actor, commentId } = options;
  const target = await findCommentTarget(db, commentId);
  if (!target) {
    throw commentNotFound();
  }
  const writer = await writerAllowing(db, actor, target.authorId);
  const text = cleanCommentText(options.text, {
    required: commentMessages.editTextRequired,
    max: commentMessages.textMax,
  });
  await spendCommentRate(limiter, actor, 'edits');
  const row = await db.transaction(async (tx) => {
    // A student's words are held when an edit brings in a listed one (issue 21.6).
    const held = writer.role === 'STUDENT' && (await containsListedWord(tx, plainTextOf(text)));
    const [before] = await tx
      .select({ hiddenReason: comments.hiddenReason })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('no key update');
    const [updated] = await tx
      .update(comments)
      .set({ text, wasEdited: true, updatedAt: sql`now()`, ...heldOnEdit(held) })
      .where(eq(comments.id, commentId))
      .returning(commentColumns);
    if (!before || !updated) {
      throw commentNotFound();
    }
    await emitEvent(tx, {
      type: 'comment.updated',
      storyId: target.storyId,
      actor,
      payload: { commentId, commentAuthorId: target.authorId, title: target.storyTitle },
    });
    if (before.hiddenReason === null && updated.hiddenReason === 'HELD') {
      await emitEvent(tx, {
        type: 'comment.held',
        storyId: target.storyId,
        actor,
        payload: {
          target: 'COMMENT',
          commentId,
          replyId: null,
          writerId: writer.id,
          gradeId: target.story.gradeId,
          heldFor: 'WORDS',
          title: target.storyTitle,
        },
      });
    }
    return updated;
  });
  const storyAuthor = await storyAuthorShown(db, actor, target.story);
  const approver = mayApprove(actor, {
    teachesStoryGrade: await teachesGrade(db, actor, target.story.gradeId),
  });
  const [comment] = await buildCommentViews(db, actor, storyAuthor, [row], { approver });
  return comment!;
}

/** DELETE /comments/:id: the comment and, by cascade, its replies. */
export async function deleteComment(options: { db: Db; actor: Actor; commentId: string }): Promise<void> {
  const { db, actor, commentId } = options;
  const target = await findCommentTarget(db, commentId);
  if (!target) {
    throw commentNotFound();
  }
  await writerAllowing(db, actor, target.authorId);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    if (!deleted) {
      throw commentNotFound();
    }
    await emitEvent(tx, {
      type: 'comment.deleted',
      storyId: target.storyId,
      actor,
      payload: { commentId, commentAuthorId: target.authorId, title: target.storyTitle },
    });
  });
}
