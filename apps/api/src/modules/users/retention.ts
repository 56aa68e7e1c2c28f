import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/personal-data';
import { emitEvents } from '../events';

/**
 * Retention of accounts (issue 22.6, docs/decisions/privacy.md 'Conservación'): an account nobody
 * signed in to for 6 years (counted from its creation when it never was: students created by their
 * school may never log in) is told 30 days before, then erased. The users module keeps when each
 * account was last used and whether it was told; the erasure itself is modules/personal-data's.
 */
export const RETENTION_YEARS = 6;
export const RETENTION_NOTICE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A login: the account is in use, so a notice given is void and the next cycle starts from now. An
 * upsert (the row is written with the account, by a trigger; this never depends on it). Called
 * first in the login's transaction: that transaction then takes this row before the account's (a
 * session's key share), the order the retention erasure's SKIP LOCKED relies on.
 */
export async function recordLogin(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(
    sql`insert into user_retention (user_id, last_used_at) values (${userId}, now())
        on conflict (user_id) do update set last_used_at = excluded.last_used_at, notice_at = null`,
  );
}

/**
 * Takes an account's retention row before its own row, in a login's order (recordLogin, then the
 * session's key share on the account): an erasure that locks this first and the account next waits
 * for a login in progress, or makes it wait and then fail on the vanished account, and never
 * deadlocks with it.
 */
export async function lockRetentionRow(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from user_retention where user_id = ${userId} for update`);
}

/** The day (YYYY-MM-DD) `date` falls on in Chile. */
function chileanDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** Accounts last used at or before this are told now: 6 years before `now`, plus the notice's 30 days. */
export function noticeCutoff(now: Date): Date {
  const sixYearsAgo = new Date(now);
  sixYearsAgo.setUTCFullYear(sixYearsAgo.getUTCFullYear() - RETENTION_YEARS);
  return new Date(sixYearsAgo.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
}

/** Notices given at or before this may be acted on: 30 days before `now`. */
export function erasureCutoff(now: Date): Date {
  return new Date(now.getTime() - RETENTION_NOTICE_DAYS * DAY_MS);
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Marks up to `batchSize` accounts due for the notice and announces `user.retention_notice_due` for
 * each, in one transaction: the mark and the event commit together, so each account is told once
 * (the mark takes it out of the selection; a login clears it). Rows a login holds are skipped (SKIP
 * LOCKED) until the next run. An administrator is told only while another administrator is in use:
 * the last one is never erased, so they are not told they will be. Answers how many were told.
 */
export async function markRetentionNotices(options: {
  db: Db;
  now: Date;
  batchSize: number;
}): Promise<number> {
  const { db, now, batchSize } = options;
  const cutoff = noticeCutoff(now);
  const eraseOn = chileanDay(new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS));
  return db.transaction(async (tx) => {
    // The predicate spelled as user_retention_due_idx's.
    const told = await rowsOf<{ id: string }>(
      tx,
      sql`update user_retention set notice_at = ${ts(now)}
          where user_id = any(array(
            select r.user_id from user_retention r join users u on u.id = r.user_id
            where r.notice_at is null and r.last_used_at <= ${ts(cutoff)}
              and (u.role_id <> (select id from roles where name = 'ADMIN') or exists (
                select 1 from users a join user_retention ar on ar.user_id = a.id
                where a.role_id = u.role_id and a.id <> u.id and ar.notice_at is null
                  and ar.last_used_at > ${ts(cutoff)}))
            order by r.last_used_at, r.user_id
            limit ${batchSize}
            for update of r skip locked))
            and notice_at is null
          returning user_id as id`,
    );
    await emitEvents(
      tx,
      told.map((row) => ({
        type: 'user.retention_notice_due' as const,
        actor: null,
        payload: { userId: row.id, eraseOn },
      })),
    );
    return told.length;
  });
}
