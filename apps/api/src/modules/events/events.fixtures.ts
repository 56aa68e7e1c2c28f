import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { DomainEvent, EventType } from './catalog';
import { emitEvents } from './emit';
import type { EventSubscriber } from './subscriber';

/** Test data for the events dispatcher. */

/** Writes `count` 'story.updated' events of one fic (a new one unless given); resolves to their ids. */
export async function emitForFic(db: Db, count: number, storyId: string = randomUUID()): Promise<number[]> {
  const before = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.storyId, storyId));
  await emitEvents(
    db,
    Array.from({ length: count }, (_, index) => ({
      type: 'story.updated' as const,
      storyId,
      actor: null,
      payload: { authorId: randomUUID(), title: `Versión ${index + 1}`, writingTime: null, published: false },
    })),
  );
  const known = new Set(before.map((row) => row.id));
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.storyId, storyId))
    .orderBy(asc(domainEvents.id));
  return rows.map((row) => row.id).filter((id) => !known.has(id));
}

export async function eventRows(db: Db, ids: readonly number[]) {
  return db
    .select()
    .from(domainEvents)
    .where(inArray(domainEvents.id, [...ids]))
    .orderBy(asc(domainEvents.id));
}

export interface Probe {
  subscriber: EventSubscriber;
  /** Every call of handle, in order (a rolled-back try included). */
  calls: DomainEvent[];
  /** The events whose delivery committed, in commit order (afterCommit). */
  delivered: DomainEvent[];
}

/**
 * A subscriber that records what it is given; `behaviour` runs inside the delivery (throw to fail
 * it, write through `tx` to have an effect).
 */
export function probe(
  name: string,
  behaviour?: (event: DomainEvent, tx: Parameters<EventSubscriber['handle']>[0]) => unknown,
  types: readonly EventType[] = ['story.updated'],
): Probe {
  const calls: DomainEvent[] = [];
  const delivered: DomainEvent[] = [];
  return {
    calls,
    delivered,
    subscriber: {
      name,
      types,
      async handle(tx, event, context) {
        calls.push(event);
        await behaviour?.(event, tx);
        context.afterCommit(() => delivered.push(event));
      },
    },
  };
}

/** A logger that keeps what is written at each level. */
export function recordingLog() {
  const lines: { level: 'error' | 'warn' | 'debug'; context: unknown; message: string }[] = [];
  const at = (level: 'error' | 'warn' | 'debug') => (context: unknown, message: string) => {
    lines.push({ level, context, message });
  };
  return { lines, log: { error: at('error'), warn: at('warn'), debug: at('debug') } as never };
}
