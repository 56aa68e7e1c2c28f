import { asc, eq, inArray } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades, roles, userGrades, users } from '../../db/schema';
import { mediaUrl } from '../media';

/**
 * Users as the API returns them (spec 000 §3): role, schools and grades populated.
 * Unknown ids are simply absent from the map.
 */
export async function loadUserViews(db: DbOrTx, ids: string[]): Promise<Map<string, User>> {
  const result = new Map<string, User>();
  if (ids.length === 0) {
    return result;
  }
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      bio: users.bio,
      phoneNumber: users.phoneNumber,
      birthYear: users.birthYear,
      profilePictureId: users.profilePictureId,
      createdAt: users.createdAt,
      roleId: roles.id,
      roleName: roles.name,
      roleDisplayName: roles.displayName,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
  const memberships = await db
    .select({
      userId: userGrades.userId,
      gradeId: grades.id,
      level: grades.level,
      cicle: grades.cicle,
      gradeName: grades.name,
      collegeId: colleges.id,
      collegeName: colleges.name,
    })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .innerJoin(colleges, eq(colleges.id, grades.collegeId))
    .where(inArray(userGrades.userId, ids))
    .orderBy(asc(colleges.name), asc(grades.cicle), asc(grades.level), asc(grades.name));
  for (const row of rows) {
    result.set(row.id, {
      _id: row.id,
      name: row.name,
      email: row.email,
      bio: row.bio,
      phoneNumber: row.phoneNumber,
      birthYear: row.birthYear,
      profilePicture: row.profilePictureId ? { url: mediaUrl(row.profilePictureId) } : null,
      role: { _id: row.roleId, name: row.roleName, displayName: row.roleDisplayName },
      collegeId: [],
      gradeId: [],
      createdAt: row.createdAt.toISOString(),
    });
  }
  for (const m of memberships) {
    const user = result.get(m.userId);
    if (!user) {
      continue;
    }
    if (!user.collegeId.some((c) => c._id === m.collegeId)) {
      user.collegeId.push({ _id: m.collegeId, name: m.collegeName });
    }
    user.gradeId.push({
      _id: m.gradeId,
      level: m.level,
      cicle: m.cicle,
      name: m.gradeName,
      collegeId: m.collegeId,
    });
  }
  return result;
}

export async function loadUserView(db: DbOrTx, id: string): Promise<User | undefined> {
  return (await loadUserViews(db, [id])).get(id);
}
