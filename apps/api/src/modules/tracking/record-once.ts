import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { trackingEvents } from '../../db/schema';
import { recordActivity, type ActivityEvent } from './record';

/** A student reading the same fic again within this time is not recorded again. */
export const READ_REPEAT_WINDOW_MS = 30 * 60 * 1000;
/**
 * A logout reported twice within this time (POST /auth/logout and the spec's client's
 * POST /tracking for the same leave) is one logout.
 */
export const LOGOUT_REPEAT_WINDOW_MS = 60 * 1000;

type Recorder = Parameters<typeof recordActivity>[1];

/**
 * Records the event unless the same student recorded the same one (same action, same fic) within
 * `windowMs`; answers whether it wrote a line. Race-safe: the check and the insert run under a
 * transaction-scoped advisory lock per student, so parallel requests cannot both pass the check.
 * The check walks `tracking_events_user_created_idx` over the student's last minutes only.
 * Inside a transaction it runs as a savepoint, and the lock is held until that transaction ends.
 */
export async function recordActivityOnce(
  db: DbOrTx,
  actor: Recorder | null,
  event: ActivityEvent,
  windowMs: number,
): Promise<boolean> {
  if (!actor || actor.role !== 'STUDENT') {
    return false;
  }
  return db.transaction(async (tx) => {
    // Two-key form: a keyspace of its own, apart from the one-key locks (housekeeping, demo seed).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fics-tracking'), hashtext(${actor.userId}))`);
    const [recent] = await tx
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .where(
        and(
          eq(trackingEvents.userId, actor.userId),
          gt(trackingEvents.createdAt, sql`now() - ${windowMs} * interval '1 millisecond'`),
          eq(trackingEvents.resource, event.resource),
          eq(trackingEvents.action, event.action),
          event.storyId ? eq(trackingEvents.storyId, event.storyId) : undefined,
        ),
      )
      .limit(1);
    if (recent) {
      return false;
    }
    await recordActivity(tx, actor, event);
    return true;
  });
}
