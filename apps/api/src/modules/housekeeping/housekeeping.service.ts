import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { domainEvents, mailOutbox, oneTimeTokens, sessions } from '../../db/schema';
import { clearErasureTraces, eraseRetainedAccounts } from '../personal-data';
import { markRetentionNotices, refreshWithheldTurned14 } from '../users';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A session is deleted one day after it stopped working (expired or revoked): support can still see
 * why someone was logged out (`revoked_reason`, e.g. 'reuse'), and a request racing the moment of
 * expiry never meets a session that vanished under it.
 */
export const SESSION_RETENTION_MS = DAY_MS;
/** Sent or given-up e-mails: the body goes at the next run, the row (metadata only) after this. */
export const MAIL_RETENTION_MS = 90 * DAY_MS;
/**
 * Delivered domain events are kept a month (what happened to a fic lately, for support); given-up
 * ones three months, time to look into why and deliver them again by hand.
 */
export const EVENT_DONE_RETENTION_MS = 30 * DAY_MS;
export const EVENT_FAILED_RETENTION_MS = 90 * DAY_MS;
/** Rows per statement. Sessions take their refresh tokens with them (ON DELETE CASCADE), so fewer. */
export const HOUSEKEEPING_BATCH_SIZE = 5000;
const SESSION_BATCH_SIZE = 1000;
/** Accounts told per transaction (each with its event), and accounts read per page to erase. */
const RETENTION_BATCH_SIZE = 200;

export interface HousekeepingCounts {
  /** Sessions deleted; their refresh tokens, used or not, went with them. */
  sessions: number;
  /** Recovery and invitation tokens deleted (used or expired). */
  oneTimeTokens: number;
  /** Sent or given-up e-mails older than MAIL_RETENTION_MS deleted. */
  mailsDeleted: number;
  /** Sent or given-up e-mails whose text and HTML were emptied. */
  mailBodiesCleared: number;
  /** Domain events deleted: delivered ones after 30 days, given-up ones after 90. */
  eventsDeleted: number;
  /**
   * Fics whose stored consent copy (stories.author_withheld) was lifted because their author turned
   * 14 with the new year (issue 22.5): a copy left stale would keep them within the school.
   */
  consentCopiesLifted: number;
  /**
   * Retention (issue 22.6, docs/decisions/privacy.md 'Conservación'): accounts unused for almost 6
   * years told they will be erased in 30 days (a `user.retention_notice_due` each, mailed).
   */
  retentionNotices: number;
  /** Accounts erased 30 days after their notice, not signed in to since (cause RETENTION). */
  accountsErased: number;
  /** Erased people whose remaining traces (events, mails, requests naming them) were cleared. */
  erasureTracesCleared: number;
}

export interface HousekeepingOptions {
  db: Db;
  now: Date;
  /** Rows per statement (tests use tiny batches); sessions use at most SESSION_BATCH_SIZE. */
  batchSize?: number;
  /** Stops between two batches (app shutdown); what was done stays done. */
  signal?: AbortSignal;
}

/*
 * What may be deleted, and why it is safe:
 *
 * - Refresh tokens are never deleted on their own, only with their session. Rotation marks a token
 *   used, and presenting a used token again is how a stolen token is detected (auth.service
 *   changeToken revokes the session). The legitimate client may present its old token at any time
 *   while the session lives (a laptop asleep for weeks), so a used token is needed exactly as long as
 *   its session works. Sessions end at most 30 days after login (absolute expiry), which bounds them.
 * - One-time tokens stop working when used or expired (recovery.service findLiveToken); a dead link
 *   answers the same 400 whether its row exists or not.
 * - Only SENT and FAILED e-mails are touched. The dispatcher claims PENDING rows only, and SENT and
 *   FAILED are final, so an emptied message is never sent again.
 * - Only DONE and FAILED domain events are deleted, both final. The dispatcher holds a fic's event
 *   back only for an earlier PENDING one, so deleting handled events never changes what is due.
 *   Subscribers that keep an event's id as their idempotency key (mail_outbox.event_id,
 *   tracking_events.event_id) need it only while the event may be delivered again: while PENDING.
 *
 * Every condition below is backed by an index: sessions_ended_at_idx, one_time_tokens_ended_at_idx,
 * mail_outbox_body_to_clear_idx, mail_outbox_created_idx and domain_events_handled_idx. Expressions and constants are written
 * inline, exactly as in those definitions: an expression index only serves the same expression, and
 * a partial index only a condition that provably implies its predicate, which a bound parameter
 * ($1 in place of 'SENT') may not.
 */

/** When a session stopped working: revoked or expired, whichever came first (NULLs are ignored). */
const sessionEndedAt = sql`least(${sessions.revokedAt}, ${sessions.expiresAt})`;
/** When a one-time token stopped working: used or expired, whichever came first. */
const tokenEndedAt = sql`least(${oneTimeTokens.usedAt}, ${oneTimeTokens.expiresAt})`;
const mailHandled = sql`${mailOutbox.status} in ('SENT', 'FAILED')`;
const mailHasBody = sql`(${mailOutbox.text} <> '' or ${mailOutbox.html} <> '')`;
/**
 * The handled events of one status old enough to go. `status <> 'PENDING'` is spelled as
 * domain_events_handled_idx's predicate (on occurred_at), beside the status it narrows to.
 */
export function expiredEvents(status: 'DONE' | 'FAILED', now: Date): SQL {
  const retention = status === 'DONE' ? EVENT_DONE_RETENTION_MS : EVENT_FAILED_RETENTION_MS;
  const cutoff = new Date(now.getTime() - retention);
  return sql`${domainEvents.status} <> 'PENDING' and ${domainEvents.status} = ${sql.raw(`'${status}'`)} and ${domainEvents.occurredAt} <= ${timestamp(cutoff)}`;
}

/**
 * Deletes up to `size` rows of `table` matching `condition` (rows another transaction holds are
 * skipped until the next run); resolves to how many went.
 */
function deleteBatch(
  db: Db,
  table: typeof sessions | typeof oneTimeTokens | typeof mailOutbox | typeof domainEvents,
  condition: SQL,
  size: number,
): () => Promise<number> {
  return async () => {
    const picked = db
      .select({ id: table.id })
      .from(table)
      .where(condition)
      .limit(size)
      .for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(byId(table.id, picked)).returning({ id: table.id });
    return deleted.length;
  };
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/**
 * `id = any(array(<ids>))`: the batch's ids are picked once, then its rows are reached by primary
 * key. (`id in (<ids>)` may be planned as a join that reads the whole table for every batch.)
 */
const byId = (id: AnyPgColumn, ids: SQLWrapper) => sql`${id} = any(array(${ids}))`;

/**
 * Removes what is no longer needed: dead sessions (with their refresh tokens), dead one-time tokens,
 * the bodies of handled e-mails and, after 90 days, the handled e-mails themselves; and enforces the
 * retention of accounts (issue 22.6): the notice, the erasure 30 days later, the traces within 60.
 *
 * Only one instance works at a time: the run holds a PostgreSQL advisory lock, and resolves to null
 * when another instance holds it. The work goes in batches of bounded statements, each its own
 * transaction, so a backlog of millions of rows never becomes one huge transaction.
 */
export async function runHousekeeping(options: HousekeepingOptions): Promise<HousekeepingCounts | null> {
  const { db } = options;
  if (!hasSeveralConnections(db)) {
    // PGlite: one connection, and a query outside a transaction waits until the transaction ends,
    // so the work could not run beside a transaction holding the lock. An embedded database belongs
    // to one process (architecture.md §1), so a run in progress in this process is the only rival.
    if (runningOnOneConnection.has(db)) {
      return null;
    }
    runningOnOneConnection.add(db);
    try {
      return await removeDeadRows(options);
    } finally {
      runningOnOneConnection.delete(db);
    }
  }
  // A server: this transaction only holds the lock (released when it ends, even if the process dies);
  // the batches run on other pooled connections and commit one by one.
  return db.transaction(async (lockTx) => {
    // Idle between our own statements by design: a server-wide idle timeout must not cut the lock.
    await lockTx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    const result = await lockTx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('housekeeping')) as locked`,
    );
    if ((result as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) {
      return null;
    }
    return removeDeadRows(options);
  });
}

const runningOnOneConnection = new WeakSet<Db>();

/**
 * True for a pool of several connections (a server); false for PGlite or a single client. Told by
 * shape, not `instanceof pg.Pool`: pg is loaded only when a server is used (db/client.ts), and of
 * the clients drizzle is given only pg's Pool counts its connections (`totalCount`).
 */
function hasSeveralConnections(db: Db): boolean {
  const client = (db as { $client?: unknown }).$client;
  return isPool(client) && (client.options.max ?? 10) > 1;
}

function isPool(client: unknown): client is pg.Pool {
  return typeof client === 'object' && client !== null && 'totalCount' in client && 'options' in client;
}

async function removeDeadRows(options: HousekeepingOptions): Promise<HousekeepingCounts> {
  const { db, now, signal } = options;
  const size = options.batchSize ?? HOUSEKEEPING_BATCH_SIZE;
  const sessionSize = Math.min(size, SESSION_BATCH_SIZE);
  const counts: HousekeepingCounts = {
    sessions: 0,
    oneTimeTokens: 0,
    mailsDeleted: 0,
    mailBodiesCleared: 0,
    eventsDeleted: 0,
    consentCopiesLifted: 0,
    retentionNotices: 0,
    accountsErased: 0,
    erasureTracesCleared: 0,
  };

  /**
   * Runs `batch` until it touches fewer rows than a full batch (or the run is aborted). Each batch
   * picks its rows FOR UPDATE SKIP LOCKED: a row a request holds is left for the next run, so
   * housekeeping never waits on a request.
   */
  const repeat = async (batch: () => Promise<number>, limit: number): Promise<number> => {
    let total = 0;
    while (!signal?.aborted) {
      const touched = await batch();
      total += touched;
      if (touched < limit) {
        break;
      }
    }
    return total;
  };
  const sessionCutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
  counts.sessions = await repeat(
    deleteBatch(db, sessions, sql`${sessionEndedAt} <= ${timestamp(sessionCutoff)}`, sessionSize),
    sessionSize,
  );

  counts.oneTimeTokens = await repeat(
    deleteBatch(db, oneTimeTokens, sql`${tokenEndedAt} <= ${timestamp(now)}`, size),
    size,
  );

  const mailCutoff = new Date(now.getTime() - MAIL_RETENTION_MS);
  counts.mailsDeleted = await repeat(
    deleteBatch(
      db,
      mailOutbox,
      sql`${mailHandled} and ${mailOutbox.createdAt} <= ${timestamp(mailCutoff)}`,
      size,
    ),
    size,
  );

  counts.mailBodiesCleared = await repeat(async () => {
    const cleared = await db
      .update(mailOutbox)
      .set({ text: '', html: '' })
      .where(
        byId(
          mailOutbox.id,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(sql`${mailHandled} and ${mailHasBody}`)
            .limit(size)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning({ id: mailOutbox.id });
    return cleared.length;
  }, size);

  for (const status of ['DONE', 'FAILED'] as const) {
    counts.eventsDeleted += await repeat(
      deleteBatch(db, domainEvents, expiredEvents(status, now), size),
      size,
    );
  }

  // One statement over the students of one birth year (users_birth_year_idx): no batches needed.
  if (!signal?.aborted) {
    counts.consentCopiesLifted = await refreshWithheldTurned14(db, now);
  }

  // Retention (issue 22.6): notices, then the erasures whose notice ran out (one transaction per
  // account), then what earlier erasures left behind (one transaction per person).
  counts.retentionNotices = await repeat(
    () => markRetentionNotices({ db, now, batchSize: Math.min(size, RETENTION_BATCH_SIZE) }),
    Math.min(size, RETENTION_BATCH_SIZE),
  );
  // An account that cannot be erased fails the run, but only after the others and the traces:
  // a broken account must not keep anyone's traces past their 60 days.
  const erasure: { failure?: Error } = {};
  if (!signal?.aborted) {
    counts.accountsErased = await eraseRetainedAccounts({
      db,
      now,
      batchSize: Math.min(size, RETENTION_BATCH_SIZE),
      signal,
    }).catch((error: unknown) => {
      erasure.failure = error instanceof Error ? error : new Error('falló la supresión por inactividad');
      return 0;
    });
  }
  if (!signal?.aborted) {
    counts.erasureTracesCleared = (await clearErasureTraces({ db, now, signal })).people;
  }
  if (erasure.failure) {
    throw erasure.failure;
  }

  return counts;
}

/** Total rows a run touched; 0 means there was nothing to do. */
export function countTotal(counts: HousekeepingCounts): number {
  return (
    counts.sessions +
    counts.oneTimeTokens +
    counts.mailsDeleted +
    counts.mailBodiesCleared +
    counts.eventsDeleted +
    counts.consentCopiesLifted +
    counts.retentionNotices +
    counts.accountsErased +
    counts.erasureTracesCleared
  );
}
