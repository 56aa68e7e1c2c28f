import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { PeriodicTask } from '../../lib/periodic-task';
import type { MailTransport } from './mail-transport';

/** A message is given up (FAILED) after this many failed sends. */
export const MAIL_MAX_ATTEMPTS = 10;
/**
 * How long a dispatcher holds a claimed message. Longer than the SMTP timeouts together, so a message
 * is only claimed again when its dispatcher died mid-send.
 */
export const MAIL_LEASE_MS = 60_000;
const BATCH_SIZE = 20;

/** Wait before the next try after `attempts` failures: 15 s, 30 s, 1 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Takes up to `limit` due messages for this dispatcher: they get a lease (`locked_until`), and rows
 * another instance is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), so two
 * instances never send the same message.
 */
export async function claimDueMails(options: {
  db: DbOrTx;
  now: Date;
  limit: number;
  leaseMs?: number;
}): Promise<OutboxRow[]> {
  const { db, now } = options;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'PENDING'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + (options.leaseMs ?? MAIL_LEASE_MS)) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

async function releaseMails(db: DbOrTx, ids: string[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'PENDING')));
}

async function markSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'SENT',
      sentAt: now,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: null,
      lastError: null,
    })
    // Only a message still pending: one another instance already settled (after this one's lease
    // ran out) is never turned back, nor is a handled one whose body housekeeping has cleared.
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'PENDING')));
}

async function markFailed(db: DbOrTx, row: OutboxRow, error: unknown, now: Date): Promise<void> {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(mailOutbox)
    .set({
      status: attempts >= MAIL_MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
      attempts,
      lastError: message.slice(0, 1000),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      lockedUntil: null,
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'PENDING')));
}

export interface MailDispatcherOptions {
  db: DbOrTx;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** Poll interval of the background loop; 0 means no loop (dispatchOnce only). */
  pollMs: number;
  clock?: () => Date;
}

/**
 * Sends the outbox: a background loop every `pollMs`, woken early when a request queues mail, and
 * `dispatchOnce` for tests and scripts. Passes never overlap within one process.
 */
export class MailDispatcher {
  private readonly task: PeriodicTask<number>;

  constructor(private readonly options: MailDispatcherOptions) {
    this.task = new PeriodicTask({
      run: (signal) => this.drain(signal),
      intervalMs: options.pollMs,
      firstDelayMs: 0,
      log: options.log,
      failureMessage: 'no se pudo procesar la cola de correos',
    });
  }

  /** Starts the background loop (no-op when pollMs is 0). */
  start(): void {
    this.task.start();
  }

  /** Sends soon instead of at the next poll; call it after the transaction that queued mail commits. */
  wake(): void {
    this.task.wake();
  }

  /** Sends every due message once; resolves to how many were delivered. */
  dispatchOnce(): Promise<number> {
    return this.task.runNow();
  }

  /** Stops the loop and waits for the pass in progress, so the database can close after it. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  private async drain(signal: AbortSignal): Promise<number> {
    const { db, transport, log } = this.options;
    const clock = this.options.clock ?? (() => new Date());
    let delivered = 0;
    while (!signal.aborted) {
      const batch = await claimDueMails({ db, now: clock(), limit: BATCH_SIZE });
      for (const [index, row] of batch.entries()) {
        if (signal.aborted) {
          // Shutting down: hand the rest back at once instead of leaving them leased.
          await releaseMails(
            db,
            batch.slice(index).map((r) => r.id),
          );
          return delivered;
        }
        try {
          await transport.send(row);
        } catch (error) {
          log.warn({ err: error, mailId: row.id, kind: row.kind }, 'no se pudo enviar un correo');
          await markFailed(db, row, error, clock());
          continue;
        }
        // Outside the try: a message the server accepted is never scheduled for another try.
        await markSent(db, row.id, clock());
        delivered += 1;
      }
      if (batch.length < BATCH_SIZE) {
        break;
      }
    }
    return delivered;
  }
}
