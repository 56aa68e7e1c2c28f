import type { Db, Tx } from '../../db/client';
import type { DomainEvent, EventType } from './catalog';

/**
 * A module's reaction to domain events (issue 19.3). The dispatcher calls `handle` inside the
 * transaction that marks the event delivered, so a subscriber's writes and the delivery commit or
 * roll back together. Delivery is at least once (a crash after a subscriber's effect outside the
 * database, or a failing sibling subscriber, brings the event again): `handle` must be idempotent.
 */
export interface EventSubscriber {
  /** Unique, for logs. */
  name: string;
  /** The event types it reacts to. */
  types: readonly EventType[];
  /** Runs inside the delivery transaction; at-least-once delivery, so it must be idempotent. */
  handle(tx: Tx, event: DomainEvent, context: DeliveryContext): Promise<void>;
}

export interface DeliveryContext {
  /** The app's root database (e.g. key of in-memory caches). */
  db: Db;
  /** Base of links in e-mails. */
  publicUrl: string;
  /** In-memory effects (cache clear, wake mail) once the delivery committed. */
  afterCommit(task: () => void): void;
}
