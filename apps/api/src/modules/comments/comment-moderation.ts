import { and, eq, isNull } from 'drizzle-orm';
import { commentMessages } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { commentReplies, comments, stories } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { cleanCommentHtml } from '../../lib/rich-text';
import type { Actor } from '../../plugins/auth';
import { emitEvent, type EventActor } from '../events';
import { commentSeenBy, seesHiddenItem } from './replies.service';

/**
 * What moderation (issue 21.1-3) asks of comments and replies, with this module's own rules: who may
 * report one (whoever sees it: the fic's gate, then the comment's), hiding one for review, showing it
 * again, removing it. Counters follow the hidden state through the triggers of migration 0020.
 */

/** A comment or reply as a report names it: its writer, fic and words (plain text). */
export interface ReportableItem {
  id: string;
  storyId: string;
  storyTitle: string;
  /** Null: an erased writer or an orphaned fic (issue 22.4). */
  authorId: string | null;
  /** Its words as plain text (the queue shows them; kept on the case in case it is deleted). */
  text: string;
  /** A reply's comment, as plain text; null for a comment. */
  parentText: string | null;
}

const plain = (html: string) => cleanCommentHtml(html).plainText;

/** A comment the caller sees (404 otherwise, as the comments' own answers), to report it. */
export async function findReportableComment(
  db: DbOrTx,
  actor: Actor,
  commentId: string,
): Promise<ReportableItem> {
  const comment = await commentSeenBy(db, actor, commentId);
  return {
    id: comment.id,
    storyId: comment.storyId,
    storyTitle: comment.storyTitle,
    authorId: comment.authorId,
    text: plain(comment.text),
    parentText: null,
  };
}

/** A reply the caller sees, on a comment they see (404 otherwise), to report it. */
export async function findReportableReply(
  db: DbOrTx,
  actor: Actor,
  replyId: string,
): Promise<ReportableItem> {
  const [reply] = await db
    .select({
      id: commentReplies.id,
      commentId: commentReplies.commentId,
      authorId: commentReplies.authorId,
      text: commentReplies.text,
      hiddenReason: commentReplies.hiddenReason,
    })
    .from(commentReplies)
    .where(eq(commentReplies.id, replyId))
    .limit(1);
  if (!reply) {
    throw notFound(commentMessages.replyNotFound);
  }
  const comment = await commentSeenBy(db, actor, reply.commentId);
  if (
    reply.hiddenReason !== null &&
    !(await seesHiddenItem(db, actor, {
      authorId: reply.authorId,
      hiddenReason: reply.hiddenReason,
      storyGradeId: comment.story.gradeId,
    }))
  ) {
    throw notFound(commentMessages.replyNotFound);
  }
  return {
    id: reply.id,
    storyId: comment.storyId,
    storyTitle: comment.storyTitle,
    authorId: reply.authorId,
    text: plain(reply.text),
    parentText: plain(comment.text),
  };
}

/**
 * Hides a comment or reply for review: a conditional write (only if visible), so the counters
 * (triggers) move once. True when this call hid it.
 */
export async function hideCommentForReview(
  tx: DbOrTx,
  options: { target: 'COMMENT' | 'REPLY'; id: string },
): Promise<boolean> {
  if (options.target === 'COMMENT') {
    const rows = await tx
      .update(comments)
      .set({ hiddenReason: 'REPORTED' })
      .where(and(eq(comments.id, options.id), isNull(comments.hiddenReason)))
      .returning({ id: comments.id });
    return rows.length > 0;
  }
  const rows = await tx
    .update(commentReplies)
    .set({ hiddenReason: 'REPORTED' })
    .where(and(eq(commentReplies.id, options.id), isNull(commentReplies.hiddenReason)))
    .returning({ id: commentReplies.id });
  return rows.length > 0;
}

/**
 * Shows a comment or reply hidden for review again ('Mantener'). True when this call showed it. Only
 * a reported one: one held for approval stays held until a teacher approves it (comment-approval.ts).
 */
export async function showCommentAfterReview(
  tx: DbOrTx,
  options: { target: 'COMMENT' | 'REPLY'; id: string },
): Promise<boolean> {
  if (options.target === 'COMMENT') {
    const rows = await tx
      .update(comments)
      .set({ hiddenReason: null })
      .where(and(eq(comments.id, options.id), eq(comments.hiddenReason, 'REPORTED')))
      .returning({ id: comments.id });
    return rows.length > 0;
  }
  const rows = await tx
    .update(commentReplies)
    .set({ hiddenReason: null })
    .where(and(eq(commentReplies.id, options.id), eq(commentReplies.hiddenReason, 'REPORTED')))
    .returning({ id: commentReplies.id });
  return rows.length > 0;
}

/**
 * Deletes a comment (its replies by cascade) or a reply by a moderation decision ('Eliminar'),
 * announcing `comment.deleted` / `reply.deleted` as any deletion does. False when it was already gone.
 */
export async function removeCommentByModeration(
  tx: DbOrTx,
  options: { target: 'COMMENT' | 'REPLY'; id: string; actor: EventActor },
): Promise<boolean> {
  if (options.target === 'COMMENT') {
    const [deleted] = await tx
      .delete(comments)
      .where(eq(comments.id, options.id))
      .returning({ id: comments.id, storyId: comments.storyId, authorId: comments.authorId });
    if (!deleted) {
      return false;
    }
    const [story] = await tx
      .select({ title: stories.title })
      .from(stories)
      .where(eq(stories.id, deleted.storyId));
    await emitEvent(tx, {
      type: 'comment.deleted',
      storyId: deleted.storyId,
      actor: options.actor,
      payload: { commentId: deleted.id, commentAuthorId: deleted.authorId, title: story?.title ?? '' },
    });
    return true;
  }
  const [deleted] = await tx.delete(commentReplies).where(eq(commentReplies.id, options.id)).returning({
    id: commentReplies.id,
    commentId: commentReplies.commentId,
    authorId: commentReplies.authorId,
  });
  if (!deleted) {
    return false;
  }
  const [parent] = await tx
    .select({ storyId: comments.storyId, title: stories.title })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.storyId))
    .where(eq(comments.id, deleted.commentId));
  await emitEvent(tx, {
    type: 'reply.deleted',
    storyId: parent?.storyId ?? null,
    actor: options.actor,
    payload: {
      replyId: deleted.id,
      commentId: deleted.commentId,
      replyAuthorId: deleted.authorId,
      title: parent?.title ?? '',
    },
  });
  return true;
}
