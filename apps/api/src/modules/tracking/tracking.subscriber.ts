import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents, roles, stories, trackingEvents, users } from '../../db/schema';
import type { DomainEvent, EventSubscriber, EventType } from '../events';
import type { ActivityEvent } from './record';

/**
 * A student's activity lines for what they did to a fic, a comment, a reply or their profile
 * (docs/decisions/tracking.md), written from the domain events of those changes instead of by the
 * services. Logins, logouts and reads are nobody else's concern and stay written where they happen.
 */

/** Only the author's own actions on their fic are their activity (not an editor's or a moderator's). */
const byAuthor = (event: DomainEvent & { payload: { authorId: string | null } }) =>
  event.actor?.userId === event.payload.authorId;

const profileActions = { name: 'UPDATE_NAME', bio: 'UPDATE_BIO', photo: 'UPDATE_AVATAR' } as const;
const replyActions = {
  'reply.added': 'CREATE',
  'reply.updated': 'UPDATE',
  'reply.deleted': 'DELETE',
} as const;

/**
 * A line and whose activity it goes in: the actor's (most), or `userId`'s when it tells what happened
 * to a student's comment, reply or fic (issue 21.7: hidden by reports, kept, removed).
 */
export type ActivityLine = ActivityEvent & { userId?: string };

const heldActions = {
  'comment.held': 'CONTENT_HELD',
  'comment.approved': 'CONTENT_APPROVED',
  'comment.rejected': 'CONTENT_REJECTED',
} as const;
const modeActions = {
  OPEN: 'COMMENTS_OPENED',
  MODERATED: 'COMMENTS_MODERATED',
  CLOSED: 'COMMENTS_CLOSED',
} as const;

/** Where a moderated item's line points: its comment or reply (text and date while it exists), or its fic. */
function moderatedItem(
  event: DomainEvent & {
    payload: { target: 'COMMENT' | 'REPLY' | 'STORY'; targetId: string; title: string };
  },
) {
  const { target, targetId, title } = event.payload;
  return {
    target,
    storyId: event.storyId,
    storyTitle: title,
    commentId: target === 'COMMENT' ? targetId : null,
    replyId: target === 'REPLY' ? targetId : null,
  };
}

/** The lines an event writes in its actor's activity (or another student's), in order (none for most). */
export function activityLinesOf(event: DomainEvent): ActivityLine[] {
  const fic = (about: { storyId: string | null; payload: { title: string } }) => ({
    storyId: about.storyId,
    storyTitle: about.payload.title,
  });
  switch (event.type) {
    case 'story.created':
      return byAuthor(event)
        ? [{ resource: 'STORIES', action: 'CREATE', ...fic(event), writingTime: event.payload.writingTime }]
        : [];
    case 'story.updated':
      return byAuthor(event)
        ? [{ resource: 'STORIES', action: 'UPDATE', ...fic(event), writingTime: event.payload.writingTime }]
        : [];
    case 'story.sent':
      return byAuthor(event) ? [{ resource: 'STORIES', action: 'SEND', ...fic(event) }] : [];
    case 'story.deleted':
      // The fic is gone: the line keeps its title only.
      return byAuthor(event)
        ? [{ resource: 'STORIES', action: 'DELETE', storyTitle: event.payload.title }]
        : [];
    case 'story.liked':
      return [{ resource: 'STORIES', action: event.payload.liked ? 'LIKE' : 'UNLIKE', ...fic(event) }];
    case 'comment.added':
      return [{ resource: 'COMMENTS', action: 'CREATE', ...fic(event), commentId: event.payload.commentId }];
    case 'comment.updated':
      return [{ resource: 'COMMENTS', action: 'UPDATE', ...fic(event), commentId: event.payload.commentId }];
    case 'comment.deleted':
      return [{ resource: 'COMMENTS', action: 'DELETE', ...fic(event), commentId: event.payload.commentId }];
    case 'reply.added':
    case 'reply.updated':
    case 'reply.deleted':
      return [
        {
          resource: 'REPLIES',
          action: replyActions[event.type],
          ...fic(event),
          commentId: event.payload.commentId,
          replyId: event.payload.replyId,
        },
      ];
    case 'user.profile_updated':
      // Someone's own profile only (the change is always their own today; the check keeps it so).
      return event.actor?.userId === event.payload.userId
        ? event.payload.changed.map((field) => ({ resource: 'PROFILE', action: profileActions[field] }))
        : [];
    case 'report.created': {
      // The reporter's own act: what kind of item, on which fic, why; never whose it was (that
      // stays in reportedUserId, which only the page's query reads, to leave the line out for them).
      const { payload } = event;
      const lines: ActivityLine[] = [
        {
          resource: 'MODERATION',
          action: 'REPORT',
          target: payload.target,
          reasons: [payload.reason],
          storyId: event.storyId,
          storyTitle: payload.title,
          reportedUserId: payload.subjectUserId,
        },
      ];
      // This report hid the item: its writer's activity says so, without who reported.
      if (payload.hidden && payload.subjectUserId) {
        lines.push({
          resource: 'MODERATION',
          action: 'CONTENT_HIDDEN',
          ...moderatedItem(event),
          userId: payload.subjectUserId,
        });
      }
      return lines;
    }
    case 'moderation.decided': {
      const { payload } = event;
      if (!payload.subjectUserId) {
        return [];
      }
      return [
        {
          resource: 'MODERATION',
          action: payload.decision === 'KEEP' ? 'CONTENT_KEPT' : 'CONTENT_REMOVED',
          ...moderatedItem(event),
          reasons: payload.decision === 'REMOVE' ? payload.reasons : null,
          userId: payload.subjectUserId,
        },
      ];
    }
    case 'comment.held':
    case 'comment.approved':
    case 'comment.rejected': {
      // Issue 21.5-6, in the writer's activity whoever held, approved or rejected it.
      const { payload } = event;
      return [
        {
          resource: 'MODERATION',
          action: heldActions[event.type],
          target: payload.target,
          storyId: event.storyId,
          storyTitle: payload.title,
          commentId: payload.commentId,
          replyId: payload.replyId,
          userId: payload.writerId,
        },
      ];
    }
    case 'story.comments_mode_changed':
      // The author's own choice for their fic (a teacher's is an adult's act, not recorded).
      return byAuthor(event) && event.payload.mode !== event.payload.previousMode
        ? [
            {
              resource: 'MODERATION',
              action: modeActions[event.payload.mode],
              target: 'STORY',
              ...fic(event),
            },
          ]
        : [];
    case 'user.blocked':
    case 'user.unblocked':
      return [
        {
          resource: 'MODERATION',
          action: event.type === 'user.blocked' ? 'BLOCK' : 'UNBLOCK',
          otherUserId: event.payload.blockedId,
        },
      ];
    default:
      return [];
  }
}

const trackedTypes = [
  'story.created',
  'story.updated',
  'story.sent',
  'story.deleted',
  'story.liked',
  'comment.added',
  'comment.updated',
  'comment.deleted',
  'reply.added',
  'reply.updated',
  'reply.deleted',
  'user.profile_updated',
  // Issue 21.7. story.hidden/shown/withdrawn are the same moments as these (the fic's own events,
  // for the gallery's cache): the lines come from report.created and moderation.decided only.
  'report.created',
  'moderation.decided',
  'user.blocked',
  'user.unblocked',
  'comment.held',
  'comment.approved',
  'comment.rejected',
  'story.comments_mode_changed',
] as const satisfies readonly EventType[];

/**
 * Writes the event's lines for students, dated when the change happened (several lines of one event
 * a microsecond apart, in order): the actor's own lines when the actor is a student, another's (a
 * moderated item's writer) when that person is a student now. Idempotent: each line carries the
 * event's id, unique with its action (tracking_events_event_action_idx; an event writes each action
 * once), so a redelivered event writes nothing. The fic and the students are locked (KEY SHARE, fic
 * first as an account's deletion does) so neither can go between the check and the insert; a fic
 * already deleted leaves the line with its title only, as its deletion does to lines written
 * before, and a student already deleted gets no line. A block's or report's other person already
 * deleted leaves the line without them (their column is null).
 */
async function writeLines(tx: DbOrTx, event: DomainEvent): Promise<void> {
  if (!event.actor) {
    return;
  }
  const actor = event.actor;
  const lines = activityLinesOf(event)
    .map((line) => ({ ...line, userId: line.userId ?? actor.userId, own: line.userId === undefined }))
    // Only students have an activity; the actor's role is the one they acted with.
    .filter((line) => !line.own || actor.role === 'STUDENT');
  if (lines.length === 0) {
    return;
  }
  let storyId: string | null = null;
  if (event.storyId && lines.some((line) => line.storyId)) {
    const [story] = await tx
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.id, event.storyId))
      .for('key share');
    storyId = story?.id ?? null;
  }
  const students = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        inArray(users.id, [...new Set(lines.map((line) => line.userId))]),
        // The actor acted as a student; someone else's line is for a student only.
        sql`(${users.id} = ${actor.userId} or ${roles.name} = 'STUDENT')`,
      ),
    )
    .for('key share', { of: users });
  const others = [...new Set(lines.flatMap((line) => [line.reportedUserId, line.otherUserId]))].filter(
    (id): id is string => Boolean(id),
  );
  const present = new Set(students.map((student) => student.id));
  if (others.length > 0) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, others))
      .for('key share');
    rows.forEach((row) => present.add(row.id));
  }
  const kept = lines.filter((line) => students.some((student) => student.id === line.userId));
  if (kept.length === 0) {
    return;
  }
  const personOrNull = (id: string | null | undefined) => (id && present.has(id) ? id : null);
  // The event's own time, read in SQL: a JavaScript Date keeps milliseconds, and the events of one
  // change are microseconds apart (a fic created and sent at once must keep that order).
  const occurredAt = sql`coalesce(
    (select ${domainEvents.occurredAt} from ${domainEvents} where ${domainEvents.id} = ${event.id}),
    ${event.occurredAt.toISOString()}::timestamptz
  )`;
  await tx
    .insert(trackingEvents)
    .values(
      kept.map((line, index) => ({
        userId: line.userId,
        resource: line.resource,
        action: line.action,
        storyId: line.storyId ? storyId : null,
        storyTitle: line.storyTitle ?? null,
        commentId: line.commentId ?? null,
        replyId: line.replyId ?? null,
        writingTime: line.writingTime ?? null,
        target: line.target ?? null,
        reasons: line.reasons ? [...line.reasons] : null,
        reportedUserId: personOrNull(line.reportedUserId),
        otherUserId: personOrNull(line.otherUserId),
        createdAt: sql`${occurredAt} + ${index} * interval '1 microsecond'`,
        eventId: event.id,
      })),
    )
    .onConflictDoNothing({ target: [trackingEvents.eventId, trackingEvents.action] });
}

/** The activity of students, from the changes they make (issue 19.3). */
export const trackingSubscriber: EventSubscriber = {
  name: 'tracking',
  types: trackedTypes,
  handle: (tx, event) => writeLines(tx, event),
};
