/**
 * Blocking (issue 21.4, docs/decisions/blocks.md): a student blocks another student. The effect is
 * read by the comments module through `blockedEitherWay`, in the same SQL as its lists and writes,
 * so a block counts from the moment its row is in. Every query is scoped to the caller as blocker.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blockMessages, type BlockedUser, type BlocksQuery, type Paged } from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { roles, userBlocks, users } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { mediaUrl } from '../media';

/**
 * True when `actorId` blocked the user in `otherUserColumn` or was blocked by them: two probes,
 * one on the primary key (blocker_id, blocked_id) and one on user_blocks_blocked_idx. Lists keep a
 * row with `not blockedEitherWay(...)`; writes refuse with `assertNotBlocked`.
 */
export function blockedEitherWay(actorId: string, otherUserColumn: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`(exists (
      select 1 from ${userBlocks}
      where ${userBlocks.blockerId} = ${actorId} and ${userBlocks.blockedId} = ${otherUserColumn}
    ) or exists (
      select 1 from ${userBlocks}
      where ${userBlocks.blockedId} = ${actorId} and ${userBlocks.blockerId} = ${otherUserColumn}
    ))`;
}

/**
 * A list's condition that leaves out what the caller's blocked people (either way) wrote; nothing
 * for a visitor, who blocks nobody and whom nobody can block.
 */
export function notBlockedWith(actor: Actor | null, writerColumn: AnyPgColumn): SQL | undefined {
  return actor ? sql`not ${blockedEitherWay(actor.userId, writerColumn)}` : undefined;
}

/**
 * Whether the caller and any of `userIds` are blocked either way, in one query (the primary key one
 * way, user_blocks_blocked_idx the other).
 */
export async function isBlockedWith(options: {
  db: DbOrTx;
  actor: Actor;
  /** A null (an erased writer, an orphaned fic's author: issue 22.4) blocks no one. */
  userIds: readonly (string | null)[];
}): Promise<boolean> {
  const { db, actor } = options;
  const others = [...new Set(options.userIds)].filter(
    (id): id is string => id !== null && id !== actor.userId,
  );
  if (others.length === 0) {
    return false;
  }
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, actor.userId), inArray(userBlocks.blockedId, others)),
        and(eq(userBlocks.blockedId, actor.userId), inArray(userBlocks.blockerId, others)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Refuses (403 with `message`) when the caller and any of `userIds` are blocked either way. */
export async function assertNotBlocked(options: {
  db: DbOrTx;
  actor: Actor;
  userIds: readonly (string | null)[];
  message: string;
}): Promise<void> {
  if (await isBlockedWith(options)) {
    throw forbidden(options.message);
  }
}

const blockedUserColumns = {
  id: users.id,
  name: users.name,
  profilePictureId: users.profilePictureId,
  createdAt: userBlocks.createdAt,
};
type BlockedRow = { id: string; name: string; profilePictureId: string | null; createdAt: Date };

const toBlockedUser = (row: BlockedRow): BlockedUser => ({
  user: {
    _id: row.id,
    name: row.name,
    profilePicture: row.profilePictureId ? { url: mediaUrl(row.profilePictureId) } : null,
  },
  createdAt: row.createdAt.toISOString(),
});

/** Only students block (the issue; teachers and administrators moderate instead). */
function assertStudent(actor: Actor): void {
  if (actor.role !== 'STUDENT') {
    throw forbidden(blockMessages.onlyStudents);
  }
}

/**
 * POST /blocks: the caller (a student) blocks another student. Yourself: 400; an unknown user: 404;
 * a teacher or an administrator: 403 (they keep supervising). Blocking again answers the block that
 * exists (`created: false`, 200): the insert's ON CONFLICT DO NOTHING on the primary key settles
 * two blocks at once to one row.
 */
export async function blockUser(options: {
  db: Db;
  actor: Actor;
  userId: string;
}): Promise<{ block: BlockedUser; created: boolean }> {
  const { db, actor, userId } = options;
  assertStudent(actor);
  if (userId === actor.userId) {
    throw validationError({ userId: blockMessages.self });
  }
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, name: users.name, profilePictureId: users.profilePictureId, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!target) {
      throw notFound(blockMessages.userNotFound);
    }
    if (target.role !== 'STUDENT') {
      throw forbidden(blockMessages.notStudent);
    }
    const inserted = await tx
      .insert(userBlocks)
      .values({ blockerId: actor.userId, blockedId: userId })
      .onConflictDoNothing()
      .returning({ createdAt: userBlocks.createdAt });
    // A new block only (the blocker's activity, issue 21.7); a repeated click changes nothing.
    if (inserted.length > 0) {
      await emitEvent(tx, {
        type: 'user.blocked',
        actor: { userId: actor.userId, role: actor.role },
        payload: { blockerId: actor.userId, blockedId: userId },
      });
    }
    const createdAt =
      inserted[0]?.createdAt ??
      (
        await tx
          .select({ createdAt: userBlocks.createdAt })
          .from(userBlocks)
          .where(and(eq(userBlocks.blockerId, actor.userId), eq(userBlocks.blockedId, userId)))
      )[0]!.createdAt;
    return { block: toBlockedUser({ ...target, createdAt }), created: inserted.length > 0 };
  });
}

/**
 * DELETE /blocks/:userId: lifts the caller's block; 404 when there is none. The delete and its
 * `user.unblocked` commit together; of two parallel calls only the one that deleted the row emits.
 */
export async function unblockUser(options: { db: Db; actor: Actor; userId: string }): Promise<void> {
  const { db, actor, userId } = options;
  assertStudent(actor);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, actor.userId), eq(userBlocks.blockedId, userId)))
      .returning({ blockedId: userBlocks.blockedId });
    if (deleted.length === 0) {
      throw notFound(blockMessages.notBlocked);
    }
    await emitEvent(tx, {
      type: 'user.unblocked',
      actor: { userId: actor.userId, role: actor.role },
      payload: { blockerId: actor.userId, blockedId: userId },
    });
  });
}

/** GET /blocks: the people the caller blocked, newest first (user_blocks_blocker_created_idx). */
export async function listBlocks(options: {
  db: DbOrTx;
  actor: Actor;
  query: BlocksQuery;
}): Promise<Paged<BlockedUser>> {
  const { db, actor, query } = options;
  assertStudent(actor);
  const mine = eq(userBlocks.blockerId, actor.userId);
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select(blockedUserColumns)
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(mine)
        .orderBy(desc(userBlocks.createdAt), asc(userBlocks.blockedId))
        .limit(limit)
        .offset(offset);
      return rows.map(toBlockedUser);
    },
    count: async () => db.$count(userBlocks, mine),
  });
}
