import { sql } from 'drizzle-orm';
import {
  erasureMessages,
  userMessages,
  type ErasureBody,
  type ErasureCause,
  type ErasureOptions,
  type ErasureRecord,
  type Paged,
  type PageQuery,
} from '@fics/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import {
  eraseEverything,
  isoDate,
  rowsOf,
  type ErasedCounts,
  type ErasureChoices,
} from '../../lib/personal-data';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { publishedStoriesOf } from '../stories';
import { assertCanManage, findUserRecord, lockRetentionRow } from '../users';
import { erasePersonalData } from './erase.service';

interface ErasureRow {
  id: string;
  cause: ErasureCause;
  privacy_request_id: string | null;
  performed_by: string | null;
  performer_name: string | null;
  counts: Record<string, number>;
  stories_kept: number;
  comment_texts_removed: boolean;
  created_at: unknown;
}

const erasureView = (row: ErasureRow): ErasureRecord => ({
  _id: row.id,
  cause: row.cause,
  privacyRequestId: row.privacy_request_id,
  performedBy:
    row.performed_by && row.performer_name ? { _id: row.performed_by, name: row.performer_name } : null,
  counts: row.counts,
  storiesKept: Number(row.stories_kept),
  commentTextsRemoved: row.comment_texts_removed,
  createdAt: isoDate(row.created_at)!,
});

const erasureSelect = sql`select e.id, e.cause, e.privacy_request_id, e.performed_by, u.name as performer_name,
    e.counts, e.stories_kept, e.comment_texts_removed, e.created_at
  from erasures e left join users u on u.id = e.performed_by`;

function assertAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor || actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

/** The person's published fics (the choices to make) and how many comments and replies they wrote. */
export async function getErasureOptions(options: {
  db: DbOrTx;
  actor: Actor;
  userId: string;
}): Promise<ErasureOptions> {
  const { db, actor, userId } = options;
  assertAdmin(actor);
  const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where id = ${userId}`);
  if (!user) {
    throw notFound(erasureMessages.notFound);
  }
  // At most as many as a body may choose for (the contracts' 1000); the author's index serves it.
  const stories = await publishedStoriesOf(db, userId, 1000);
  const [written] = await rowsOf<{ n: number }>(
    db,
    sql`select ((select count(*) from comments where author_id = ${userId})
      + (select count(*) from comment_replies where author_id = ${userId}))::int as n`,
  );
  return {
    stories: stories.map((row) => ({
      _id: row.id,
      title: row.title,
      publishedAt: isoDate(row.published_at)!,
    })),
    comments: Number(written?.n ?? 0),
  };
}

/**
 * The one way a person's account goes (issue 22.4, docs/decisions/privacy.md 'Supresión'), in the
 * caller's transaction: the person's row locked (parallel erasures: the second finds no one, 404),
 * the last administrator kept (409), every module's rows over the register (erasePersonalData) with
 * the choices, `user.deleted` announced (its id only) and the erasure record written (no personal
 * data). Whoever calls it has decided that `actor` may erase this person.
 */
async function erasePerson(options: {
  tx: Tx;
  actor: Actor;
  userId: string;
  cause: Exclude<ErasureCause, 'RETENTION'>;
  requestId?: string;
  /** From the person's published fics (already locked with their row) to what is kept. */
  choose: (published: ReadonlySet<string>) => ErasureChoices;
}): Promise<ErasureRecord> {
  const { tx, actor, userId } = options;
  // A login's order: its retention row, then the account (no deadlock with a login in progress).
  await lockRetentionRow(tx, userId);
  const [person] = await rowsOf<{ email: string; role: string }>(
    tx,
    sql`select u.email, r.name as role from users u join roles r on r.id = u.role_id
        where u.id = ${userId} for update of u`,
  );
  if (!person) {
    throw notFound(erasureMessages.notFound);
  }
  if (person.role === 'ADMIN' && (await isLastAdministrator(tx))) {
    throw conflict(erasureMessages.lastAdmin);
  }
  // Every published fic of theirs: a person has far fewer than this (the fic's statuses are
  // modules/stories' own, so it answers which are published).
  const published = new Set((await publishedStoriesOf(tx, userId, 100_000)).map((row) => row.id));
  const choices = options.choose(published);
  const counts = await erasePersonalData({ tx, userId, email: person.email, choices });
  const recordId = await recordErasure(tx, {
    actor,
    userId,
    cause: options.cause,
    requestId: options.requestId,
    counts,
    choices,
  });
  const [row] = await rowsOf<ErasureRow>(tx, sql`${erasureSelect} where e.id = ${recordId}`);
  return erasureView(row!);
}

/**
 * Whether an administrator being erased is the last one. Every administrator's row is locked, in one
 * order, first: two erasing each other (or the retention job and an administrator) wait, and one
 * stays.
 */
export async function isLastAdministrator(tx: Tx): Promise<boolean> {
  const admins = await rowsOf<{ id: string }>(
    tx,
    sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'ADMIN'
        order by u.id for update of u`,
  );
  return admins.length <= 1;
}

/**
 * An erasure's end, whatever its cause: `user.deleted` announced (caches, sessions) and the record
 * written, with the counts and choices and no personal data. Answers the record's id.
 */
export async function recordErasure(
  tx: Tx,
  erasure: {
    /** Who erased: null only for the retention job. */
    actor: Actor | null;
    userId: string;
    cause: ErasureCause;
    requestId?: string;
    counts: ErasedCounts;
    choices: ErasureChoices;
  },
): Promise<string> {
  const { actor, userId, counts, choices } = erasure;
  await emitEvent(tx, { type: 'user.deleted', actor, payload: { userId } });
  const [record] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into erasures (cause, privacy_request_id, performed_by, counts, stories_kept, comment_texts_removed)
        values (${erasure.cause}, ${erasure.requestId ?? null}, ${actor?.userId ?? null}, ${JSON.stringify(counts)}::jsonb,
          ${choices.keepStoryIds.length}, ${choices.removeCommentTexts})
        returning id`,
  );
  return record!.id;
}

/**
 * Erases an account with the person's choices (POST /users/:id/erasure): the published fics they
 * chose kept as 'Anónimo', their comments under 'Usuario eliminado' (without text if they asked).
 * An administrator erases (not themselves, nor the last administrator); `requestId` must be an open,
 * confirmed ERASURE request. Fics listed must be the person's published ones (400 otherwise,
 * nothing changes).
 */
export async function eraseAccount(options: {
  db: Db;
  actor: Actor;
  userId: string;
  body: ErasureBody;
}): Promise<ErasureRecord> {
  const { db, actor, userId, body } = options;
  assertAdmin(actor);
  if (actor.userId === userId) {
    throw conflict(erasureMessages.deleteSelf);
  }
  return db.transaction(async (tx) => {
    if (body.requestId) {
      const [request] = await rowsOf<{ id: string }>(
        tx,
        sql`select id from privacy_requests where id = ${body.requestId} and type = 'ERASURE'
            and status in ('PENDING', 'EXTENDED') and confirmed_at is not null`,
      );
      if (!request) {
        throw validationError({ requestId: erasureMessages.requestNotErasure });
      }
    }
    return erasePerson({
      tx,
      actor,
      userId,
      cause: 'ADMIN',
      requestId: body.requestId,
      choose: (published) => {
        const chosen = new Map(body.stories.map((choice) => [choice.id, choice.keep]));
        if ([...chosen.keys()].some((id) => !published.has(id))) {
          throw validationError({ stories: erasureMessages.storyNotPublished });
        }
        return {
          keepStoryIds: [...published].filter((id) => chosen.get(id) ?? body.defaultKeep),
          removeCommentTexts: body.removeCommentTexts,
        };
      },
    });
  });
}

/**
 * DELETE /users/:id, the staff's deletion (docs/decisions/users.md 'Deleting a user'): the same
 * erasure with everything going (eraseEverything: no fic kept, comments left as 'Usuario eliminado'
 * without their text), recorded with cause STAFF. An administrator deletes anyone but themselves
 * and the last administrator; a teacher only their own students (users' assertCanManage, asked
 * with the row locked, so a student moved out of the grade meanwhile is not theirs any more);
 * others 404 for whom they may not see, 403 otherwise.
 */
export async function deleteAccount(options: {
  db: Db;
  actor: Actor;
  userId: string;
}): Promise<ErasureRecord> {
  const { db, actor, userId } = options;
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
  if (userId === actor.userId) {
    throw conflict(userMessages.deleteSelf);
  }
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      await assertCanManage({ db: tx, actor, target: await findUserRecord(tx, userId) });
      return erasePerson({ tx, actor, userId, cause: 'STAFF', choose: () => eraseEverything });
    });
  } catch (error) {
    // A table the register misses would keep the users row: refused whole rather than a 500.
    if (isForeignKeyViolation(error)) {
      throw conflict(userMessages.userStillReferenced);
    }
    throw error;
  }
}

/** GET /erasures (administrators): the records, newest first, a page at a time (erasures_created_idx). */
export async function listErasures(options: {
  db: DbOrTx;
  actor: Actor;
  query: PageQuery;
}): Promise<Paged<ErasureRecord>> {
  const { db, actor, query } = options;
  assertAdmin(actor);
  return readPage({
    query,
    fetch: async ({ limit, offset }) =>
      (
        await rowsOf<ErasureRow>(
          db,
          sql`${erasureSelect} order by e.created_at desc, e.id limit ${limit} offset ${offset}`,
        )
      ).map(erasureView),
    count: async () => {
      const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from erasures`);
      return Number(row?.n ?? 0);
    },
  });
}
