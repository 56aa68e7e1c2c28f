import { and, asc, count, desc, eq, exists, isNull, ne, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  publicStudentName,
  trackingMessages,
  type CreateTrackingBody,
  type Paged,
  type ReportReason,
  type TrackingQuery,
  type TrackingRecord,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { commentReplies, comments, stories, trackingEvents, users } from '../../db/schema';
import { forbidden, notFound, rateLimited } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import { teacherGradeIds } from '../colleges';
import { userShownTo } from '../consent-visibility';
import { loadStoryFor, realAuthorKnownTo } from '../stories';
import { findUserRecord, isStudentOf } from '../users';
import { LOGOUT_REPEAT_WINDOW_MS, READ_REPEAT_WINDOW_MS, recordActivityOnce } from './record-once';

/** POST /tracking calls a user may make (any role), per minute: a reader opening fics one by one. */
export const TRACKING_RATE_LIMIT = { limit: 60, windowMs: 60 * 1000 } as const;

/**
 * POST /tracking: the two events the server cannot see (architecture.md §6.6). Reading a fic needs
 * a fic the caller may see (404 otherwise, as GET /stories/:id). Answers whether a line was written:
 * never for teachers and administrators, and not again for a fic the student read in the last 30
 * minutes or a logout already recorded in the last minute.
 */
export async function recordClientEvent(options: {
  db: Db;
  limiter: RateLimiter;
  actor: Actor;
  body: CreateTrackingBody;
}): Promise<boolean> {
  const { db, actor, body } = options;
  const hit = await options.limiter.hit(
    `tracking:user:${actor.userId}`,
    TRACKING_RATE_LIMIT.limit,
    TRACKING_RATE_LIMIT.windowMs,
  );
  if (!hit.allowed) {
    throw rateLimited(hit.retryAfterMs / 1000);
  }
  if (body.action === 'LOGOUT') {
    return recordActivityOnce(db, actor, { resource: 'AUTH', action: 'LOGOUT' }, LOGOUT_REPEAT_WINDOW_MS);
  }
  const { row: story } = await loadStoryFor({ db, actor, storyId: body.storyId, action: 'view' });
  return recordActivityOnce(
    db,
    actor,
    { resource: 'STORIES', action: 'READ', storyId: story.id, storyTitle: story.title },
    READ_REPEAT_WINDOW_MS,
  );
}

/**
 * Who may read a user's activity (spec 001 §2, §6): administrators anyone's, teachers their own
 * students' (a student holding one of the teacher's grades). Students, the user themself included,
 * get 403 before anything is looked up; a teacher asking about anyone else 403; an unknown user 404.
 */
async function assertCanReadActivity(db: DbOrTx, actor: Actor, userId: string): Promise<void> {
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
  const target = await findUserRecord(db, userId);
  if (!target) {
    throw notFound();
  }
  if (actor.role === 'TEACHER' && !isStudentOf(target, await teacherGradeIds(db, actor.userId))) {
    throw forbidden();
  }
}

/**
 * A comment or reply named by an event (spec 001 §3): its text and date while it exists, and whether
 * it is gone. `joined` is the left-joined row, which drizzle answers as null when the join found
 * none: the database says whether it still exists.
 */
function mentioned(
  id: string | null,
  joined: { text: string; createdAt: Date } | null,
): TrackingRecord['commentId'] {
  if (!id) {
    return null;
  }
  return {
    _id: id,
    text: joined?.text ?? null,
    createdAt: joined?.createdAt.toISOString() ?? null,
    deleted: joined === null,
  };
}

/**
 * GET /tracking/:userId: the user's activity, newest first, one page read on
 * `tracking_events_user_created_idx`. The comment and reply each line names are left-joined on
 * their primary keys (the events keep their ids without a foreign key): a line whose comment or
 * reply was deleted since says so, and the join runs for the page's rows only.
 */
export async function listTracking(options: {
  db: DbOrTx;
  actor: Actor;
  userId: string;
  query: TrackingQuery;
}): Promise<Paged<TrackingRecord>> {
  const { db, actor, userId, query } = options;
  await assertCanReadActivity(db, actor, userId);
  // A line of the user about a fic they wrote that hides its author from the caller is left out:
  // its fic, title, date or writing time would tell who wrote it (docs/decisions/tracking.md).
  const authorHiddenFromCaller = exists(
    db
      .select({ one: sql`1` })
      .from(stories)
      .where(
        and(
          eq(stories.id, trackingEvents.storyId),
          eq(stories.authorId, trackingEvents.userId),
          not(realAuthorKnownTo(actor)),
        ),
      ),
  );
  // A report line is never shown to the person whose item was reported (a teacher or administrator
  // reading their student's activity after the student reported that adult's comment): the reporter
  // is never told to the reported person. The same for a block line naming the reader (teachers and
  // administrators cannot be blocked today; the rule does not rely on it).
  const notAboutCaller = and(
    or(isNull(trackingEvents.reportedUserId), ne(trackingEvents.reportedUserId, actor.userId)),
    or(isNull(trackingEvents.otherUserId), ne(trackingEvents.otherUserId, actor.userId)),
  );
  const ofUser = and(eq(trackingEvents.userId, userId), not(authorHiddenFromCaller), notAboutCaller);
  const otherUser = alias(users, 'other_user');
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: trackingEvents.id,
          resource: trackingEvents.resource,
          action: trackingEvents.action,
          storyId: trackingEvents.storyId,
          storyTitle: trackingEvents.storyTitle,
          commentId: trackingEvents.commentId,
          replyId: trackingEvents.replyId,
          writingTime: trackingEvents.writingTime,
          createdAt: trackingEvents.createdAt,
          comment: { text: comments.text, createdAt: comments.createdAt },
          reply: { text: commentReplies.text, createdAt: commentReplies.createdAt },
          target: trackingEvents.target,
          reasons: trackingEvents.reasons,
          otherUserName: otherUser.name,
          // A student without a guardian's consent is named only inside their school (issue 22.5).
          otherUserShown: userShownTo(actor, trackingEvents.otherUserId),
        })
        .from(trackingEvents)
        .leftJoin(comments, eq(comments.id, trackingEvents.commentId))
        .leftJoin(commentReplies, eq(commentReplies.id, trackingEvents.replyId))
        .leftJoin(otherUser, eq(otherUser.id, trackingEvents.otherUserId))
        .where(ofUser)
        .orderBy(desc(trackingEvents.createdAt), asc(trackingEvents.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        _id: row.id,
        resource: row.resource,
        action: row.action,
        date: row.createdAt.toISOString(),
        writingTime: row.writingTime,
        storyId: row.storyId,
        storyTitle: row.storyTitle,
        commentId: mentioned(row.commentId, row.comment),
        replyId: mentioned(row.replyId, row.reply),
        moderation:
          row.resource === 'MODERATION'
            ? {
                target: row.target,
                reasons: (row.reasons ?? []) as ReportReason[],
                // The blocked person's name: whole for administrators, the public form for teachers,
                // and no name at all to a teacher outside the school of a student without consent.
                person: row.otherUserName
                  ? {
                      name: !row.otherUserShown
                        ? trackingMessages.withheldPerson
                        : actor.role === 'ADMIN'
                          ? row.otherUserName
                          : publicStudentName(row.otherUserName),
                    }
                  : null,
              }
            : null,
      }));
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(trackingEvents).where(ofUser);
      return Number(row?.n ?? 0);
    },
  });
}
