import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { NewDomainEvent } from './catalog';

/**
 * Writes events in the caller's transaction: pass the transaction that makes the change, so the
 * event exists exactly when the change does (a rolled-back change leaves no event, and a crash
 * after the commit loses none: the dispatcher delivers it when the process is back). In one
 * statement, in the order given; their ids give the order of delivery per fic.
 */
export async function emitEvents(db: DbOrTx, events: readonly NewDomainEvent[]): Promise<void> {
  if (events.length === 0) {
    return;
  }
  await db.insert(domainEvents).values(
    events.map((event, index) => ({
      type: event.type,
      storyId: event.storyId ?? null,
      actorId: event.actor?.userId ?? null,
      actorRole: event.actor?.role ?? null,
      payload: event.payload,
      // clock_timestamp() alone repeats within one statement (two rows in the same microsecond,
      // about half the time on PostgreSQL): each later row is pushed a microsecond further, so the
      // times of one batch are distinct and in order ('created' before 'sent' in the activity).
      ...(index > 0 ? { occurredAt: sql`clock_timestamp() + ${index} * interval '1 microsecond'` } : {}),
    })),
  );
}

export function emitEvent(db: DbOrTx, event: NewDomainEvent): Promise<void> {
  return emitEvents(db, [event]);
}
