import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents, stories, trackingEvents, users } from '../../db/schema';
import type { DomainEvent, EventSubscriber, EventType } from '../events';
import type { ActivityEvent } from './record';

/**
 * A student's activity lines for what they did to a fic, a comment, a reply or their profile
 * (docs/decisions/tracking.md), written from the domain events of those changes instead of by the
 * services. Logins, logouts and reads are nobody else's concern and stay written where they happen.
 */

/** Only the author's own actions on their fic are their activity (not an editor's or a moderator's). */
const byAuthor = (event: DomainEvent & { payload: { authorId: string } }) =>
  event.actor?.userId === event.payload.authorId;

const profileActions = { name: 'UPDATE_NAME', bio: 'UPDATE_BIO', photo: 'UPDATE_AVATAR' } as const;
const replyActions = {
  'reply.added': 'CREATE',
  'reply.updated': 'UPDATE',
  'reply.deleted': 'DELETE',
} as const;

/** The lines an event writes in its actor's activity, in order (none for most). */
export function activityLinesOf(event: DomainEvent): ActivityEvent[] {
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
] as const satisfies readonly EventType[];

/**
 * Writes the event's lines for a student actor, dated when the change happened (several lines of one
 * event a microsecond apart, in order). Idempotent: each line carries the event's id, unique with its
 * action (tracking_events_event_action_idx), so a redelivered event writes nothing. The fic and the
 * student are locked (KEY SHARE, fic first as an account's deletion does) so neither can go between
 * the check and the insert; a fic already deleted leaves the line with its title only, as its
 * deletion does to lines written before, and a student already deleted gets no line.
 */
async function writeLines(tx: DbOrTx, event: DomainEvent): Promise<void> {
  const lines = activityLinesOf(event);
  if (lines.length === 0 || !event.actor || event.actor.role !== 'STUDENT') {
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
  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, event.actor.userId))
    .for('key share');
  if (!student) {
    return;
  }
  // The event's own time, read in SQL: a JavaScript Date keeps milliseconds, and the events of one
  // change are microseconds apart (a fic created and sent at once must keep that order).
  const occurredAt = sql`coalesce(
    (select ${domainEvents.occurredAt} from ${domainEvents} where ${domainEvents.id} = ${event.id}),
    ${event.occurredAt.toISOString()}::timestamptz
  )`;
  await tx
    .insert(trackingEvents)
    .values(
      lines.map((line, index) => ({
        userId: student.id,
        resource: line.resource,
        action: line.action,
        storyId: line.storyId ? storyId : null,
        storyTitle: line.storyTitle ?? null,
        commentId: line.commentId ?? null,
        replyId: line.replyId ?? null,
        writingTime: line.writingTime ?? null,
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
