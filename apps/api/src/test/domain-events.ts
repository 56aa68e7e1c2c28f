import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { domainEvents } from '../db/schema';
import { toDomainEvent, type DomainEvent, type EventSubscriber, type EventType } from '../modules/events';

/** Test helpers for domain events: read the stored ones, deliver them again to one subscriber. */

/** The stored events of these types (optionally matching `where`), oldest first, as subscribers get them. */
export async function storedEvents(
  app: FastifyInstance,
  types: readonly EventType[],
  where?: SQL,
): Promise<DomainEvent[]> {
  const rows = await app.db
    .select()
    .from(domainEvents)
    .where(and(inArray(domainEvents.type, [...types]), where))
    .orderBy(asc(domainEvents.id));
  return rows.map(toDomainEvent);
}

/** Stored events of these types by one actor. */
export function storedEventsBy(app: FastifyInstance, actorId: string, types: readonly EventType[]) {
  return storedEvents(app, types, eq(domainEvents.actorId, actorId));
}

/**
 * Delivers the events to one subscriber again, in one transaction as the dispatcher does: at least
 * once means a subscriber must take a repeat without a second effect.
 */
export async function redeliver(
  app: FastifyInstance,
  subscriber: EventSubscriber,
  events: readonly DomainEvent[],
): Promise<void> {
  await app.db.transaction(async (tx) => {
    for (const event of events) {
      await subscriber.handle(tx, event, {
        db: app.db,
        publicUrl: app.config.publicUrl,
        afterCommit: () => {},
      });
    }
  });
}
