import { eq, inArray, sql } from 'drizzle-orm';
import { roleNames, userMessages, type RoleName } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { grades, roles, userGrades, users } from '../../db/schema';
import { forbidden, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { teacherGradeIds } from '../colleges';
import { resolveMemberships } from './memberships';

/** The stored facts about a user that access rules and edits need. */
export interface UserRecord {
  id: string;
  email: string;
  roleId: string;
  roleName: RoleName;
  profilePictureId: string | null;
  name: string;
  /** Whether the account has set its password (an invited account has not). */
  activated: boolean;
  gradeIds: string[];
  collegeIds: string[];
}

export async function findUserRecord(db: DbOrTx, userId: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
      profilePictureId: users.profilePictureId,
      name: users.name,
      activated: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) {
    return undefined;
  }
  const memberships = await db
    .select({ gradeId: userGrades.gradeId, collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, userId));
  return {
    ...row,
    gradeIds: memberships.map((m) => m.gradeId),
    collegeIds: [...new Set(memberships.map((m) => m.collegeId))],
  };
}

/** A teacher's students: STUDENT accounts holding one of the teacher's grades. */
export function isStudentOf(target: UserRecord, teacherGrades: Set<string>): boolean {
  return target.roleName === 'STUDENT' && target.gradeIds.some((id) => teacherGrades.has(id));
}

/**
 * Who may see a user: an administrator anyone, a teacher their own students, everyone themselves.
 * Anyone else gets 404, so the answer does not reveal that the account exists.
 */
export async function assertCanView(options: {
  db: DbOrTx;
  actor: Actor;
  target: UserRecord | undefined;
}): Promise<UserRecord> {
  const { db, actor, target } = options;
  if (!target) {
    throw notFound();
  }
  if (actor.role === 'ADMIN' || actor.userId === target.id) {
    return target;
  }
  if (actor.role === 'TEACHER' && isStudentOf(target, await teacherGradeIds(db, actor.userId))) {
    return target;
  }
  throw notFound();
}

/**
 * Who may edit or delete a user from the user list: an administrator anyone, a teacher only their
 * own students. Someone the caller may see but not manage (a teacher themselves) gets 403.
 */
export async function assertCanManage(options: {
  db: DbOrTx;
  actor: Actor;
  target: UserRecord | undefined;
}): Promise<UserRecord> {
  const target = await assertCanView(options);
  const { actor } = options;
  if (actor.role === 'ADMIN') {
    return target;
  }
  if (actor.role === 'TEACHER' && target.id !== actor.userId) {
    return target;
  }
  throw forbidden(userMessages.teacherOwnGradesOnly);
}

export async function findRole(
  db: DbOrTx,
  roleId: string,
): Promise<{ id: string; name: RoleName } | undefined> {
  const [row] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, roleId))
    .limit(1);
  return row;
}

export async function roleIdsByName(db: DbOrTx): Promise<Record<RoleName, string>> {
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...roleNames]));
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<RoleName, string>;
}

/** Refuses, with 403, grades outside the teacher's own (school, grade) pairs. */
export async function assertTeacherOwnsGrades(options: {
  db: DbOrTx;
  actor: Actor;
  gradeIds: string[];
}): Promise<void> {
  if (options.actor.role !== 'TEACHER') {
    return;
  }
  const own = await teacherGradeIds(options.db, options.actor.userId);
  if (options.gradeIds.some((id) => !own.has(id))) {
    throw forbidden(userMessages.teacherOwnGradesOnly);
  }
}

/** Ids of admin accounts, locked until the transaction ends, so two removals cannot both pass. */
export async function lockAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.name, 'ADMIN'))
    .for('update', { of: users });
  return rows.map((r) => r.id);
}

/**
 * Who may open which accounts where (spec 000 §5 New user, §6): administrators any role, teachers
 * only students in their own (school, grade) pairs. Returns the role and the grades the new
 * accounts join. Shared by the single create and the bulk import.
 */
export async function authorizeAccountCreation(options: {
  db: DbOrTx;
  actor: Actor;
  roleId: string;
  collegeIds: string[];
  gradeIds: string[];
}): Promise<{ role: { id: string; name: RoleName }; gradeIds: string[] }> {
  const { db, actor } = options;
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
  const role = await findRole(db, options.roleId);
  if (!role) {
    throw validationError({ role: userMessages.roleUnknown });
  }
  if (actor.role === 'TEACHER' && role.name !== 'STUDENT') {
    throw forbidden(userMessages.teacherCreatesStudentsOnly);
  }
  const gradeIds = await resolveMemberships({
    db,
    roleName: role.name,
    collegeIds: options.collegeIds,
    gradeIds: options.gradeIds,
  });
  await assertTeacherOwnsGrades({ db, actor, gradeIds });
  return { role, gradeIds };
}
