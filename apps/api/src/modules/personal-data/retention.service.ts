import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  eraseEverything,
  rowsOf,
  type ErasedCounts,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';
import { erasureCutoff } from '../users';
import { erasePersonalData } from './erase.service';
import { isLastAdministrator, recordErasure } from './erasure.service';
import { personalDataRegister } from './register';

/** Names shorter than this are not searched for in others' rows (clearTraces): too many would match. */
const SEARCHABLE_NAME_LENGTH = 5;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The accounts told 30 days ago or more and not signed in to since (a login clears the mark), as
 * user_retention_notice_idx serves them. Spelled once: the selection and the check inside each
 * erasure's transaction use the same condition.
 */
const retentionDue = (now: Date) => sql`r.notice_at is not null and r.notice_at <= ${ts(erasureCutoff(now))}`;

/**
 * Erases the accounts whose notice ran out (issue 22.6, docs/decisions/privacy.md 'Conservación'),
 * each in its own transaction, through the register like any erasure, with everything going
 * (eraseEverything: no fic kept, comments and replies left as 'Usuario eliminado' without their
 * text: nobody chose otherwise for them), recorded with cause RETENTION and no performer.
 *
 * Safe to run twice at once and to repeat: each transaction takes the person's rows (account and
 * retention) with the due condition again, FOR UPDATE SKIP LOCKED, so a login that committed
 * meanwhile (the mark cleared) erases nobody, rows a login or another run holds are left for the
 * next run (never waited for: no deadlock with a login), and an erased account is no longer found. The last administrator is never erased (their mark stays, and is checked
 * again next time). Walks the due accounts by (retention_notice_at, id), `batchSize` at a time, so
 * a skipped account does not stop the walk, nor a failing one (the others go on; its error is thrown
 * at the end). Answers how many were erased.
 */
export async function eraseRetainedAccounts(options: {
  db: Db;
  now: Date;
  batchSize: number;
  signal?: AbortSignal;
  /** The register to erase over (tests); the modules' own by default. */
  register?: readonly PersonalDataDeclaration[];
}): Promise<number> {
  const { db, now, batchSize, signal, register } = options;
  let erased = 0;
  let firstFailure: Error | null = null;
  let after: { at: string; id: string } | null = null;
  while (!signal?.aborted) {
    const due: { id: string; at: string }[] = await rowsOf<{ id: string; at: string }>(
      db,
      sql`select r.user_id as id, to_char(r.notice_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
          from user_retention r where ${retentionDue(now)}
          ${after ? sql`and (r.notice_at, r.user_id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by r.notice_at, r.user_id limit ${batchSize}`,
    );
    for (const account of due) {
      if (signal?.aborted) {
        break;
      }
      try {
        if (await eraseOne(db, account.id, now, register)) {
          erased += 1;
        }
      } catch (error) {
        // One account that cannot be erased (rolled back whole) must not hold back the others:
        // they go on, and the run fails afterwards with its error, logged by the scheduler.
        firstFailure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    if (due.length < batchSize) {
      break;
    }
    after = due[due.length - 1]!;
  }
  if (firstFailure !== null) {
    throw firstFailure;
  }
  return erased;
}

/** One account's erasure for retention, in its own transaction; false when it is not due any more. */
function eraseOne(
  db: Db,
  userId: string,
  now: Date,
  register: readonly PersonalDataDeclaration[] | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [person] = await rowsOf<{ email: string; role: string }>(
      tx,
      sql`select u.email, ro.name as role
          from users u join user_retention r on r.user_id = u.id join roles ro on ro.id = u.role_id
          where u.id = ${userId} and ${retentionDue(now)}
          for update of u, r skip locked`,
    );
    if (!person) {
      return false;
    }
    if (person.role === 'ADMIN' && (await isLastAdministrator(tx))) {
      return false;
    }
    const counts = await erasePersonalData({
      tx,
      userId,
      email: person.email,
      choices: eraseEverything,
      now,
      register,
    });
    await recordErasure(tx, { actor: null, userId, cause: 'RETENTION', counts, choices: eraseEverything });
    return true;
  });
}

/**
 * Clears what still names the people erased ERASURE_TRACE_DAYS ago (issue 22.6): each module's
 * `clearTraces` over the register (events, mails, requests), then the trace itself, one person per
 * transaction (each reads the events and the outbox once); a trace another run holds is skipped
 * (SKIP LOCKED) and left to it. Answers how many people were cleared and the rows removed per table.
 */
export async function clearErasureTraces(options: {
  db: Db;
  now: Date;
  signal?: AbortSignal;
  register?: readonly PersonalDataDeclaration[];
}): Promise<{ people: number; rows: ErasedCounts }> {
  const { db, now, signal } = options;
  const register = options.register ?? personalDataRegister;
  const rows: ErasedCounts = {};
  let people = 0;
  while (!signal?.aborted) {
    const cleared = await db.transaction(async (tx) => {
      const [trace] = await rowsOf<{ id: string; user_id: string; email: string; name: string }>(
        tx,
        sql`select id, user_id, email, name from erasure_traces where purge_at <= ${ts(now)}
            order by purge_at, id limit 1 for update skip locked`,
      );
      if (!trace) {
        return false;
      }
      const name = trace.name.trim();
      for (const declaration of register) {
        const removed = await declaration.clearTraces?.({
          tx,
          userId: trace.user_id,
          email: trace.email,
          name: name.length >= SEARCHABLE_NAME_LENGTH ? name : null,
        });
        for (const [table, count] of Object.entries(removed ?? {})) {
          rows[table] = (rows[table] ?? 0) + count;
        }
      }
      await tx.execute(sql`delete from erasure_traces where id = ${trace.id}`);
      return true;
    });
    if (!cleared) {
      break;
    }
    people += 1;
  }
  return { people, rows };
}
