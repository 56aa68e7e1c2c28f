import {
  commentMessages,
  heldFlag,
  publicStudentName,
  underReviewFlag,
  type Comment,
  type CommentAuthor,
  type Reply,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { commentReplies, comments } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { mediaUrl } from '../media';
import type { StoryAuthorShown } from '../stories';
import { commentPermissions, loadWriters, type Writer } from './comment-access';

/**
 * What the caller may do on the fic these rows are on, beyond each writer's rule: approve or reject
 * its held comments and replies (comment-access.ts mayApprove).
 */
export interface OnStory {
  approver: boolean;
}

/** The flag of a hidden row (only those who still see it get here) and, on a held one, whether the caller decides. */
function moderationOf(row: { hiddenReason: string | null }, onStory: OnStory) {
  if (row.hiddenReason === 'HELD') {
    return { flag: { moderation: heldFlag }, canApprove: onStory.approver ? { canApprove: true } : {} };
  }
  return { flag: row.hiddenReason !== null ? { moderation: underReviewFlag } : {}, canApprove: {} };
}

/** The columns a comment answer is built from. */
export const commentColumns = {
  id: comments.id,
  storyId: comments.storyId,
  authorId: comments.authorId,
  text: comments.text,
  wasEdited: comments.wasEdited,
  repliesCount: comments.repliesCount,
  hiddenReason: comments.hiddenReason,
  heldFor: comments.heldFor,
  createdAt: comments.createdAt,
};
export type CommentRow = {
  [
    K in Exclude<keyof typeof commentColumns, 'hiddenReason' | 'heldFor' | 'authorId'>
  ]: (typeof commentColumns)[K]['_']['data'];
} & { hiddenReason: string | null; heldFor: string | null; authorId: string | null };

export const replyColumns = {
  id: commentReplies.id,
  commentId: commentReplies.commentId,
  authorId: commentReplies.authorId,
  text: commentReplies.text,
  wasEdited: commentReplies.wasEdited,
  hiddenReason: commentReplies.hiddenReason,
  heldFor: commentReplies.heldFor,
  createdAt: commentReplies.createdAt,
};
export type ReplyRow = {
  [
    K in Exclude<keyof typeof replyColumns, 'hiddenReason' | 'heldFor' | 'authorId'>
  ]: (typeof replyColumns)[K]['_']['data'];
} & { hiddenReason: string | null; heldFor: string | null; authorId: string | null };

/**
 * The writer as the caller sees them. The fic's author behind anonymity or a pseudonym, to a caller
 * who may not know them (storyAuthorShown), is the fic's 'Autor/a' or pseudonym: no id, no photo.
 * Otherwise, to a visitor without a session a student is 'Sofía E.' without a photo
 * (architecture.md §6.8); to anyone logged in, name, photo and role.
 */
function authorOf(actor: Actor | null, writer: Writer | null, storyAuthor: StoryAuthorShown): CommentAuthor {
  if (!writer) {
    // Their account was erased (issue 22.4): 'Usuario eliminado', nothing that leads to them.
    return {
      _id: null,
      name: commentMessages.erasedWriter,
      profilePicture: null,
      role: { name: '', displayName: '' },
      isStoryAuthor: false,
    };
  }
  const role = { name: writer.role, displayName: writer.roleDisplayName };
  const isStoryAuthor = writer.id === storyAuthor.authorId;
  if (isStoryAuthor && storyAuthor.mask !== null) {
    return { _id: null, name: storyAuthor.mask, profilePicture: null, role, isStoryAuthor };
  }
  if (!actor && writer.role === 'STUDENT') {
    return {
      _id: writer.id,
      name: publicStudentName(writer.name),
      profilePicture: null,
      role,
      isStoryAuthor,
    };
  }
  return {
    _id: writer.id,
    name: writer.name,
    profilePicture: writer.profilePictureId ? { url: mediaUrl(writer.profilePictureId) } : null,
    role,
    isStoryAuthor,
  };
}

/**
 * A comment or reply of an erased writer whose text went with them (issue 22.4): the API says so
 * rather than leaving the web an empty body (a writer can never save an empty text).
 */
function textRemovedOf(row: { authorId: string | null; text: string }) {
  return row.authorId === null && row.text === '' ? { textRemoved: true } : {};
}

function writerOf(writers: Map<string, Writer>, authorId: string | null): Writer | null {
  if (authorId === null) {
    return null;
  }
  const writer = writers.get(authorId);
  if (!writer) {
    // Comments and replies go with their writer's account (ON DELETE CASCADE).
    throw new Error(`writer ${authorId} is missing`);
  }
  return writer;
}

/**
 * Comment answers for the caller, their writers read in one query; `storyAuthor` is how the fic's
 * author appears to the caller (storyAuthorShown).
 */
export async function buildCommentViews(
  db: DbOrTx,
  actor: Actor | null,
  storyAuthor: StoryAuthorShown,
  rows: readonly CommentRow[],
  onStory: OnStory = { approver: false },
): Promise<Comment[]> {
  const writers = await loadWriters(
    db,
    actor,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => {
    const writer = writerOf(writers, row.authorId);
    const { flag, canApprove } = moderationOf(row, onStory);
    return {
      _id: row.id,
      storyId: row.storyId,
      userId: authorOf(actor, writer, storyAuthor),
      text: row.text,
      wasEdited: row.wasEdited,
      createdAt: row.createdAt.toISOString(),
      replies: row.repliesCount,
      permissions: { ...commentPermissions(actor, writer), ...canApprove },
      // Hidden rows reach only those who still see them (visibleTo): they read why.
      ...flag,
      ...textRemovedOf(row),
    };
  });
}

/** Reply answers for the caller, their writers read in one query (`storyAuthor`: as for comments). */
export async function buildReplyViews(
  db: DbOrTx,
  actor: Actor | null,
  storyAuthor: StoryAuthorShown,
  rows: readonly ReplyRow[],
  onStory: OnStory = { approver: false },
): Promise<Reply[]> {
  const writers = await loadWriters(
    db,
    actor,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => {
    const writer = writerOf(writers, row.authorId);
    const { flag, canApprove } = moderationOf(row, onStory);
    return {
      _id: row.id,
      commentId: row.commentId,
      userId: authorOf(actor, writer, storyAuthor),
      text: row.text,
      wasEdited: row.wasEdited,
      createdAt: row.createdAt.toISOString(),
      permissions: { ...commentPermissions(actor, writer), ...canApprove },
      ...flag,
      ...textRemovedOf(row),
    };
  });
}
