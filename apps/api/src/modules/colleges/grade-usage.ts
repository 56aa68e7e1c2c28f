import { eq, inArray } from 'drizzle-orm';
import type { GradeTeacher } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { roles, userGrades, users } from '../../db/schema';
import { countStoriesByGrade } from '../stories';

/** Who and what hangs off a grade: what the school view counts and what blocks a delete. */
export interface GradeUsage {
  teachers: GradeTeacher[];
  studentIds: Set<string>;
  /** Users of any role holding the grade (an admin never should, but then it still counts as in use). */
  userCount: number;
  storiesCount: number;
}

const emptyUsage = (): GradeUsage => ({ teachers: [], studentIds: new Set(), userCount: 0, storiesCount: 0 });

/** Usage of each of the given grades; every id gets an entry. */
export async function loadGradeUsage(db: DbOrTx, gradeIds: string[]): Promise<Map<string, GradeUsage>> {
  const usage = new Map(gradeIds.map((id) => [id, emptyUsage()]));
  if (gradeIds.length === 0) {
    return usage;
  }
  const members = await db
    .select({
      gradeId: userGrades.gradeId,
      userId: users.id,
      name: users.name,
      email: users.email,
      roleId: roles.id,
      role: roles.name,
    })
    .from(userGrades)
    .innerJoin(users, eq(users.id, userGrades.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(userGrades.gradeId, gradeIds))
    .orderBy(users.name);
  for (const m of members) {
    const u = usage.get(m.gradeId)!;
    u.userCount += 1;
    if (m.role === 'TEACHER') {
      u.teachers.push({ _id: m.userId, name: m.name, email: m.email, role: { _id: m.roleId } });
    } else if (m.role === 'STUDENT') {
      u.studentIds.add(m.userId);
    }
  }
  for (const [gradeId, count] of await countStoriesByGrade(db, gradeIds)) {
    usage.get(gradeId)!.storiesCount = count;
  }
  return usage;
}

/** True when any of the grades has users or fics, so deleting it would lose data. */
export async function gradesInUse(db: DbOrTx, gradeIds: string[]): Promise<boolean> {
  if (gradeIds.length === 0) {
    return false;
  }
  const [member] = await db
    .select({ gradeId: userGrades.gradeId })
    .from(userGrades)
    .where(inArray(userGrades.gradeId, gradeIds))
    .limit(1);
  if (member) {
    return true;
  }
  const stories = await countStoriesByGrade(db, gradeIds);
  return [...stories.values()].some((n) => n > 0);
}
