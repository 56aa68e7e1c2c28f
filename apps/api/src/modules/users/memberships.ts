import { inArray } from 'drizzle-orm';
import { userMessages, type RoleName } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades } from '../../db/schema';
import { validationError } from '../../lib/errors';

/**
 * Checks a user's schools and grades against their role and returns the grade ids to store
 * (user_grades; the schools derive from the grades):
 * - ADMIN: none (anything sent is dropped: administrators belong to no school);
 * - STUDENT: exactly one school and one grade of that school;
 * - TEACHER: one or more grades, each of a listed school, and every listed school with a grade.
 */
export async function resolveMemberships(options: {
  db: DbOrTx;
  roleName: RoleName;
  collegeIds: string[];
  gradeIds: string[];
}): Promise<string[]> {
  const { db, roleName, collegeIds, gradeIds } = options;
  if (roleName === 'ADMIN') {
    return [];
  }
  const errors: Record<string, string> = {};
  if (collegeIds.length === 0) {
    errors.collegeId = userMessages.collegeRequired;
  } else if (new Set(collegeIds).size !== collegeIds.length) {
    errors.collegeId = userMessages.alreadyInList;
  } else if (roleName === 'STUDENT' && collegeIds.length > 1) {
    errors.collegeId = userMessages.studentOneCollege;
  }
  if (gradeIds.length === 0) {
    errors.gradeId = userMessages.gradeRequired;
  } else if (new Set(gradeIds).size !== gradeIds.length) {
    errors.gradeId = userMessages.alreadyInList;
  } else if (roleName === 'STUDENT' && gradeIds.length > 1) {
    errors.gradeId = userMessages.studentOneGrade;
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  const foundColleges = await db
    .select({ id: colleges.id })
    .from(colleges)
    .where(inArray(colleges.id, collegeIds));
  const foundGrades = await db
    .select({ id: grades.id, collegeId: grades.collegeId })
    .from(grades)
    .where(inArray(grades.id, gradeIds));
  if (foundColleges.length !== collegeIds.length) {
    errors.collegeId = userMessages.collegeUnknown;
  }
  if (foundGrades.length !== gradeIds.length) {
    errors.gradeId = userMessages.gradeUnknown;
  } else if (foundGrades.some((g) => !collegeIds.includes(g.collegeId))) {
    errors.gradeId = userMessages.gradeOutsideCollege;
  }
  if (!errors.collegeId && !errors.gradeId) {
    const withGrade = new Set(foundGrades.map((g) => g.collegeId));
    if (collegeIds.some((id) => !withGrade.has(id))) {
      errors.collegeId = userMessages.collegeWithoutGrade;
    }
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  return gradeIds;
}
