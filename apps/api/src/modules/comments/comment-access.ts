import { and, inArray, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { commentLimits, commentMessages, type CommentPermissions, type RoleName } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { roles, userGrades, users } from '../../db/schema';
import { conflict, rateLimited } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import { userShownTo } from '../consent-visibility';

/**
 * Who may change a comment or reply (spec 001 §6), decided in one place for both the server's check
 * and the `permissions` flags of every answer, so a button is shown exactly when the request would
 * be accepted. Rate limits of writing are here too (docs/decisions/social.md).
 */

/** The writer of a comment or reply, as the decision and the author display need them. */
export interface Writer {
  id: string;
  name: string;
  profilePictureId: string | null;
  role: RoleName;
  roleDisplayName: string;
  /**
   * The caller is a teacher and the writer is enrolled in one of the caller's grades (their
   * `user_grades` intersect). Always false for a caller who is not a teacher.
   */
  inCallersGrades: boolean;
}

/**
 * Whether the caller may edit and delete what `writer` wrote: the writer themselves; an
 * administrator, anything; a teacher, what students of their own grades wrote (never another
 * teacher's or an administrator's, whatever grades they share); nobody else, visitors included.
 */
export function commentPermissions(
  actor: Actor | null,
  writer: Pick<Writer, 'id' | 'role' | 'inCallersGrades'> | null,
): CommentPermissions {
  // An erased writer's comment (issue 22.4) is no one's to edit or delete: moderation removes it.
  if (!writer) {
    return { canEdit: false, canDelete: false };
  }
  const may =
    actor !== null &&
    (actor.userId === writer.id ||
      actor.role === 'ADMIN' ||
      (actor.role === 'TEACHER' && writer.role === 'STUDENT' && writer.inCallersGrades));
  return { canEdit: may, canDelete: may };
}

/**
 * The writers of a page (or of one comment), in one query: name, photo, role, and for a teacher
 * caller whether each shares a grade with them (an EXISTS on the memberships' primary key and grade
 * index, per writer).
 */
export async function loadWriters(
  db: DbOrTx,
  actor: Actor | null,
  writerIds: readonly (string | null)[],
): Promise<Map<string, Writer>> {
  // A null writer was erased (issue 22.4): nothing to read.
  const ids = [...new Set(writerIds)].filter((id): id is string => id !== null);
  if (ids.length === 0) {
    return new Map();
  }
  const inCallersGrades =
    actor?.role === 'TEACHER'
      ? sql<boolean>`exists (
          select 1 from user_grades writer_grade
          join user_grades caller_grade on caller_grade.grade_id = writer_grade.grade_id
          where writer_grade.user_id = ${users.id} and caller_grade.user_id = ${actor.userId}
        )`.mapWith(Boolean)
      : sql<boolean>`false`.mapWith(Boolean);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      profilePictureId: users.profilePictureId,
      role: roles.name,
      roleDisplayName: roles.displayName,
      inCallersGrades,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Why a comment or reply is hidden: reported (issue 21.2) or held for approval (issue 21.5-6). */
export type HiddenReason = 'REPORTED' | 'HELD';

/**
 * Who still sees a hidden comment or reply (docs/decisions/moderation.md); everyone else sees it
 * nowhere, counts included:
 * - 'REPORTED' (hidden for review): exactly those who may change it (commentPermissions): its
 *   writer, the teachers of a student writer's grades, administrators;
 * - 'HELD' (waiting for approval): those who decide on it and its writer: the writer, the teachers of
 *   the fic's grade (`teachesStoryGrade`), administrators. Never the fic's author (unless they wrote
 *   it), classmates or visitors.
 */
export function seesHidden(
  actor: Actor | null,
  writer: Pick<Writer, 'id' | 'role' | 'inCallersGrades'>,
  item: { hiddenReason: HiddenReason; teachesStoryGrade: boolean } = {
    hiddenReason: 'REPORTED',
    teachesStoryGrade: false,
  },
): boolean {
  if (item.hiddenReason === 'HELD') {
    return actor !== null && (actor.userId === writer.id || mayApprove(actor, item));
  }
  return commentPermissions(actor, writer).canEdit;
}

/**
 * Who approves or rejects a held comment or reply (issue 21.5-6): a teacher of the fic's grade (the
 * author's teachers), an administrator. Nobody else, the fic's author included.
 */
export function mayApprove(actor: Actor | null, item: { teachesStoryGrade: boolean }): boolean {
  return actor !== null && (actor.role === 'ADMIN' || (actor.role === 'TEACHER' && item.teachesStoryGrade));
}

/** Whether the caller teaches the grade of a fic (the membership's primary key); false for anyone but a teacher. */
export async function teachesGrade(db: DbOrTx, actor: Actor | null, gradeId: string): Promise<boolean> {
  if (actor?.role !== 'TEACHER') {
    return false;
  }
  const [row] = await db
    .select({ gradeId: userGrades.gradeId })
    .from(userGrades)
    .where(and(eq(userGrades.userId, actor.userId), eq(userGrades.gradeId, gradeId)))
    .limit(1);
  return row !== undefined;
}

/** mayApprove in SQL over a fic's id: every fic for an administrator, those of their grades for a teacher. */
export function approvesOn(actor: Actor | null, storyId: AnyPgColumn | SQL): SQL {
  if (actor?.role === 'ADMIN') {
    return sql`true`;
  }
  if (actor?.role !== 'TEACHER') {
    return sql`false`;
  }
  return sql`exists (
    select 1 from stories held_story
    join user_grades held_teacher on held_teacher.grade_id = held_story.grade_id
    where held_story.id = ${storyId} and held_teacher.user_id = ${actor.userId}
  )`;
}

/** A comment or reply as hiddenSeenBy reads it: its writer, why it is hidden, its fic. */
export interface HiddenItemColumns {
  writerId: AnyPgColumn | SQL;
  hiddenReason: AnyPgColumn | SQL;
  storyId: AnyPgColumn | SQL;
}

/**
 * seesHidden in SQL over a hidden comment's or reply's row: the writer; for a teacher, a reported
 * row of a student writer sharing one of the caller's grades (memberships' primary key and grade
 * index) or a held row on a fic of the caller's grades; every row for an administrator; none for a
 * visitor.
 */
export function hiddenSeenBy(actor: Actor | null, item: HiddenItemColumns): SQL {
  if (!actor) {
    return sql`false`;
  }
  if (actor.role === 'ADMIN') {
    return sql`true`;
  }
  if (actor.role !== 'TEACHER') {
    return sql`${item.writerId} = ${actor.userId}`;
  }
  // A consent-less student's held or reported words stay within their school too (issue 22.5): a
  // teacher of another school's fic does not see them (administrators decide on them).
  return sql`${userShownTo(actor, item.writerId)} and (${item.writerId} = ${actor.userId}
    or (${item.hiddenReason} = 'REPORTED' and exists (
      select 1 from users hidden_writer
      join roles hidden_writer_role on hidden_writer_role.id = hidden_writer.role_id
      join user_grades writer_grade on writer_grade.user_id = hidden_writer.id
      join user_grades caller_grade on caller_grade.grade_id = writer_grade.grade_id
      where hidden_writer.id = ${item.writerId} and hidden_writer_role.name = 'STUDENT'
        and caller_grade.user_id = ${actor.userId}
    ))
    or (${item.hiddenReason} = 'HELD' and ${approvesOn(actor, item.storyId)}))`;
}

/** A comments or replies table, as visibleTo reads it (a reply's fic through its comment). */
type CommentsTable =
  | { hiddenReason: AnyPgColumn; authorId: AnyPgColumn; storyId: AnyPgColumn }
  | { hiddenReason: AnyPgColumn; authorId: AnyPgColumn; commentId: AnyPgColumn };

/**
 * The rows of a comments or replies table the caller sees: visible ones whose writer may be shown to
 * them, and hidden ones they still see. A student who lacks a needed guardian's consent (issue 22.5,
 * docs/decisions/privacy.md 'Consentimiento') is shown only within their school: to a visitor or a
 * member of another school their comments and replies are not there at all (no 'Estudiante' stand-in:
 * the words are their work as much as the name), counts following (comment-blocks.ts).
 */
export function visibleTo(actor: Actor | null, table: CommentsTable): SQL {
  const storyId =
    'storyId' in table
      ? table.storyId
      : sql`(select seen_comment.story_id from comments seen_comment where seen_comment.id = ${table.commentId})`;
  return or(
    and(isNull(table.hiddenReason), userShownTo(actor, table.authorId)),
    hiddenSeenBy(actor, { writerId: table.authorId, hiddenReason: table.hiddenReason, storyId }),
  )!;
}

/**
 * Whether one writer may be shown to the caller (userShownTo, asked of the database): a comment
 * opened by its id (its replies, answering it) is unknown to whom its writer is withheld from.
 */
export async function writerShownTo(
  db: DbOrTx,
  actor: Actor | null,
  writerId: string | null,
): Promise<boolean> {
  if (writerId === null) {
    return true;
  }
  const result = await db.execute(sql`select ${userShownTo(actor, sql`${writerId}::uuid`)} as shown`);
  // Plain rows (execute), which both drivers answer as { rows }.
  return (result as { rows: { shown: boolean }[] }).rows[0]?.shown === true;
}

/**
 * Counters of a user's writing: new comments and replies together, a minute and a day; edits, a
 * minute. Each window is fixed from the user's first write in it (lib/rate-limiter.ts).
 */
export const COMMENT_RATE_LIMITS = {
  posts: [
    {
      name: 'posts',
      limit: commentLimits.postsPerMinute,
      windowMs: 60_000,
      message: commentMessages.rateLimited,
    },
    {
      name: 'posts-day',
      limit: commentLimits.postsPerDay,
      windowMs: 24 * 60 * 60_000,
      message: commentMessages.dailyRateLimited,
    },
  ],
  edits: [
    {
      name: 'edits',
      limit: commentLimits.editsPerMinute,
      windowMs: 60_000,
      message: commentMessages.editRateLimited,
    },
  ],
} as const;
export type CommentRateKind = keyof typeof COMMENT_RATE_LIMITS;
type CommentCounter = (typeof COMMENT_RATE_LIMITS)[CommentRateKind][number]['name'];

/** The limiter's key of a user's counter (per account, not per address: a class shares one). */
export const commentRateKey = (counter: CommentCounter, userId: string) => `comments:${counter}:${userId}`;

/** Every counter's key of a user (tests forget them). */
export const commentRateKeys = (userId: string): string[] =>
  Object.values(COMMENT_RATE_LIMITS).flatMap((windows) => windows.map((w) => commentRateKey(w.name, userId)));

/**
 * Counts one write of `kind` by the caller, or refuses it with 429 once over a window's limit. The
 * day is counted only for writes the minute let through, so a burst refused within one minute does
 * not also spend the day.
 */
export async function spendCommentRate(
  limiter: RateLimiter,
  actor: Actor,
  kind: CommentRateKind,
): Promise<void> {
  for (const { name, limit, windowMs, message } of COMMENT_RATE_LIMITS[kind]) {
    const result = await limiter.hit(commentRateKey(name, actor.userId), limit, windowMs);
    if (!result.allowed) {
      throw rateLimited(result.retryAfterMs / 1000, message);
    }
  }
}

/** Whitespace of any kind, NBSPs and the zero-width characters the cleaner's text drops. */
const ANY_SPACE = '[\\s\u00a0\u200b\u2060\ufeff]+';

/**
 * A text as compared for "the same text twice in a row", in SQL: the cleaned HTML without its tags
 * and the entities the cleaner writes, lower-cased, with no whitespace at all. Both sides go through
 * it, so the stored and the new text are read alike.
 */
const sameTextKey = (html: SQL): SQL =>
  sql`lower(regexp_replace(replace(replace(replace(replace(
    regexp_replace(${html}, '<[^>]*>', '', 'g'),
    '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&'),
    ${ANY_SPACE}, '', 'g'))`;

/**
 * Refuses (409) a new comment or reply whose text is the caller's latest comment or reply again,
 * wherever that was (hidden ones included). Run in the write's transaction after lockWriter, so two
 * identical posts sent at once are decided one after the other: the second sees the first. Each
 * side is the newest row of comments_author_created_idx / comment_replies_author_created_idx.
 */
export async function assertNotRepeated(tx: DbOrTx, actor: Actor, html: string): Promise<void> {
  const result = await tx.execute(sql`
    select exists (
      select 1 from (
        (select text, created_at from comments where author_id = ${actor.userId}
          order by created_at desc limit 1)
        union all
        (select text, created_at from comment_replies where author_id = ${actor.userId}
          order by created_at desc limit 1)
        order by created_at desc limit 1
      ) latest
      where ${sameTextKey(sql`latest.text`)} = ${sameTextKey(sql`${html}::text`)}
    ) as repeated`);
  // Plain rows (execute), which both drivers answer as { rows }.
  const [row] = (result as { rows: { repeated: boolean }[] }).rows;
  if (row?.repeated) {
    throw conflict(commentMessages.repeated);
  }
}

/**
 * Serialises a user's new comments and replies (their `users` row, NO KEY UPDATE, as the comment
 * bank does): the repeat check of one sees the other's row.
 */
export async function lockWriter(tx: DbOrTx, actor: Actor): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('no key update');
}
