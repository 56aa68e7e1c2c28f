import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  CreateUserBody,
  Inscription,
  RoleName,
  Paged,
  UpdateUserBody,
  User,
  UsersFilter,
  UsersQuery,
} from '@fics/contracts';
import { gradeLabel, pageOf, userMessages } from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { grades, userCounts, userGrades, users } from '../../db/schema';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { escapeLike, readPage, searchWords } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import type { SecurityLog } from '../../lib/security-log';
import { queueInvitations, retireOneTimeTokens, revokeUserSessions } from '../credentials';
import { emitEvent } from '../events';
import { teacherGrades } from '../colleges';
import { processImage, storeImage } from '../media';
import { resolveMemberships } from './memberships';
import { replaceProfilePicture } from './profile-picture';
import {
  assertCanManage,
  assertCanView,
  assertTeacherOwnsGrades,
  authorizeAccountCreation,
  findRole,
  findUserRecord,
  lockAdminIds,
  roleIdsByName,
  type UserRecord,
} from './users.access';
import { loadUserView, loadUserViews } from './user-view';

const emailTaken = () => conflict(userMessages.emailTaken, { email: userMessages.emailTaken });

/**
 * The SQL conditions selecting the users the actor may list with these filters, or null when the
 * answer is empty. Administrators see everyone; a teacher sees only the students of their own
 * grades, the scope applied inside the query so pages and totals never count anyone else. A
 * teacher naming a school or grade that is not theirs is refused (403); filtering by another role
 * gives an empty list. `search` matches part of the name or e-mail, every word, ignoring accents
 * and case (the trigram index on users.search_text).
 */
export async function userListConditions(options: {
  db: DbOrTx;
  actor: Actor;
  filter: UsersFilter;
}): Promise<{ where: SQL[]; scoped: boolean } | null> {
  const { db, actor, filter } = options;
  const where: SQL[] = [];
  let gradeScope: string[] | undefined;
  if (actor.role === 'TEACHER') {
    const own = await teacherGrades(db, actor.userId);
    if (filter.collegeId && !own.some((g) => g.collegeId === filter.collegeId)) {
      throw forbidden(userMessages.filterOutsideScope);
    }
    if (filter.gradeId && !own.some((g) => g.gradeId === filter.gradeId)) {
      throw forbidden(userMessages.filterOutsideScope);
    }
    const studentRoleId = (await roleIdsByName(db)).STUDENT;
    if (filter.roleId && filter.roleId !== studentRoleId) {
      return null;
    }
    where.push(eq(users.roleId, studentRoleId));
    gradeScope = own
      .filter((g) => !filter.collegeId || g.collegeId === filter.collegeId)
      .filter((g) => !filter.gradeId || g.gradeId === filter.gradeId)
      .map((g) => g.gradeId);
    if (gradeScope.length === 0) {
      return null;
    }
  } else if (actor.role === 'ADMIN') {
    if (filter.roleId) {
      where.push(eq(users.roleId, filter.roleId));
    }
    if (filter.gradeId) {
      gradeScope = [filter.gradeId];
    }
  } else {
    throw forbidden();
  }
  if (gradeScope) {
    where.push(
      inArray(
        users.id,
        db.select({ id: userGrades.userId }).from(userGrades).where(inArray(userGrades.gradeId, gradeScope)),
      ),
    );
  }
  if (filter.collegeId && actor.role === 'ADMIN') {
    where.push(
      inArray(
        users.id,
        db
          .select({ id: userGrades.userId })
          .from(userGrades)
          .innerJoin(grades, eq(grades.id, userGrades.gradeId))
          .where(eq(grades.collegeId, filter.collegeId)),
      ),
    );
  }
  for (const word of searchWords(filter.search)) {
    where.push(sql`${users.searchText} like '%' || fics_fold(${escapeLike(word)}) || '%'`);
  }
  return { where, scoped: gradeScope !== undefined || filter.collegeId !== undefined };
}

/** The total of a list without a search or a school/grade scope: the per-role counters, not a count of every row. */
async function countByRole(db: DbOrTx, roleId: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${userCounts.count}), 0)`.mapWith(Number) })
    .from(userCounts)
    .where(roleId ? eq(userCounts.roleId, roleId) : undefined);
  return row?.total ?? 0;
}

/**
 * GET /users: one page of the users the actor may list, in Spanish name order (users.sort_key,
 * then id so pages never overlap), with the populated view of just that page's users.
 */
export async function listUsers(options: {
  db: DbOrTx;
  actor: Actor;
  query: UsersQuery;
}): Promise<Paged<User>> {
  const { db, query } = options;
  const conditions = await userListConditions({ db, actor: options.actor, filter: query });
  if (!conditions) {
    return pageOf([], query, 0);
  }
  const where = conditions.where.length > 0 ? and(...conditions.where) : undefined;
  const page = await readPage({
    query,
    fetch: async ({ limit, offset }) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(asc(users.sortKey), asc(users.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => r.id),
    count: async () => {
      if (!conditions.scoped && !query.search) {
        return countByRole(db, options.actor.role === 'ADMIN' ? query.roleId : undefined);
      }
      const [row] = await db.select({ total: count() }).from(users).where(where);
      return row?.total ?? 0;
    },
  });
  const views = await loadUserViews(db, page.docs);
  return { ...page, docs: page.docs.map((id) => views.get(id)).filter((u): u is User => u !== undefined) };
}

/** A teacher's schools, each with the teacher's grades in it (spec 000 §3, inscriptionObject). */
export function inscriptionOf(user: User): Inscription[] {
  if (user.role.name !== 'TEACHER') {
    return [];
  }
  return user.collegeId.map((college) => ({
    collegeId: college._id,
    collegeName: college.name,
    grades: user.gradeId
      .filter((grade) => grade.collegeId === college._id)
      .map((grade) => ({ gradeId: grade._id, gradeName: gradeLabel(grade) })),
  }));
}

export async function getUser(options: {
  db: DbOrTx;
  actor: Actor;
  userId: string;
}): Promise<{ user: User; inscriptionObject: Inscription[] }> {
  const { db, actor, userId } = options;
  await assertCanView({ db, actor, target: await findUserRecord(db, userId) });
  const user = await loadUserView(db, userId);
  if (!user) {
    throw notFound();
  }
  return { user, inscriptionObject: inscriptionOf(user) };
}

async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  if (taken) {
    throw emailTaken();
  }
}

/** Runs a write transaction, answering a lost race on the e-mail's unique index as 409. */
async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw emailTaken();
    }
    throw error;
  }
}

/**
 * Creates an account from the user list (spec 000 §5 New user). There is no password: the account
 * gets an e-mailed invitation in the same transaction (architecture.md §6.2).
 */
export async function createUser(options: {
  db: Db;
  actor: Actor;
  input: CreateUserBody;
  publicUrl: string;
}): Promise<User> {
  const { db, actor, input } = options;
  const { role, gradeIds } = await authorizeAccountCreation({
    db,
    actor,
    roleId: input.role,
    collegeIds: input.collegeId,
    gradeIds: input.gradeId,
  });
  await assertEmailFree(db, input.email);
  const userId = await withEmailConflict(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          roleId: role.id,
          passwordHash: null,
          birthYear: input.birthYear ?? null,
        })
        .returning({ id: users.id });
      const id = row!.id;
      if (gradeIds.length > 0) {
        await tx.insert(userGrades).values(gradeIds.map((gradeId) => ({ userId: id, gradeId })));
      }
      await emitEvent(tx, { type: 'user.created', actor, payload: { userId: id, roleName: role.name } });
      // The invitation carries a secret link: queued here, never through an event's payload.
      await queueInvitations({
        db: tx,
        publicUrl: options.publicUrl,
        users: [{ id, name: input.name, email: input.email }],
      });
      return id;
    }),
  );
  return (await loadUserView(db, userId))!;
}

/**
 * Edits a user from the user list (spec 000 §5 Edit user). Administrators may change anything;
 * a teacher edits only their own students, never the role, and keeps them inside their own grades.
 * Fields left out keep their value; an avatar replaces (and deletes) the previous picture.
 */
export async function updateUser(options: {
  db: Db;
  actor: Actor;
  userId: string;
  input: UpdateUserBody;
  file: Buffer | undefined;
  publicUrl: string;
  /** Where a role or e-mail change is reported once it is saved. */
  security?: SecurityLog;
}): Promise<User> {
  const { db, actor, userId, input } = options;
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
  const target = await assertCanManage({ db, actor, target: await findUserRecord(db, userId) });

  let roleId = target.roleId;
  let roleName: RoleName = target.roleName;
  if (input.role !== undefined && input.role !== target.roleId) {
    if (actor.role !== 'ADMIN') {
      throw forbidden(userMessages.roleChangeAdminOnly);
    }
    const role = await findRole(db, input.role);
    if (!role) {
      throw validationError({ role: userMessages.roleUnknown });
    }
    roleId = role.id;
    roleName = role.name;
  }

  const membershipsChange =
    input.collegeId !== undefined || input.gradeId !== undefined || roleName !== target.roleName;
  let gradeIds: string[] | undefined;
  if (membershipsChange) {
    gradeIds = await resolveMemberships({
      db,
      roleName,
      collegeIds: input.collegeId ?? target.collegeIds,
      gradeIds: input.gradeId ?? target.gradeIds,
    });
    await assertTeacherOwnsGrades({ db, actor, gradeIds });
  }
  const newEmail = input.email !== undefined && input.email !== target.email ? input.email : null;
  if (newEmail !== null) {
    // An activated student's e-mail is where their password can be reset: only an administrator
    // may move it, so nobody else can redirect the account to an address of their own.
    if (actor.role !== 'ADMIN' && target.activated) {
      throw forbidden(userMessages.emailChangeAdminOnly);
    }
    await assertEmailFree(db, newEmail, userId);
  }
  // Decoding happens before the transaction opens, so no lock waits on image work.
  const image = options.file ? await processImage(options.file) : undefined;

  await withEmailConflict(() =>
    db.transaction(async (tx) => {
      if (target.roleName === 'ADMIN' && roleName !== 'ADMIN') {
        const admins = await lockAdminIds(tx);
        if (admins.filter((id) => id !== userId).length === 0) {
          throw conflict(userMessages.lastAdmin);
        }
      }
      await tx
        .update(users)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          // Issue 22.5: the database's triggers follow it (who needs a guardian's consent).
          ...(input.birthYear !== undefined ? { birthYear: input.birthYear } : {}),
          roleId,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      if (newEmail !== null) {
        await moveAccountToEmail({ tx, actor, target, newEmail, publicUrl: options.publicUrl });
      }
      if (gradeIds) {
        await tx.delete(userGrades).where(eq(userGrades.userId, userId));
        if (gradeIds.length > 0) {
          await tx.insert(userGrades).values(gradeIds.map((gradeId) => ({ userId, gradeId })));
        }
        if (!sameMembers(gradeIds, target.gradeIds)) {
          await emitEvent(tx, { type: 'user.moved', actor, payload: { userId } });
        }
      }
      if (image) {
        const pictureId = await storeImage({ db: tx, ownerId: userId, image });
        await replaceProfilePicture({ tx, userId, pictureId });
      }
    }),
  );
  if (roleName !== target.roleName) {
    options.security?.({
      event: 'role-change',
      outcome: 'success',
      userId,
      actorId: actor.userId,
      details: { from: target.roleName, to: roleName },
    });
  }
  if (newEmail !== null) {
    options.security?.({
      event: 'email-change',
      outcome: 'success',
      userId,
      actorId: actor.userId,
      details: { invitationResent: String(!target.activated) },
    });
  }
  return (await loadUserView(db, userId))!;
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * What an e-mail change does besides the column (issue 11): the links sent to the old address stop
 * working, every session ends, the old address is told (the `user.email_changed` event: its mail is
 * the users subscriber's), and an account still without a password gets its invitation again at the
 * new address (a secret link: queued here, never through an event's payload).
 */
async function moveAccountToEmail(options: {
  tx: DbOrTx;
  actor: Actor;
  target: UserRecord;
  newEmail: string;
  publicUrl: string;
}): Promise<void> {
  const { tx, target, newEmail } = options;
  const now = new Date();
  await retireOneTimeTokens(tx, target.id, now);
  await revokeUserSessions(tx, target.id, 'email-change', now);
  await emitEvent(tx, {
    type: 'user.email_changed',
    actor: options.actor,
    payload: { userId: target.id, previousEmail: target.email, newEmail },
  });
  if (!target.activated) {
    await queueInvitations({
      db: tx,
      publicUrl: options.publicUrl,
      users: [{ id: target.id, name: target.name, email: newEmail }],
      now,
    });
  }
}
