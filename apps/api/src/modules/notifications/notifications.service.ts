import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  notificationMessages,
  type Notification,
  type NotificationsQuery,
  type Paged,
  type publishedNotificationBodySchema,
  type ReadNotificationsBody,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { comments, notifications, stories, userGrades, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { enqueueMail, publishedMail } from '../mail';
import { commentVisibleTo } from '../comments';
import {
  isPublished,
  loadStoryFor,
  maskedAuthorName,
  realAuthorKnownTo,
  storyIsPublished,
  storyVisibleTo,
} from '../stories';
import { notificationTexts } from './notification-texts';

/** Where a fic is read on the web (the link of the e-mail). */
export const storyLink = (publicUrl: string, storyId: string) => `${publicUrl}/fics/${storyId}`;

/**
 * Tells the author their fic was published: one STORY_PUBLISHED notification per fic, whatever
 * tells it (the `story.published` event, a redelivery of it, the spec's publish call: the partial
 * unique index settles repeated and racing ones) and, only when this call created it, the e-mail
 * through the outbox, in the same transaction. True when the notification was created now.
 */
export async function tellStoryPublished(options: {
  db: DbOrTx;
  storyId: string;
  authorId: string;
  publicUrl: string;
  /** The event that told it; null for the spec's call. */
  eventId?: number | null;
}): Promise<boolean> {
  const { db, storyId, authorId } = options;
  const [story] = await db
    .select({ title: stories.title, email: users.email, name: users.name })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(eq(stories.id, storyId))
    .limit(1);
  if (!story) {
    // Deleted before the event was delivered: nothing left to tell.
    return false;
  }
  const [created] = await db
    .insert(notifications)
    .values({
      userId: authorId,
      type: 'STORY_PUBLISHED',
      text: notificationTexts.published(story.title),
      storyId,
      eventId: options.eventId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!created) {
    return false;
  }
  await enqueueMail({
    db,
    mail: publishedMail({
      to: story.email,
      name: story.name,
      title: story.title,
      link: storyLink(options.publicUrl, storyId),
    }),
  });
  return true;
}

const nothingToNotify = () => notFound(notificationMessages.nothingToNotify);

/**
 * The fic `POST /notifications/published` names. Only those who may publish it ask (the grade's
 * teachers, its evaluator among them, and administrators). The check of `userId` against the
 * author is made only for a caller who may know the author: for a teacher reviewing an anonymous or
 * pseudonymous fic blind, the answer is the fic's (published or not) whatever `userId` says, so it
 * cannot be used to test who wrote it. The notification always goes to the real author.
 */
async function namedStory(
  db: DbOrTx,
  actor: Actor,
  storyId: string,
  userId: string,
): Promise<{ id: string; authorId: string }> {
  const { row, relation } = await loadStoryFor({
    db,
    actor,
    storyId,
    action: 'view',
    notFoundMessage: notificationMessages.nothingToNotify,
  });
  if (relation !== 'gradeTeacher' && relation !== 'evaluator' && relation !== 'admin') {
    throw forbidden();
  }
  const authorKnown = maskedAuthorName(row, relation) === null;
  if (authorKnown && row.authorId !== userId) {
    throw nothingToNotify();
  }
  if (!isPublished(row.status)) {
    throw conflict(notificationMessages.nothingToNotify);
  }
  // An orphaned fic (issue 22.4) has no author to tell.
  if (row.authorId === null) {
    throw nothingToNotify();
  }
  return { id: row.id, authorId: row.authorId };
}

/**
 * The author's latest fic published in the caller's grades (an administrator: anywhere), among
 * those whose author the caller may know: a fic that hides its author from the caller is never
 * found by the author's id.
 */
async function latestPublished(
  db: DbOrTx,
  actor: Actor,
  userId: string,
): Promise<{ id: string; authorId: string }> {
  const conditions = [eq(stories.authorId, userId), storyIsPublished, realAuthorKnownTo(actor)];
  if (actor.role !== 'ADMIN') {
    const myGrades = db
      .select({ gradeId: userGrades.gradeId })
      .from(userGrades)
      .where(eq(userGrades.userId, actor.userId));
    conditions.push(inArray(stories.gradeId, myGrades));
  }
  const [row] = await db
    .select({ id: stories.id, authorId: stories.authorId })
    .from(stories)
    .where(and(...conditions))
    .orderBy(desc(stories.publishedAt), stories.id)
    .limit(1);
  if (!row) {
    throw nothingToNotify();
  }
  return { id: row.id, authorId: userId };
}

/**
 * POST /notifications/published (spec 001 §7; the client calls it after publishing). Publishing
 * already notifies the author, so this normally answers `notified: false`; it creates the
 * notification (and its one e-mail) only if that had not happened. A teacher of the fic's grade or
 * an administrator.
 */
export async function notifyPublished(options: {
  db: Db;
  actor: Actor;
  input: z.infer<typeof publishedNotificationBodySchema>;
  publicUrl: string;
}): Promise<{ notified: boolean; message: string }> {
  const { db, actor, input } = options;
  if (actor.role !== 'TEACHER' && actor.role !== 'ADMIN') {
    throw forbidden();
  }
  const story = input.storyId
    ? await namedStory(db, actor, input.storyId, input.userId)
    : await latestPublished(db, actor, input.userId);
  const notified = await db.transaction((tx) =>
    tellStoryPublished({ db: tx, storyId: story.id, authorId: story.authorId, publicUrl: options.publicUrl }),
  );
  return notified
    ? { notified, message: notificationMessages.notified }
    : { notified, message: notificationMessages.alreadyNotified };
}

/** The caller's unread notifications (the partial index on unread rows answers it). */
async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * GET /notifications: the caller's own notifications, newest first, a page at a time
 * (notifications_user_page_idx), with the unread count of all pages. Every role; only one's own.
 */
export async function listNotifications(options: {
  db: Db;
  actor: Actor;
  query: NotificationsQuery;
}): Promise<{ notifications: Paged<Notification>; unread: number }> {
  const { db, actor, query } = options;
  const mine = eq(notifications.userId, actor.userId);
  const page = await readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          text: notifications.text,
          // A link only to what the reader may see now: a fic or comment hidden for review (issue
          // 21.2) since, or a fic no longer public, leads nowhere rather than to a 404. The fics'
          // gate and the comments' own rule, each on its primary key.
          storyId: sql<
            string | null
          >`(select ${stories.id} from ${stories} where ${stories.id} = ${notifications.storyId} and ${storyVisibleTo(actor)})`,
          commentId: sql<
            string | null
          >`(select ${comments.id} from ${comments} where ${comments.id} = ${notifications.commentId} and ${commentVisibleTo(actor, comments)})`,
          requestKind: notifications.requestKind,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), asc(notifications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        _id: row.id,
        type: row.type,
        text: row.text,
        storyId: row.storyId,
        commentId: row.commentId,
        requestKind: row.requestKind,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    count: async () => db.$count(notifications, mine),
  });
  return { notifications: page, unread: await unreadCount(db, actor.userId) };
}

/**
 * POST /notifications/read: marks the caller's notifications read, the ones named or all. Ids of
 * other people's notifications (or of none) match nothing and are ignored: a 403 or 404 would tell
 * that they exist. One conditional UPDATE; marking twice changes nothing.
 */
export async function markNotificationsRead(options: {
  db: Db;
  actor: Actor;
  body: ReadNotificationsBody;
}): Promise<{ unread: number }> {
  const { db, actor, body } = options;
  const conditions = [eq(notifications.userId, actor.userId), isNull(notifications.readAt)];
  if ('ids' in body) {
    conditions.push(inArray(notifications.id, body.ids));
  }
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions));
  return { unread: await unreadCount(db, actor.userId) };
}
