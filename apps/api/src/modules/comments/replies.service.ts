import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  blockMessages,
  commentMessages,
  commentModerationMessages,
  type Paged,
  type RepliesQuery,
  type Reply,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { commentReplies, comments, evaluations, stories } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import { isPublished, loadStoryFor, storyAuthorShown } from '../stories';
import { emitEvent } from '../events';
import { assertNotBlocked, isBlockedWith, notBlockedWith } from '../blocks';
import { containsListedWord } from '../moderation-words';
import {
  assertNotRepeated,
  hiddenSeenBy,
  loadWriters,
  lockWriter,
  mayApprove,
  seesHidden,
  spendCommentRate,
  teachesGrade,
  visibleTo,
  writerShownTo,
  type HiddenReason,
} from './comment-access';
import { buildReplyViews, replyColumns } from './comment-view';
import { blockedRepliesOf } from './comment-blocks';
import {
  assertCommentsOpen,
  cleanCommentText,
  commentNotFound,
  commentStoryColumns,
  findCommentTarget,
  heldForOnWrite,
  heldOnEdit,
  plainTextOf,
  writerAllowing,
} from './comments.service';

/**
 * Replies to comments (spec 001 §2, §7), oldest first as a conversation reads, with the same
 * permissions, cleaning and rate limit as comments (the counter of new comments counts replies too).
 */

const replyNotFound = () => notFound(commentMessages.replyNotFound);

/**
 * Whether the caller still sees a hidden comment or reply (comment-access.ts seesHidden: its writer;
 * reported, the teachers of a student writer's grades; held, the teachers of the fic's grade;
 * administrators).
 */
export async function seesHiddenItem(
  db: DbOrTx,
  actor: Actor | null,
  item: { authorId: string | null; hiddenReason: HiddenReason; storyGradeId: string },
): Promise<boolean> {
  // An erased writer's hidden item (issue 22.4): administrators only.
  if (item.authorId === null) {
    return actor?.role === 'ADMIN';
  }
  const writer = (await loadWriters(db, actor, [item.authorId])).get(item.authorId);
  if (!writer) {
    return false;
  }
  const teachesStoryGrade =
    item.hiddenReason === 'HELD' && (await teachesGrade(db, actor, item.storyGradeId));
  return seesHidden(actor, writer, { hiddenReason: item.hiddenReason, teachesStoryGrade });
}

/**
 * A comment the caller sees on a published fic they see, or 404: the fic's gate (hidden for review
 * included), then the comment's own (hidden: only those who still see it).
 */
export async function commentSeenBy(db: DbOrTx, actor: Actor | null, commentId: string) {
  const target = await findCommentTarget(db, commentId);
  if (!target || !isPublished(target.storyStatus)) {
    throw commentNotFound();
  }
  await loadStoryFor({
    db,
    actor,
    storyId: target.storyId,
    action: 'view',
    notFoundMessage: commentMessages.notFound,
  });
  // A consent-less student's comment is not there outside their school (issue 22.5), nor its thread.
  if (!(await writerShownTo(db, actor, target.authorId))) {
    throw commentNotFound();
  }
  if (
    target.hiddenReason !== null &&
    !(await seesHiddenItem(db, actor, {
      authorId: target.authorId,
      hiddenReason: target.hiddenReason,
      storyGradeId: target.story.gradeId,
    }))
  ) {
    throw commentNotFound();
  }
  return target;
}

/**
 * A reply of that comment with its fic's id, title and author (commentStoryColumns), or 404 (also
 * when it answers another comment).
 */
async function findReplyTarget(db: DbOrTx, commentId: string, replyId: string) {
  const [row] = await db
    .select({ ...replyColumns, storyId: comments.storyId, ...commentStoryColumns })
    .from(commentReplies)
    .innerJoin(comments, eq(comments.id, commentReplies.commentId))
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .leftJoin(evaluations, eq(evaluations.storyId, stories.id))
    .where(and(eq(commentReplies.id, replyId), eq(commentReplies.commentId, commentId)))
    .limit(1);
  if (!row) {
    throw replyNotFound();
  }
  return row;
}

/** GET /comments/:id/replies: a comment's replies, oldest first, 5 a page (public). */
export async function listReplies(options: {
  db: DbOrTx;
  actor: Actor | null;
  commentId: string;
  query: RepliesQuery;
}): Promise<Paged<Reply>> {
  const { db, actor, query } = options;
  const comment = await commentSeenBy(db, actor, options.commentId);
  // A comment of someone blocked either way is not there for the caller, nor its thread.
  if (actor && (await isBlockedWith({ db, actor, userIds: [comment.authorId] }))) {
    throw commentNotFound();
  }
  const storyAuthor = await storyAuthorShown(db, actor, comment.story);
  const approver = mayApprove(actor, {
    teachesStoryGrade: await teachesGrade(db, actor, comment.story.gradeId),
  });
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      // comment_replies_comment_created_idx (comment_id, created_at, id), in its order.
      const rows = await db
        .select(replyColumns)
        .from(commentReplies)
        .where(
          and(
            eq(commentReplies.commentId, comment.id),
            visibleTo(actor, commentReplies),
            notBlockedWith(actor, commentReplies.authorId),
          ),
        )
        .orderBy(asc(commentReplies.createdAt), asc(commentReplies.id))
        .limit(limit)
        .offset(offset);
      return buildReplyViews(db, actor, storyAuthor, rows, { approver });
    },
    // The visible replies (comments.replies_count) and the hidden ones the caller still sees.
    count: async () => {
      if (!actor) {
        // A visitor sees no consent-less student's reply (issue 22.5; comment-blocks.ts).
        return comment.repliesCount - (await blockedRepliesOf(db, actor, comment.id));
      }
      const [hidden] = await db
        .select({ n: count() })
        .from(commentReplies)
        .where(
          and(
            eq(commentReplies.commentId, comment.id),
            isNotNull(commentReplies.hiddenReason),
            hiddenSeenBy(actor, {
              writerId: commentReplies.authorId,
              hiddenReason: commentReplies.hiddenReason,
              storyId: sql`${comment.storyId}::uuid`,
            }),
          ),
        );
      // Less those of people blocked either way, out of the list (comment-blocks.ts).
      return comment.repliesCount + (hidden?.n ?? 0) - (await blockedRepliesOf(db, actor, comment.id));
    },
  });
}

/** POST /comments/:id/replies: a new reply, recorded in the writer's activity. */
export async function createReply(options: {
  db: Db;
  limiter: RateLimiter;
  actor: Actor;
  commentId: string;
  text: string;
}): Promise<Reply> {
  const { db, limiter, actor } = options;
  const comment = await commentSeenBy(db, actor, options.commentId);
  assertCommentsOpen(comment.storyCommentsMode);
  // A comment waiting for approval is not there for others yet: nobody answers it.
  if (comment.hiddenReason === 'HELD') {
    throw conflict(commentModerationMessages.heldNoReplies);
  }
  // A block either way with the comment's writer or the fic's author closes the thread to the caller.
  await assertNotBlocked({
    db,
    actor,
    userIds: [comment.authorId, comment.story.authorId],
    message: blockMessages.cannotReply,
  });
  const text = cleanCommentText(options.text, {
    required: commentMessages.replyRequired,
    max: commentMessages.replyMax,
  });
  const row = await db.transaction(async (tx) => {
    // One new comment or reply of a user at a time: the repeat check sees the previous one, and a
    // refused repeat costs nothing of the rate (docs/decisions/social.md).
    await lockWriter(tx, actor);
    await assertNotRepeated(tx, actor, text);
    await spendCommentRate(limiter, actor, 'posts');
    // KEY SHARE keeps the comment from being deleted until the reply is in, without blocking the
    // replies counter's update by other replies arriving at once.
    const [locked] = await tx
      .select({
        id: comments.id,
        hiddenReason: comments.hiddenReason,
        commentsMode: sql<
          'OPEN' | 'MODERATED' | 'CLOSED'
        >`(select ${stories.commentsMode} from ${stories} where ${stories.id} = ${comments.storyId})`,
      })
      .from(comments)
      .where(eq(comments.id, comment.id))
      .for('key share', { of: comments });
    if (!locked) {
      throw commentNotFound();
    }
    // As they are now: the fic's mode and the comment's state may have changed since they were read.
    assertCommentsOpen(locked.commentsMode);
    if (locked.hiddenReason === 'HELD') {
      throw conflict(commentModerationMessages.heldNoReplies);
    }
    const heldFor = await heldForOnWrite(tx, {
      actor,
      storyAuthorId: comment.story.authorId,
      mode: locked.commentsMode,
      html: text,
    });
    const [inserted] = await tx
      .insert(commentReplies)
      .values({
        commentId: comment.id,
        authorId: actor.userId,
        text,
        ...(heldFor ? { hiddenReason: 'HELD' as const, heldFor } : {}),
      })
      .returning(replyColumns);
    await emitEvent(tx, {
      type: 'reply.added',
      storyId: comment.storyId,
      actor,
      payload: {
        replyId: inserted!.id,
        commentId: comment.id,
        commentAuthorId: comment.authorId,
        title: comment.storyTitle,
        ...(heldFor ? { held: true } : {}),
      },
    });
    if (heldFor) {
      await emitEvent(tx, {
        type: 'comment.held',
        storyId: comment.storyId,
        actor,
        payload: {
          target: 'REPLY',
          commentId: comment.id,
          replyId: inserted!.id,
          writerId: actor.userId,
          gradeId: comment.story.gradeId,
          heldFor,
          title: comment.storyTitle,
        },
      });
    }
    return inserted!;
  });
  const storyAuthor = await storyAuthorShown(db, actor, comment.story);
  const [reply] = await buildReplyViews(db, actor, storyAuthor, [row]);
  return reply!;
}

/** PATCH /comments/:commentId/replies/:replyId: new text, marked as edited. */
export async function updateReply(options: {
  db: Db;
  limiter: RateLimiter;
  actor: Actor;
  commentId: string;
  replyId: string;
  text: string;
}): Promise<Reply> {
  const { db, limiter, actor, commentId, replyId } = options;
  const target = await findReplyTarget(db, commentId, replyId);
  const writer = await writerAllowing(db, actor, target.authorId);
  const text = cleanCommentText(options.text, {
    required: commentMessages.replyRequired,
    max: commentMessages.replyMax,
  });
  await spendCommentRate(limiter, actor, 'edits');
  const row = await db.transaction(async (tx) => {
    // A student's words are held when an edit brings in a listed one (issue 21.6).
    const held = writer.role === 'STUDENT' && (await containsListedWord(tx, plainTextOf(text)));
    const mine = and(eq(commentReplies.id, replyId), eq(commentReplies.commentId, commentId));
    const [before] = await tx
      .select({ hiddenReason: commentReplies.hiddenReason })
      .from(commentReplies)
      .where(mine)
      .for('no key update');
    const [updated] = await tx
      .update(commentReplies)
      .set({ text, wasEdited: true, updatedAt: sql`now()`, ...heldOnEdit(held) })
      .where(mine)
      .returning(replyColumns);
    if (!before || !updated) {
      throw replyNotFound();
    }
    await emitEvent(tx, {
      type: 'reply.updated',
      storyId: target.storyId,
      actor,
      payload: { replyId, commentId, replyAuthorId: target.authorId, title: target.storyTitle },
    });
    if (before.hiddenReason === null && updated.hiddenReason === 'HELD') {
      await emitEvent(tx, {
        type: 'comment.held',
        storyId: target.storyId,
        actor,
        payload: {
          target: 'REPLY',
          commentId,
          replyId,
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
  const [reply] = await buildReplyViews(db, actor, storyAuthor, [row], { approver });
  return reply!;
}

/** DELETE /comments/:commentId/replies/:replyId. */
export async function deleteReply(options: {
  db: Db;
  actor: Actor;
  commentId: string;
  replyId: string;
}): Promise<void> {
  const { db, actor, commentId, replyId } = options;
  const target = await findReplyTarget(db, commentId, replyId);
  await writerAllowing(db, actor, target.authorId);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(commentReplies)
      .where(and(eq(commentReplies.id, replyId), eq(commentReplies.commentId, commentId)))
      .returning({ id: commentReplies.id });
    if (!deleted) {
      throw replyNotFound();
    }
    await emitEvent(tx, {
      type: 'reply.deleted',
      storyId: target.storyId,
      actor,
      payload: { replyId, commentId, replyAuthorId: target.authorId, title: target.storyTitle },
    });
  });
}
