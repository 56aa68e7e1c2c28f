import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { notificationMessages, type publishedNotificationBodySchema } from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { notifications, stories, userGrades, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { enqueueMail } from '../mail/outbox.service';
import { publishedMail } from '../mail/templates';
import { canView } from '../stories/story-status';
import { findStoryRow, storyRelation } from '../stories/story-view';

/** Where a fic is read on the web (the link of the e-mail). */
export const storyLink = (publicUrl: string, storyId: string) => `${publicUrl}/fics/${storyId}`;

/**
 * Tells the author their fic was published: one notification per fic (the unique constraint on
 * kind and fic settles repeated and racing calls) and, only when this call created it, an e-mail
 * through the outbox. Pass the transaction that publishes, so both exist exactly when the
 * publication does. True when the notification was created now.
 */
export async function notifyStoryPublished(options: {
  db: DbOrTx;
  storyId: string;
  authorId: string;
  publicUrl: string;
}): Promise<boolean> {
  const { db, storyId, authorId } = options;
  const [created] = await db
    .insert(notifications)
    .values({ userId: authorId, kind: 'STORY_PUBLISHED', storyId })
    .onConflictDoNothing({ target: [notifications.kind, notifications.storyId] })
    .returning({ id: notifications.id });
  if (!created) {
    return false;
  }
  const [target] = await db
    .select({ email: users.email, name: users.name, title: stories.title })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(eq(stories.id, storyId))
    .limit(1);
  if (target) {
    await enqueueMail({
      db,
      mail: publishedMail({
        to: target.email,
        name: target.name,
        title: target.title,
        link: storyLink(options.publicUrl, storyId),
      }),
    });
  }
  return true;
}

const nothingToNotify = () => notFound(notificationMessages.nothingToNotify);

/** The fic `POST /notifications/published` names, checked against the caller and the author. */
async function namedStory(db: DbOrTx, actor: Actor, storyId: string, userId: string): Promise<string> {
  const row = await findStoryRow(db, storyId);
  if (!row) {
    throw nothingToNotify();
  }
  const relation = await storyRelation(db, actor, row);
  if (!canView(relation, row.status)) {
    throw nothingToNotify();
  }
  // Those who may publish it: the grade's teachers (its evaluator among them) and administrators.
  if (relation !== 'gradeTeacher' && relation !== 'evaluator' && relation !== 'admin') {
    throw forbidden();
  }
  if (row.authorId !== userId) {
    throw nothingToNotify();
  }
  if (row.status !== 'PUBLISHED') {
    throw conflict(notificationMessages.nothingToNotify);
  }
  return row.id;
}

/** The author's latest fic published in the caller's grades (an administrator: anywhere). */
async function latestPublished(db: DbOrTx, actor: Actor, userId: string): Promise<string> {
  const conditions = [eq(stories.authorId, userId), eq(stories.status, 'PUBLISHED')];
  if (actor.role !== 'ADMIN') {
    const myGrades = db
      .select({ gradeId: userGrades.gradeId })
      .from(userGrades)
      .where(eq(userGrades.userId, actor.userId));
    conditions.push(inArray(stories.gradeId, myGrades));
  }
  const [row] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(...conditions))
    .orderBy(desc(stories.publishedAt), stories.id)
    .limit(1);
  if (!row) {
    throw nothingToNotify();
  }
  return row.id;
}

/**
 * POST /notifications/published (spec 001 §7; the client calls it after publishing). Publishing
 * already notified the author, so this normally answers `notified: false`; it creates the
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
  const storyId = input.storyId
    ? await namedStory(db, actor, input.storyId, input.userId)
    : await latestPublished(db, actor, input.userId);
  const notified = await db.transaction((tx) =>
    notifyStoryPublished({ db: tx, storyId, authorId: input.userId, publicUrl: options.publicUrl }),
  );
  return notified
    ? { notified, message: notificationMessages.notified }
    : { notified, message: notificationMessages.alreadyNotified };
}
