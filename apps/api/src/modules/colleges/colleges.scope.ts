import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { grades, userGrades } from '../../db/schema';

/**
 * What a teacher may see is derived from their grades: the grades they hold
 * (user_grades) and the schools those grades belong to. Other modules (users,
 * stories) import these helpers so the rule lives in one place.
 */

/** The ids of the grades the user holds, as a subquery for `inArray` (nothing is loaded). */
export function heldGradeIds(db: DbOrTx, userId: string) {
  return db.select({ id: userGrades.gradeId }).from(userGrades).where(eq(userGrades.userId, userId));
}

/** The ids of the grades the user holds (for a teacher: the grades they teach). */
export async function teacherGradeIds(db: DbOrTx, teacherId: string): Promise<Set<string>> {
  const rows = await db
    .select({ gradeId: userGrades.gradeId })
    .from(userGrades)
    .where(eq(userGrades.userId, teacherId));
  return new Set(rows.map((r) => r.gradeId));
}

/** The ids of the schools where the user holds at least one grade. */
export async function teacherCollegeIds(db: DbOrTx, teacherId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, teacherId));
  return new Set(rows.map((r) => r.collegeId));
}

/** The user's grades with their school, for callers that need both at once. */
export async function teacherGrades(
  db: DbOrTx,
  teacherId: string,
): Promise<Array<{ gradeId: string; collegeId: string }>> {
  return db
    .select({ gradeId: grades.id, collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, teacherId));
}

/** The ids of every user (teacher or student) holding one of the given grades. */
export async function userIdsInGrades(db: DbOrTx, gradeIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...gradeIds];
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectDistinct({ userId: userGrades.userId })
    .from(userGrades)
    .where(inArray(userGrades.gradeId, ids));
  return new Set(rows.map((r) => r.userId));
}
