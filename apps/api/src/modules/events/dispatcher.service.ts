import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import type { DomainEvent } from './catalog';
import type { EventSubscriber } from './subscriber';

/** An event is given up (FAILED, logged) after this many failed deliveries. */
export const EVENT_MAX_ATTEMPTS = 10;
/**
 * How long a dispatcher holds the events it claimed. A delivery is a few statements, so a lease
 * runs out only when its dispatcher died (or hung): another instance then takes the event again.
 */
export const EVENT_LEASE_MS = 60_000;
/** Events claimed at once (at most one per fic: a fic's next event waits for the one before). */
export const EVENT_BATCH_SIZE = 50;
/**
 * Claims per pass. A fic's later events become claimable one at a time, so a pass loops; the bound
 * keeps one pass (and so one write request's answer) from running unbounded behind a flood: what
 * is left goes to the next pass.
 */
export const EVENT_MAX_ROUNDS = 100;

/** Wait before the next try after `attempts` failures: 5 s, 10 s, 20 s, ... capped at 30 minutes. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60 * 1000);
}

type EventRow = typeof domainEvents.$inferSelect;

export interface ClaimedEvent {
  row: EventRow;
  /**
   * The lease this claim set. It is the fence of the delivery: a delivery only goes on while the
   * row still holds it, so an event whose lease ran out and was claimed again is delivered by
   * one dispatcher only (a new lease is always later than the one it replaces).
   */
  lease: Date;
}

/**
 * Takes up to `limit` due events for this dispatcher: PENDING, due, not leased by another, and
 * first of their fic: an event waits while an earlier PENDING event of the same fic exists (leased
 * or not, failing or not), which keeps each fic's events in order, also across instances. Rows
 * another instance is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED). Events
 * about no fic have no order among them.
 */
export async function claimDueEvents(options: {
  db: Db;
  now: Date;
  limit: number;
  leaseMs?: number;
}): Promise<ClaimedEvent[]> {
  const { db, now } = options;
  const lease = new Date(now.getTime() + (options.leaseMs ?? EVENT_LEASE_MS));
  const rows = await db
    .update(domainEvents)
    .set({ lockedUntil: lease })
    .where(inArray(domainEvents.id, dueEvents(db, now, options.limit)))
    .returning();
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ row, lease }));
}

/**
 * The ids `claimDueEvents` takes, locked. Due first (domain_events_due_idx: next_attempt_at, id,
 * where PENDING); the fic's earlier pending event looked up in domain_events_story_pending_idx.
 * Statuses are written inline, as in the indexes' predicates, so the planner can use them.
 */
export function dueEvents(db: Db, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const earlier = alias(domainEvents, 'earlier');
  const earlierOfItsFic = db
    .select({ id: earlier.id })
    .from(earlier)
    .where(
      and(
        eq(earlier.storyId, domainEvents.storyId),
        sql`${earlier.status} = 'PENDING'`,
        lt(earlier.id, domainEvents.id),
      ),
    );
  return db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        sql`${domainEvents.status} = 'PENDING'`,
        sql`${domainEvents.nextAttemptAt} <= ${at}`,
        sql`(${domainEvents.lockedUntil} is null or ${domainEvents.lockedUntil} <= ${at})`,
        notExists(earlierOfItsFic),
      ),
    )
    .orderBy(domainEvents.nextAttemptAt, domainEvents.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Hands claimed events back at once (shutting down), instead of leaving them leased. */
export async function releaseEvents(db: Db, claimed: readonly ClaimedEvent[]): Promise<void> {
  for (const { row, lease } of claimed) {
    await db
      .update(domainEvents)
      .set({ lockedUntil: null })
      .where(
        and(
          eq(domainEvents.id, row.id),
          eq(domainEvents.status, 'PENDING'),
          eq(domainEvents.lockedUntil, lease),
        ),
      );
  }
}

/** The event as subscribers receive it. */
export function toDomainEvent(row: EventRow): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    storyId: row.storyId,
    actor: row.actorId ? { userId: row.actorId, role: row.actorRole ?? '' } : null,
    payload: row.payload,
    occurredAt: row.occurredAt,
  } as DomainEvent;
}

/**
 * What `last_error` keeps: which subscriber failed and the kind of error (its class and SQLSTATE),
 * never the message, which may quote a statement's values (names, e-mails, texts). The log has it.
 */
function errorSummary(subscriber: string | null, error: unknown): string {
  const kind = error instanceof Error ? error.constructor.name : typeof error;
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    (error as { code?: unknown } | null)?.code ??
    (cause as { code?: unknown } | undefined)?.code ??
    undefined;
  const parts = [subscriber ?? 'dispatcher', kind, typeof code === 'string' ? code : null];
  return parts.filter(Boolean).join(' ').slice(0, 200);
}

class SubscriberError extends Error {
  constructor(
    readonly subscriber: string,
    readonly original: unknown,
  ) {
    super(`subscriber ${subscriber} failed`, { cause: original });
  }
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'gone';

export interface EventDispatcherOptions {
  db: Db;
  subscribers: readonly EventSubscriber[];
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'debug'>;
  clock?: () => Date;
  leaseMs?: number;
  batchSize?: number;
}

/**
 * Delivers due events to the subscribers: each event in its own transaction, in which every
 * subscriber of its type runs and the event is marked DONE, so their writes and the delivery
 * commit (or roll back) together.
 */
export class EventDispatcher {
  private readonly subscribersByType = new Map<string, EventSubscriber[]>();

  constructor(private readonly options: EventDispatcherOptions) {
    const names = new Set<string>();
    for (const subscriber of options.subscribers) {
      if (names.has(subscriber.name)) {
        throw new Error(`two event subscribers are named ${subscriber.name}`);
      }
      names.add(subscriber.name);
      for (const type of subscriber.types) {
        const list = this.subscribersByType.get(type) ?? [];
        list.push(subscriber);
        this.subscribersByType.set(type, list);
      }
    }
  }

  private now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }

  /**
   * Delivers until nothing is due (or `EVENT_MAX_ROUNDS` claims, or `signal` aborts); resolves to
   * how many events were delivered.
   */
  async deliverDue(signal?: AbortSignal): Promise<number> {
    const { db } = this.options;
    let delivered = 0;
    for (let round = 0; round < EVENT_MAX_ROUNDS && !signal?.aborted; round += 1) {
      const claimed = await claimDueEvents({
        db,
        now: this.now(),
        limit: this.options.batchSize ?? EVENT_BATCH_SIZE,
        leaseMs: this.options.leaseMs,
      });
      if (claimed.length === 0) {
        break;
      }
      for (const [index, event] of claimed.entries()) {
        if (signal?.aborted) {
          await releaseEvents(db, claimed.slice(index));
          return delivered;
        }
        if ((await this.deliver(event)) === 'delivered') {
          delivered += 1;
        }
      }
    }
    return delivered;
  }

  /** Delivers one claimed event; a failure is recorded on the event (and logged), never thrown. */
  async deliver(claimed: ClaimedEvent): Promise<DeliveryOutcome> {
    const { db, log } = this.options;
    const { row, lease } = claimed;
    const subscribers = this.subscribersByType.get(row.type) ?? [];
    const afterCommit: (() => void)[] = [];
    let outcome: DeliveryOutcome;
    try {
      outcome = await db.transaction(async (tx) => {
        // The fence: the row, still PENDING under this claim's lease, locked until the commit. An
        // instance that claimed it again after the lease ran out holds a later lease, and this
        // delivery stops here; the claim query skips the row while it is locked.
        if (!(await this.holdsLease(tx, row.id, lease))) {
          return 'gone' as const;
        }
        const event = toDomainEvent(row);
        const context = {
          db,
          publicUrl: this.options.publicUrl,
          afterCommit: (task: () => void) => {
            afterCommit.push(task);
          },
        };
        for (const subscriber of subscribers) {
          try {
            await subscriber.handle(tx, event, context);
          } catch (error) {
            throw new SubscriberError(subscriber.name, error);
          }
        }
        await tx
          .update(domainEvents)
          .set({ status: 'DONE', deliveredAt: this.now(), lockedUntil: null, lastError: null })
          .where(eq(domainEvents.id, row.id));
        return 'delivered' as const;
      });
    } catch (error) {
      await this.recordFailure(claimed, error);
      return 'failed';
    }
    if (outcome === 'gone') {
      log.debug({ eventId: row.id }, 'evento ya tomado por otra instancia');
    }
    for (const task of afterCommit) {
      try {
        task();
      } catch (error) {
        log.error({ err: error, eventId: row.id, type: row.type }, 'falló una tarea posterior a un evento');
      }
    }
    return outcome;
  }

  private async holdsLease(tx: Tx, id: number, lease: Date): Promise<boolean> {
    const held = await tx
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(eq(domainEvents.id, id), eq(domainEvents.status, 'PENDING'), eq(domainEvents.lockedUntil, lease)),
      )
      .for('update');
    return held.length === 1;
  }

  private async recordFailure(claimed: ClaimedEvent, error: unknown): Promise<void> {
    const { db, log } = this.options;
    const { row, lease } = claimed;
    const subscriber = error instanceof SubscriberError ? error.subscriber : null;
    const cause = error instanceof SubscriberError ? error.original : error;
    const attempts = row.attempts + 1;
    const givenUp = attempts >= EVENT_MAX_ATTEMPTS;
    const context = { err: cause, eventId: row.id, type: row.type, subscriber, attempts };
    if (givenUp) {
      log.error(context, 'evento abandonado tras demasiados intentos fallidos');
    } else {
      log.warn(context, 'no se pudo entregar un evento; se reintentará');
    }
    try {
      await db
        .update(domainEvents)
        .set({
          status: givenUp ? 'FAILED' : 'PENDING',
          attempts,
          lastError: errorSummary(subscriber, cause),
          nextAttemptAt: new Date(this.now().getTime() + eventRetryDelayMs(attempts)),
          lockedUntil: null,
        })
        .where(
          and(
            eq(domainEvents.id, row.id),
            eq(domainEvents.status, 'PENDING'),
            eq(domainEvents.lockedUntil, lease),
          ),
        );
    } catch (recordError) {
      // The lease runs out and the event is tried again then: nothing is lost.
      log.error({ err: recordError, eventId: row.id }, 'no se pudo registrar el fallo de un evento');
    }
  }
}
