import { sql } from 'drizzle-orm';
import type { trackingActions } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { trackingEvents } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

/** The actions of each resource, as the contracts list them. */
type TrackingActions = { [R in keyof typeof trackingActions]: (typeof trackingActions)[R][number] };

/**
 * One event of a student's activity (spec 001 §2; architecture.md §6.6), written by the service
 * where it happens, inside that action's transaction when it has one, so an action that fails
 * leaves no line and one that succeeds always does. Events of teachers and administrators are not
 * recorded (the spec's tracking is of students).
 */
export type ActivityEvent = {
  [R in keyof TrackingActions]: {
    resource: R;
    action: TrackingActions[R];
    storyId?: string | null;
    /** The fic's title as it is now: the line still reads after the fic is deleted. */
    storyTitle?: string | null;
    commentId?: string | null;
    replyId?: string | null;
    /** Seconds of writing the action added (creating, editing or sending a fic). */
    writingTime?: number | null;
    /** Moderation lines (issue 21.7): the kind of item, the reasons, the people involved. */
    target?: 'COMMENT' | 'REPLY' | 'STORY' | null;
    reasons?: readonly string[] | null;
    /** A report's reported person: never answered, only kept to leave the line out for them. */
    reportedUserId?: string | null;
    /** A block's other person. */
    otherUserId?: string | null;
  };
}[keyof TrackingActions];

type Recorder = Pick<Actor, 'userId' | 'role'>;

export async function recordActivity(
  db: DbOrTx,
  actor: Recorder | null,
  event: ActivityEvent,
): Promise<void> {
  await recordActivities(db, actor, [event]);
}

/**
 * Several events of one user in one statement (no N+1), in the order they happened: the activity
 * page sorts by time, so each later event of the batch is stamped a microsecond after the one
 * before (a fic created and sent at once reads 'sent' above 'created', not in a random order).
 */
export async function recordActivities(
  db: DbOrTx,
  actor: Recorder | null,
  events: readonly ActivityEvent[],
): Promise<void> {
  if (!actor || actor.role !== 'STUDENT' || events.length === 0) {
    return;
  }
  await db.insert(trackingEvents).values(
    events.map((event, index) => ({
      userId: actor.userId,
      resource: event.resource,
      action: event.action,
      storyId: event.storyId ?? null,
      storyTitle: event.storyTitle ?? null,
      commentId: event.commentId ?? null,
      replyId: event.replyId ?? null,
      writingTime: event.writingTime ?? null,
      ...(index > 0 ? { createdAt: sql`now() + ${index} * interval '1 microsecond'` } : {}),
    })),
  );
}
