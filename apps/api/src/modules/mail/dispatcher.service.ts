import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
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
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | undefined;
  private rerun = false;
  private active = false;
  private stopping = false;

  constructor(private readonly options: MailDispatcherOptions) {}

  /** Starts the background loop (no-op when pollMs is 0). */
  start(): void {
    if (this.options.pollMs <= 0 || this.active) {
      return;
    }
    this.active = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Sends soon instead of at the next poll; call it after the transaction that queued mail commits. */
  wake(): void {
    if (!this.active) {
      return;
    }
    if (this.current) {
      this.rerun = true;
      return;
    }
    this.schedule(0);
  }

  /** Sends every due message once; resolves to how many were delivered. */
  async dispatchOnce(): Promise<number> {
    while (this.current) {
      await this.current.catch(() => 0);
    }
    const pass = this.drain();
    this.current = pass;
    try {
      return await pass;
    } finally {
      this.current = undefined;
    }
  }

  /** Stops the loop and waits for the pass in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.active = false;
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => 0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    try {
      await this.dispatchOnce();
    } catch (error) {
      this.options.log.error({ err: error }, 'no se pudo procesar la cola de correos');
    }
    if (!this.active) {
      return;
    }
    const again = this.rerun;
    this.rerun = false;
    this.schedule(again ? 0 : this.options.pollMs);
  }

  private async drain(): Promise<number> {
    const { db, transport, log } = this.options;
    const clock = this.options.clock ?? (() => new Date());
    let delivered = 0;
    while (!this.stopping) {
      const batch = await claimDueMails({ db, now: clock(), limit: BATCH_SIZE });
      for (const [index, row] of batch.entries()) {
        if (this.stopping) {
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
